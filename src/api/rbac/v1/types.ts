// rbac.authorization.orch.io/v1: Role, ClusterRole, RoleBinding and ClusterRoleBinding as they
// are on the wire (the shapes of Kubernetes' rbac.authorization.k8s.io/v1).
import type { LabelSelector, LabelSelectorRequirement, ObjectMeta } from '../../meta/v1/types.ts';

export const GROUP = 'rbac.authorization.orch.io';
export const VERSION = 'v1';
/** The name kubectl's built-in commands use for this group. */
export const WIRE_ALIAS_GROUP = 'rbac.authorization.k8s.io';

/** Annotation on bootstrap roles and bindings: "false" stops start-up reconciliation. */
export const AUTOUPDATE_ANNOTATION = 'rbac.authorization.orch.io/autoupdate';

export interface PolicyRule {
  verbs: string[];
  apiGroups?: string[];
  resources?: string[];
  resourceNames?: string[];
  nonResourceURLs?: string[];
}

export type { LabelSelector, LabelSelectorRequirement };

export interface AggregationRule {
  clusterRoleSelectors?: LabelSelector[];
}

export interface Role {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  rules?: PolicyRule[];
  [field: string]: unknown;
}

export interface ClusterRole extends Role {
  aggregationRule?: AggregationRule;
}

export type SubjectKind = 'User' | 'Group' | 'ServiceAccount';

export interface Subject {
  kind: string;
  apiGroup?: string;
  name: string;
  namespace?: string;
}

export interface RoleRef {
  apiGroup: string;
  kind: string;
  name: string;
}

export interface RoleBinding {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  subjects?: Subject[];
  roleRef: RoleRef;
  [field: string]: unknown;
}

export type ClusterRoleBinding = RoleBinding;

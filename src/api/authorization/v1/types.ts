// authorization.orch.io/v1 access reviews as they are on the wire (the shapes of Kubernetes'
// authorization.k8s.io/v1). v1beta1 differs only in naming the groups field `group`.
import type { ObjectMeta } from '../../meta/v1/types.ts';

export const GROUP = 'authorization.orch.io';
/** The name kubectl and Kubernetes webhooks use for this group. */
export const WIRE_ALIAS_GROUP = 'authorization.k8s.io';

export interface FieldSelectorAttributes {
  rawSelector?: string;
  requirements?: unknown[];
}

export interface ResourceAttributes {
  namespace?: string;
  verb?: string;
  group?: string;
  version?: string;
  resource?: string;
  subresource?: string;
  name?: string;
  fieldSelector?: FieldSelectorAttributes;
  labelSelector?: FieldSelectorAttributes;
}

export interface NonResourceAttributes {
  path?: string;
  verb?: string;
}

export interface SubjectAccessReviewSpec {
  resourceAttributes?: ResourceAttributes;
  nonResourceAttributes?: NonResourceAttributes;
  user?: string;
  groups?: string[];
  uid?: string;
  extra?: Record<string, string[]>;
}

export interface SubjectAccessReviewStatus {
  allowed: boolean;
  denied?: boolean;
  reason?: string;
  evaluationError?: string;
}

export interface SubjectAccessReview {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec: SubjectAccessReviewSpec;
  status?: SubjectAccessReviewStatus;
  [field: string]: unknown;
}

export interface SelfSubjectRulesReviewSpec {
  namespace?: string;
}

export interface ResourceRule {
  verbs: string[];
  apiGroups?: string[];
  resources?: string[];
  resourceNames?: string[];
}

export interface NonResourceRule {
  verbs: string[];
  nonResourceURLs?: string[];
}

export interface SubjectRulesReviewStatus {
  resourceRules: ResourceRule[];
  nonResourceRules: NonResourceRule[];
  incomplete: boolean;
  evaluationError?: string;
}

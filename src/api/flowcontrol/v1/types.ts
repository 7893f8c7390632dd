// flowcontrol.apiserver.orch.io/v1: FlowSchema and PriorityLevelConfiguration, as JSON on the wire
// (Kubernetes' flowcontrol.apiserver.k8s.io/v1, brand swapped).
import type { ObjectMeta } from '../../meta/v1/types.ts';

export const FLOWCONTROL_GROUP = 'flowcontrol.apiserver.orch.io';
export const FLOWCONTROL_VERSION = 'v1';
/** "false" stops the server from rewriting a bootstrap object's spec. */
export const AUTOUPDATE_ANNOTATION = 'apf.orch.io/autoupdate-spec';

/** Wildcards of rules and subjects. */
export const VERB_ALL = '*';
export const API_GROUP_ALL = '*';
export const RESOURCE_ALL = '*';
export const NON_RESOURCE_ALL = '*';
export const NAMESPACE_EVERY = '*';
export const NAME_ALL = '*';

export type SubjectKind = 'User' | 'Group' | 'ServiceAccount';

export interface FlowSubject {
  kind: SubjectKind;
  user?: { name: string };
  group?: { name: string };
  serviceAccount?: { namespace: string; name: string };
}

export interface ResourcePolicyRule {
  verbs: string[];
  apiGroups: string[];
  resources: string[];
  clusterScope?: boolean;
  namespaces?: string[];
}

export interface NonResourcePolicyRule {
  verbs: string[];
  nonResourceURLs: string[];
}

export interface PolicyRulesWithSubjects {
  subjects: FlowSubject[];
  resourceRules?: ResourcePolicyRule[];
  nonResourceRules?: NonResourcePolicyRule[];
}

export type FlowDistinguisherMethodType = 'ByUser' | 'ByNamespace';

export interface Condition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

export interface FlowSchemaSpec {
  priorityLevelConfiguration: { name: string };
  matchingPrecedence?: number;
  distinguisherMethod?: { type: FlowDistinguisherMethodType };
  rules?: PolicyRulesWithSubjects[];
}

export interface FlowSchema {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec: FlowSchemaSpec;
  status?: { conditions?: Condition[] };
  [field: string]: unknown;
}

export type PriorityLevelEnablement = 'Exempt' | 'Limited';
export type LimitResponseType = 'Queue' | 'Reject';

export interface QueuingConfiguration {
  queues?: number;
  handSize?: number;
  queueLengthLimit?: number;
}

export interface LimitedPriorityLevelConfiguration {
  nominalConcurrencyShares?: number;
  limitResponse?: { type: LimitResponseType; queuing?: QueuingConfiguration };
  lendablePercent?: number;
  borrowingLimitPercent?: number;
}

export interface ExemptPriorityLevelConfiguration {
  nominalConcurrencyShares?: number;
  lendablePercent?: number;
}

export interface PriorityLevelConfiguration {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec: {
    type: PriorityLevelEnablement;
    limited?: LimitedPriorityLevelConfiguration;
    exempt?: ExemptPriorityLevelConfiguration;
  };
  status?: { conditions?: Condition[] };
  [field: string]: unknown;
}

/** Kubernetes' FlowSchema condition telling a schema whose priority level does not exist. */
export const CONDITION_DANGLING = 'Dangling';

// admissionregistration.orch.io/v1: webhook configurations and admission policies with their
// bindings, as JSON on the wire.
import type { LabelSelector, LabelSelectorRequirement, ObjectMeta } from '../../meta/v1/types.ts';

export const ADMISSIONREGISTRATION_GROUP = 'admissionregistration.orch.io';

export type OperationType = 'CREATE' | 'UPDATE' | 'DELETE' | 'CONNECT' | '*';
export type FailurePolicy = 'Ignore' | 'Fail';
export type MatchPolicy = 'Exact' | 'Equivalent';
export type ScopeType = 'Cluster' | 'Namespaced' | '*';

export type { LabelSelector, LabelSelectorRequirement };

export interface Rule {
  apiGroups?: string[];
  apiVersions?: string[];
  resources?: string[];
  scope?: ScopeType;
}

export interface RuleWithOperations extends Rule {
  operations?: OperationType[];
}

export interface ServiceReference {
  namespace: string;
  name: string;
  path?: string;
  port?: number;
}

export interface WebhookClientConfig {
  url?: string;
  service?: ServiceReference;
  /** Base64 PEM bundle the webhook's serving certificate is verified with. */
  caBundle?: string;
}

export interface MatchCondition {
  name: string;
  expression: string;
}

export interface ValidatingWebhook {
  name: string;
  clientConfig: WebhookClientConfig;
  rules?: RuleWithOperations[];
  failurePolicy?: FailurePolicy;
  matchPolicy?: MatchPolicy;
  namespaceSelector?: LabelSelector;
  objectSelector?: LabelSelector;
  sideEffects?: string;
  timeoutSeconds?: number;
  admissionReviewVersions?: string[];
  matchConditions?: MatchCondition[];
}

export interface MutatingWebhook extends ValidatingWebhook {
  reinvocationPolicy?: 'Never' | 'IfNeeded';
}

export interface ValidatingWebhookConfiguration {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  webhooks?: ValidatingWebhook[];
  [field: string]: unknown;
}

export interface MutatingWebhookConfiguration {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  webhooks?: MutatingWebhook[];
  [field: string]: unknown;
}

export interface NamedRuleWithOperations extends RuleWithOperations {
  resourceNames?: string[];
}

export interface MatchResources {
  namespaceSelector?: LabelSelector;
  objectSelector?: LabelSelector;
  resourceRules?: NamedRuleWithOperations[];
  excludeResourceRules?: NamedRuleWithOperations[];
  matchPolicy?: MatchPolicy;
}

export interface Validation {
  expression: string;
  message?: string;
  reason?: string;
  messageExpression?: string;
}

export interface AuditAnnotation {
  key: string;
  valueExpression: string;
}

export interface Variable {
  name: string;
  expression: string;
}

export interface ParamKind {
  apiVersion?: string;
  kind?: string;
}

export interface ParamRef {
  name?: string;
  namespace?: string;
  selector?: LabelSelector;
  parameterNotFoundAction?: 'Allow' | 'Deny';
}

export interface ExpressionWarning {
  fieldRef: string;
  warning: string;
}

export interface ValidatingAdmissionPolicySpec {
  paramKind?: ParamKind;
  matchConstraints?: MatchResources;
  validations?: Validation[];
  failurePolicy?: FailurePolicy;
  auditAnnotations?: AuditAnnotation[];
  matchConditions?: MatchCondition[];
  variables?: Variable[];
}

export interface ValidatingAdmissionPolicy {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec: ValidatingAdmissionPolicySpec;
  status?: { observedGeneration?: number; typeChecking?: { expressionWarnings?: ExpressionWarning[] }; conditions?: unknown[] };
  [field: string]: unknown;
}

export type ValidationAction = 'Deny' | 'Warn' | 'Audit';

export interface ValidatingAdmissionPolicyBinding {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec: { policyName?: string; paramRef?: ParamRef; matchResources?: MatchResources; validationActions?: ValidationAction[] };
  [field: string]: unknown;
}

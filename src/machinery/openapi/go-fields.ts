// How Kubernetes' Go structs encode each built-in definition, which OpenAPI does not publish:
// the fields in declaration order (Go's encoder writes them so) and their `json` tags as written in
// kubernetes/api and apimachinery, `name,omitempty`, with `*` before a pointer field (a pointer's
// zero is kept, nil is left out; a non-pointer metav1.Time is written as null when zero), and after
// a space the named Go type a decoding error names where the schema cannot say it. An
// inlined struct (`json:",inline"`, TypeMeta) is spelled out where it sits. The schema engine
// reads this when it builds a kind's structural schema (schema/from-openapi.ts).
import { COORDINATION_V1 } from './cluster-kind-schemas.ts';
import { CORE_V1, EVENTS_V1, META_V1 } from './names.ts';
import { GO_PACKAGES } from './packages.ts';
import { packageGoFields } from './go-structs.ts';

const meta = (n: string) => `${META_V1}.${n}`;
const core = (n: string) => `${CORE_V1}.${n}`;
const ev = (n: string) => `${EVENTS_V1}.${n}`;
const coord = (n: string) => `${COORDINATION_V1}.${n}`;
const rbac = (n: string) => `io.orch.api.rbac.v1.${n}`;
const adm = (n: string) => `io.orch.api.admissionregistration.v1.${n}`;
const admBeta = (n: string) => `io.orch.api.admissionregistration.v1beta1.${n}`;
const flow = (n: string) => `io.orch.api.flowcontrol.v1.${n}`;
const authz = (n: string) => `io.orch.api.authorization.v1.${n}`;
const authn = (n: string) => `io.orch.api.authentication.v1.${n}`;

/** metav1.TypeMeta, inlined in every kind. */
const TYPE_META = ['kind,omitempty', 'apiVersion,omitempty'];
/** TypeMeta and `ObjectMeta json:"metadata,omitempty"`. */
const OBJECT = [...TYPE_META, 'metadata,omitempty'];
/** A list kind: TypeMeta, `ListMeta json:"metadata,omitempty"`, items. */
const LIST = [...TYPE_META, 'metadata,omitempty', 'items'];

// Shared by admissionregistration v1 and v1beta1.
const RULE = ['apiGroups,omitempty', 'apiVersions,omitempty', 'resources,omitempty', '*scope,omitempty'];
const RULE_WITH_OPERATIONS = ['operations,omitempty', ...RULE];
const NAMED_RULE_WITH_OPERATIONS = ['resourceNames,omitempty', ...RULE_WITH_OPERATIONS];
const MATCH_RESOURCES = ['*namespaceSelector,omitempty', '*objectSelector,omitempty', 'resourceRules,omitempty', 'excludeResourceRules,omitempty', '*matchPolicy,omitempty'];
const PARAM_REF = ['name,omitempty', 'namespace,omitempty', '*selector,omitempty', '*parameterNotFoundAction,omitempty'];
const WEBHOOK = [
  'name', 'clientConfig', 'rules,omitempty', '*failurePolicy,omitempty', '*matchPolicy,omitempty', '*namespaceSelector,omitempty',
  '*objectSelector,omitempty', '*sideEffects', '*timeoutSeconds,omitempty', 'admissionReviewVersions',
];
const CONDITION = ['type,omitempty', 'status,omitempty', 'lastTransitionTime,omitempty', 'reason,omitempty', 'message,omitempty'];

/** Definition name → its Go struct's fields, in declaration order. */
/** The structs no Go package declaration in go-structs.ts describes, written out here. */
const DECLARED_HERE: Readonly<Record<string, readonly string[]>> = {
  [meta('ObjectMeta')]: [
    'name,omitempty', 'generateName,omitempty', 'namespace,omitempty', 'selfLink,omitempty', 'uid,omitempty', 'resourceVersion,omitempty',
    'generation,omitempty', 'creationTimestamp,omitempty', '*deletionTimestamp,omitempty', '*deletionGracePeriodSeconds,omitempty',
    'labels,omitempty', 'annotations,omitempty', 'ownerReferences,omitempty', 'finalizers,omitempty', 'managedFields,omitempty',
  ],
  [meta('ListMeta')]: ['selfLink,omitempty', 'resourceVersion,omitempty', 'continue,omitempty', '*remainingItemCount,omitempty'],
  [meta('OwnerReference')]: ['apiVersion', 'kind', 'name', 'uid', '*controller,omitempty', '*blockOwnerDeletion,omitempty'],
  [meta('ManagedFieldsEntry')]: [
    'manager,omitempty', 'operation,omitempty', 'apiVersion,omitempty', '*time,omitempty', 'fieldsType,omitempty', '*fieldsV1,omitempty', 'subresource,omitempty',
  ],
  [meta('Condition')]: ['type', 'status', 'observedGeneration,omitempty', 'lastTransitionTime', 'reason', 'message'],
  [meta('Preconditions')]: ['*uid,omitempty', '*resourceVersion,omitempty'],
  [meta('StatusCause')]: ['reason,omitempty', 'message,omitempty', 'field,omitempty'],
  [meta('StatusDetails')]: ['name,omitempty', 'group,omitempty', 'kind,omitempty', 'uid,omitempty', 'causes,omitempty', 'retryAfterSeconds,omitempty'],
  [meta('Status')]: [...TYPE_META, 'metadata,omitempty', 'status,omitempty', 'message,omitempty', 'reason,omitempty', '*details,omitempty', 'code,omitempty'],
  [meta('DeleteOptions')]: [
    ...TYPE_META, '*gracePeriodSeconds,omitempty', '*preconditions,omitempty', '*orphanDependents,omitempty', '*propagationPolicy,omitempty',
    'dryRun,omitempty', '*ignoreStoreReadErrorWithClusterBreakingPotential,omitempty',
  ],
  [meta('WatchEvent')]: ['type', 'object'],
  [meta('LabelSelector')]: ['matchLabels,omitempty', 'matchExpressions,omitempty'],
  [meta('LabelSelectorRequirement')]: ['key', 'operator', 'values,omitempty'],
  [meta('FieldSelectorRequirement')]: ['key', 'operator', 'values,omitempty'],

  [core('ObjectReference')]: ['kind,omitempty', 'namespace,omitempty', 'name,omitempty', 'uid,omitempty', 'apiVersion,omitempty', 'resourceVersion,omitempty', 'fieldPath,omitempty'],
  [core('LocalObjectReference')]: ['name,omitempty'],
  [core('EventSource')]: ['component,omitempty', 'host,omitempty'],
  [core('EventSeries')]: ['count,omitempty', 'lastObservedTime,omitempty'],
  [core('Event')]: [
    ...TYPE_META, 'metadata', 'involvedObject', 'reason,omitempty', 'message,omitempty', 'source,omitempty', 'firstTimestamp,omitempty',
    'lastTimestamp,omitempty', 'count,omitempty', 'type,omitempty', 'eventTime,omitempty', '*series,omitempty', 'action,omitempty',
    '*related,omitempty', 'reportingComponent', 'reportingInstance',
  ],
  [core('EventList')]: LIST,
  [core('Secret')]: [...OBJECT, '*immutable,omitempty', 'data,omitempty', 'stringData,omitempty', 'type,omitempty'],
  [core('SecretList')]: LIST,
  [core('ServiceAccount')]: [...OBJECT, 'secrets,omitempty', 'imagePullSecrets,omitempty', '*automountServiceAccountToken,omitempty'],
  [core('ServiceAccountList')]: LIST,
  [core('NamespaceSpec')]: ['finalizers,omitempty'],
  [core('NamespaceStatus')]: ['phase,omitempty', 'conditions,omitempty'],
  [core('NamespaceCondition')]: ['type', 'status', 'lastTransitionTime,omitempty', 'reason,omitempty', 'message,omitempty'],
  [core('Namespace')]: [...OBJECT, 'spec,omitempty', 'status,omitempty'],
  [core('NamespaceList')]: LIST,
  [core('ConfigMap')]: [...OBJECT, '*immutable,omitempty', 'data,omitempty', 'binaryData,omitempty'],
  [core('ConfigMapList')]: LIST,
  [core('EndpointAddress')]: ['ip', 'hostname,omitempty', '*nodeName,omitempty', '*targetRef,omitempty'],
  [core('EndpointPort')]: ['name,omitempty', 'port', 'protocol,omitempty', '*appProtocol,omitempty'],
  [core('EndpointSubset')]: ['addresses,omitempty', 'notReadyAddresses,omitempty', 'ports,omitempty'],
  [core('Endpoints')]: [...OBJECT, 'subsets,omitempty'],
  [core('EndpointsList')]: LIST,
  [core('ComponentCondition')]: ['type', 'status', 'message,omitempty', 'error,omitempty'],
  [core('ComponentStatus')]: [...OBJECT, 'conditions,omitempty'],
  [core('ComponentStatusList')]: LIST,

  [ev('EventSeries')]: ['count', 'lastObservedTime'],
  [ev('Event')]: [
    ...OBJECT, 'eventTime', '*series,omitempty', 'reportingController,omitempty', 'reportingInstance,omitempty', 'action,omitempty',
    'reason,omitempty', 'regarding,omitempty', '*related,omitempty', 'note,omitempty', 'type,omitempty', 'deprecatedSource,omitempty',
    'deprecatedFirstTimestamp,omitempty', 'deprecatedLastTimestamp,omitempty', 'deprecatedCount,omitempty',
  ],
  [ev('EventList')]: LIST,

  [coord('LeaseSpec')]: [
    '*holderIdentity,omitempty', '*leaseDurationSeconds,omitempty', '*acquireTime,omitempty', '*renewTime,omitempty',
    '*leaseTransitions,omitempty', '*strategy,omitempty', '*preferredHolder,omitempty',
  ],
  [coord('Lease')]: [...OBJECT, 'spec,omitempty'],
  [coord('LeaseList')]: LIST,

  [rbac('PolicyRule')]: ['verbs', 'apiGroups,omitempty', 'resources,omitempty', 'resourceNames,omitempty', 'nonResourceURLs,omitempty'],
  [rbac('Subject')]: ['kind', 'apiGroup,omitempty', 'name', 'namespace,omitempty'],
  [rbac('RoleRef')]: ['apiGroup', 'kind', 'name'],
  [rbac('AggregationRule')]: ['clusterRoleSelectors,omitempty'],
  [rbac('Role')]: [...OBJECT, 'rules'],
  [rbac('ClusterRole')]: [...OBJECT, 'rules', '*aggregationRule,omitempty'],
  [rbac('RoleBinding')]: [...OBJECT, 'subjects,omitempty', 'roleRef'],
  [rbac('ClusterRoleBinding')]: [...OBJECT, 'subjects,omitempty', 'roleRef'],
  [rbac('RoleList')]: LIST,
  [rbac('ClusterRoleList')]: LIST,
  [rbac('RoleBindingList')]: LIST,
  [rbac('ClusterRoleBindingList')]: LIST,

  [adm('RuleWithOperations')]: RULE_WITH_OPERATIONS,
  [adm('NamedRuleWithOperations')]: NAMED_RULE_WITH_OPERATIONS,
  [adm('MatchResources')]: MATCH_RESOURCES,
  [adm('MatchCondition')]: ['name', 'expression'],
  [adm('ParamKind')]: ['apiVersion,omitempty', 'kind,omitempty'],
  [adm('ParamRef')]: PARAM_REF,
  [adm('Variable')]: ['name', 'expression'],
  [adm('ServiceReference')]: ['namespace', 'name', '*path,omitempty', '*port,omitempty'],
  [adm('WebhookClientConfig')]: ['*url,omitempty', '*service,omitempty', 'caBundle,omitempty'],
  [adm('ValidatingWebhook')]: [...WEBHOOK, 'matchConditions,omitempty'],
  [adm('MutatingWebhook')]: [...WEBHOOK, '*reinvocationPolicy,omitempty', 'matchConditions,omitempty'],
  [adm('ValidatingWebhookConfiguration')]: [...OBJECT, 'webhooks,omitempty'],
  [adm('MutatingWebhookConfiguration')]: [...OBJECT, 'webhooks,omitempty'],
  [adm('Validation')]: ['expression', 'message,omitempty', '*reason,omitempty', 'messageExpression,omitempty'],
  [adm('AuditAnnotation')]: ['key', 'valueExpression'],
  [adm('ValidatingAdmissionPolicySpec')]: [
    '*paramKind,omitempty', '*matchConstraints,omitempty', 'validations,omitempty', '*failurePolicy,omitempty', 'auditAnnotations,omitempty',
    'matchConditions,omitempty', 'variables,omitempty',
  ],
  [adm('ValidatingAdmissionPolicy')]: [...OBJECT, 'spec', 'status,omitempty'],
  [adm('ExpressionWarning')]: ['fieldRef', 'warning'],
  [adm('TypeChecking')]: ['expressionWarnings,omitempty'],
  [adm('ValidatingAdmissionPolicyStatus')]: ['observedGeneration,omitempty', '*typeChecking,omitempty', 'conditions,omitempty'],
  [adm('ValidatingAdmissionPolicyBindingSpec')]: ['policyName,omitempty', '*paramRef,omitempty', '*matchResources,omitempty', 'validationActions,omitempty'],
  [adm('ValidatingAdmissionPolicyBinding')]: [...OBJECT, 'spec'],

  [admBeta('NamedRuleWithOperations')]: NAMED_RULE_WITH_OPERATIONS,
  [admBeta('MatchResources')]: MATCH_RESOURCES,
  [admBeta('MatchCondition')]: ['name', 'expression'],
  [admBeta('ParamKind')]: ['apiVersion,omitempty', 'kind,omitempty'],
  [admBeta('ParamRef')]: PARAM_REF,
  [admBeta('Variable')]: ['name', 'expression'],
  [admBeta('ApplyConfiguration')]: ['expression,omitempty'],
  [admBeta('JSONPatch')]: ['expression,omitempty'],
  [admBeta('Mutation')]: ['patchType', '*applyConfiguration,omitempty', '*jsonPatch,omitempty'],
  [admBeta('MutatingAdmissionPolicySpec')]: [
    '*paramKind,omitempty', '*matchConstraints,omitempty', 'variables,omitempty', 'mutations,omitempty', '*failurePolicy,omitempty',
    'matchConditions,omitempty', 'reinvocationPolicy,omitempty',
  ],
  [admBeta('MutatingAdmissionPolicy')]: [...OBJECT, 'spec'],
  [admBeta('MutatingAdmissionPolicyBindingSpec')]: ['policyName,omitempty', '*paramRef,omitempty', '*matchResources,omitempty'],
  [admBeta('MutatingAdmissionPolicyBinding')]: [...OBJECT, 'spec'],

  [flow('FlowSchema')]: [...OBJECT, 'spec,omitempty', 'status,omitempty'],
  [flow('FlowSchemaSpec')]: ['priorityLevelConfiguration', 'matchingPrecedence,omitempty', '*distinguisherMethod,omitempty', 'rules,omitempty'],
  [flow('FlowDistinguisherMethod')]: ['type'],
  [flow('PriorityLevelConfigurationReference')]: ['name'],
  [flow('PolicyRulesWithSubjects')]: ['subjects', 'resourceRules,omitempty', 'nonResourceRules,omitempty'],
  [flow('Subject')]: ['kind', '*user,omitempty', '*group,omitempty', '*serviceAccount,omitempty'],
  [flow('UserSubject')]: ['name'],
  [flow('GroupSubject')]: ['name'],
  [flow('ServiceAccountSubject')]: ['namespace', 'name'],
  [flow('ResourcePolicyRule')]: ['verbs', 'apiGroups', 'resources', 'clusterScope,omitempty', 'namespaces'],
  [flow('NonResourcePolicyRule')]: ['verbs', 'nonResourceURLs'],
  [flow('FlowSchemaStatus')]: ['conditions,omitempty'],
  [flow('FlowSchemaCondition')]: CONDITION,
  [flow('PriorityLevelConfiguration')]: [...OBJECT, 'spec,omitempty', 'status,omitempty'],
  [flow('PriorityLevelConfigurationSpec')]: ['type', '*limited,omitempty', '*exempt,omitempty'],
  [flow('LimitedPriorityLevelConfiguration')]: ['*nominalConcurrencyShares', 'limitResponse,omitempty', '*lendablePercent,omitempty', '*borrowingLimitPercent,omitempty'],
  [flow('LimitResponse')]: ['type', '*queuing,omitempty'],
  [flow('QueuingConfiguration')]: ['queues,omitempty', 'handSize,omitempty', 'queueLengthLimit,omitempty'],
  [flow('ExemptPriorityLevelConfiguration')]: ['*nominalConcurrencyShares,omitempty', '*lendablePercent,omitempty'],
  [flow('PriorityLevelConfigurationStatus')]: ['conditions,omitempty'],
  [flow('PriorityLevelConfigurationCondition')]: CONDITION,

  [authz('FieldSelectorAttributes')]: ['rawSelector,omitempty', 'requirements,omitempty'],
  [authz('LabelSelectorAttributes')]: ['rawSelector,omitempty', 'requirements,omitempty'],
  [authz('ResourceAttributes')]: [
    'namespace,omitempty', 'verb,omitempty', 'group,omitempty', 'version,omitempty', 'resource,omitempty', 'subresource,omitempty',
    'name,omitempty', '*fieldSelector,omitempty', '*labelSelector,omitempty',
  ],
  [authz('NonResourceAttributes')]: ['path,omitempty', 'verb,omitempty'],
  [authz('SubjectAccessReviewSpec')]: ['*resourceAttributes,omitempty', '*nonResourceAttributes,omitempty', 'user,omitempty', 'groups,omitempty', 'extra,omitempty', 'uid,omitempty'],
  [authz('SelfSubjectAccessReviewSpec')]: ['*resourceAttributes,omitempty', '*nonResourceAttributes,omitempty'],
  [authz('SelfSubjectRulesReviewSpec')]: ['namespace,omitempty'],
  [authz('SubjectAccessReviewStatus')]: ['allowed', 'denied,omitempty', 'reason,omitempty', 'evaluationError,omitempty'],
  [authz('ResourceRule')]: ['verbs', 'apiGroups,omitempty', 'resources,omitempty', 'resourceNames,omitempty'],
  [authz('NonResourceRule')]: ['verbs', 'nonResourceURLs,omitempty'],
  [authz('SubjectRulesReviewStatus')]: ['resourceRules', 'nonResourceRules', 'incomplete', 'evaluationError,omitempty'],
  [authz('SubjectAccessReview')]: [...OBJECT, 'spec', 'status,omitempty'],
  [authz('LocalSubjectAccessReview')]: [...OBJECT, 'spec', 'status,omitempty'],
  [authz('SelfSubjectAccessReview')]: [...OBJECT, 'spec', 'status,omitempty'],
  [authz('SelfSubjectRulesReview')]: [...OBJECT, 'spec', 'status,omitempty'],

  [authn('TokenReviewSpec')]: ['token,omitempty', 'audiences,omitempty'],
  [authn('UserInfo')]: ['username,omitempty', 'uid,omitempty', 'groups,omitempty', 'extra,omitempty'],
  [authn('TokenReviewStatus')]: ['authenticated,omitempty', 'user,omitempty', 'audiences,omitempty', 'error,omitempty'],
  [authn('SelfSubjectReviewStatus')]: ['userInfo,omitempty'],
  [authn('TokenReview')]: [...OBJECT, 'spec', 'status,omitempty'],
  [authn('SelfSubjectReview')]: [...OBJECT, 'status,omitempty'],
  [authn('BoundObjectReference')]: ['kind,omitempty', 'apiVersion,omitempty', 'name,omitempty', 'uid,omitempty'],
  [authn('TokenRequestSpec')]: ['audiences', '*expirationSeconds,omitempty', '*boundObjectRef,omitempty'],
  [authn('TokenRequestStatus')]: ['token', 'expirationTimestamp'],
  [authn('TokenRequest')]: [...OBJECT, 'spec', 'status,omitempty'],
};

/** metav1.ObjectMeta's fields, which the store orders metadata by. */
export const OBJECT_META_GO_FIELDS: readonly string[] = DECLARED_HERE[meta('ObjectMeta')]!;

const byPrefix = new Map<string, Readonly<Record<string, readonly string[]>>>();

/**
 * The fields of definition `name`, or undefined when it is not a struct. Flattening a Go package's
 * declarations takes a few ms (~10 for all of them), so each package is flattened when one of its
 * definitions is first asked for.
 */
export function goFieldsOf(name: string): readonly string[] | undefined {
  const declared = DECLARED_HERE[name];
  if (declared) return declared;
  const prefix = name.slice(0, name.lastIndexOf('.'));
  let fields = byPrefix.get(prefix);
  if (!fields) {
    fields = Object.assign({}, ...GO_PACKAGES.filter((p) => p.prefix === prefix).map(packageGoFields)) as Record<string, readonly string[]>;
    byPrefix.set(prefix, fields);
  }
  return fields[name];
}

// admissionregistration.orch.io definitions: webhook configurations and admission policies
// (v1), and mutating admission policies (v1beta1).
import { META_V1 } from './names.ts';
import { int32, int64, object, refArray, refProp, str, stringList, type Dialect, type Schema } from './schema-builder.ts';
import { API_VERSION_DOC as apiVersionDoc, KIND_DOC as kindDoc } from './list-schema.ts';

export const ADMISSION_V1 = 'io.orch.api.admissionregistration.v1';
export const ADMISSION_V1BETA1 = 'io.orch.api.admissionregistration.v1beta1';

const GROUP = 'admissionregistration.orch.io';
const meta = (n: string) => `${META_V1}.${n}`;
const v1 = (n: string) => `${ADMISSION_V1}.${n}`;
const beta = (n: string) => `${ADMISSION_V1BETA1}.${n}`;

const atomic = { 'x-kubernetes-list-type': 'atomic' };

function kind(d: Dialect, version: string, name: string, doc: string, props: Record<string, Schema>): Schema {
  return object(
    doc,
    { apiVersion: str(apiVersionDoc), kind: str(kindDoc), metadata: refProp(d, meta('ObjectMeta'), 'Standard object metadata.', true), ...props },
    { gvk: [{ group: GROUP, kind: name, version }] },
  );
}

function ruleProps(): Record<string, Schema> {
  return {
    apiGroups: stringList('API groups the resources belong to; "*" for all.', atomic),
    apiVersions: stringList('API versions the resources belong to; "*" for all.', atomic),
    operations: stringList('CREATE, UPDATE, DELETE, CONNECT or "*".', atomic),
    resources: stringList('Resources (and "resource/subresource") this rule applies to.', atomic),
    scope: str('Cluster, Namespaced or "*".'),
  };
}

function webhookProps(d: Dialect): Record<string, Schema> {
  return {
    admissionReviewVersions: stringList('AdmissionReview versions the webhook accepts, in order of preference.', atomic),
    clientConfig: refProp(d, v1('WebhookClientConfig'), 'How to reach the webhook.', true),
    failurePolicy: str('Ignore or Fail: what an error calling the webhook means.'),
    matchConditions: refArray(d, v1('MatchCondition'), 'CEL conditions a request must meet to be sent to the webhook.', {
      'x-kubernetes-list-map-keys': ['name'],
      'x-kubernetes-list-type': 'map',
      'x-kubernetes-patch-merge-key': 'name',
      'x-kubernetes-patch-strategy': 'merge',
    }),
    matchPolicy: str('Exact or Equivalent: how rules match requests for other versions of a resource.'),
    name: str('The webhook name, qualified by a domain.', { default: '' }),
    namespaceSelector: refProp(d, meta('LabelSelector'), 'Namespaces whose objects are sent to the webhook.'),
    objectSelector: refProp(d, meta('LabelSelector'), 'Objects, by their labels, sent to the webhook.'),
    rules: refArray(d, v1('RuleWithOperations'), 'The operations and resources the webhook cares about.', atomic),
    sideEffects: str('None or NoneOnDryRun.'),
    timeoutSeconds: int32('Seconds the call may take, 1 to 30.'),
  };
}

function matchResources(d: Dialect, ns: (n: string) => string): Schema {
  return object(
    'Which requests a policy or binding applies to.',
    {
      excludeResourceRules: refArray(d, ns('NamedRuleWithOperations'), 'Operations and resources the policy never applies to.', atomic),
      matchPolicy: str('Exact or Equivalent.'),
      namespaceSelector: refProp(d, meta('LabelSelector'), 'Namespaces of the objects the policy applies to.'),
      objectSelector: refProp(d, meta('LabelSelector'), 'Labels of the objects the policy applies to.'),
      resourceRules: refArray(d, ns('NamedRuleWithOperations'), 'Operations and resources the policy applies to.', atomic),
    },
    { extra: { 'x-kubernetes-map-type': 'atomic' } },
  );
}

/** Parts both versions declare alike, under the version's own definition names. */
function sharedParts(d: Dialect, ns: (n: string) => string): Record<string, Schema> {
  return {
    [ns('MatchCondition')]: object('A named CEL condition.', { expression: str('CEL expression evaluating to a bool.', { default: '' }), name: str('Name of the condition.', { default: '' }) }, { required: ['name', 'expression'] }),
    [ns('NamedRuleWithOperations')]: object(
      'Operations and resources, optionally restricted to names.',
      { ...ruleProps(), resourceNames: stringList('Names the rule is restricted to; empty means every name.', atomic) },
      { extra: { 'x-kubernetes-map-type': 'atomic' } },
    ),
    [ns('MatchResources')]: matchResources(d, ns),
    [ns('ParamKind')]: object('The kind of the policy parameters.', { apiVersion: str('API version of the parameter kind.'), kind: str('Kind of the parameters.') }, { extra: { 'x-kubernetes-map-type': 'atomic' } }),
    [ns('ParamRef')]: object(
      'How a binding finds the parameters of its policy.',
      {
        name: str('Name of the parameter object.'),
        namespace: str('Namespace of the parameter objects.'),
        parameterNotFoundAction: str('Allow or Deny when no parameters are found.'),
        selector: refProp(d, meta('LabelSelector'), 'Labels of the parameter objects.'),
      },
      { extra: { 'x-kubernetes-map-type': 'atomic' } },
    ),
    [ns('Variable')]: object('A named CEL expression other expressions may use.', { expression: str('CEL expression.', { default: '' }), name: str('Name of the variable.', { default: '' }) }, { required: ['name', 'expression'], extra: { 'x-kubernetes-map-type': 'atomic' } }),
  };
}

export function admissionSchemas(d: Dialect): Record<string, Schema> {
  return {
    ...sharedParts(d, v1),
    ...sharedParts(d, beta),
    [v1('ServiceReference')]: object(
      'A service in the cluster that serves a webhook.',
      {
        name: str('Name of the service.', { default: '' }),
        namespace: str('Namespace of the service.', { default: '' }),
        path: str('URL path requests are sent to.'),
        port: int32('Port of the service, 443 by default.'),
      },
      { required: ['namespace', 'name'] },
    ),
    [v1('WebhookClientConfig')]: object('How to reach a webhook: a URL or a service.', {
      caBundle: str('PEM CA bundle to verify the webhook server certificate.', { format: 'byte' }),
      service: refProp(d, v1('ServiceReference'), 'The service serving the webhook.'),
      url: str('URL of the webhook, https://host[:port]/path.'),
    }),
    [v1('RuleWithOperations')]: object('Operations and resources a webhook cares about.', ruleProps()),
    [v1('ValidatingWebhook')]: object('A validating admission webhook.', webhookProps(d), { required: ['name', 'clientConfig', 'sideEffects', 'admissionReviewVersions'] }),
    [v1('MutatingWebhook')]: object(
      'A mutating admission webhook.',
      { ...webhookProps(d), reinvocationPolicy: str('Never or IfNeeded: whether the webhook runs again after later mutations.') },
      { required: ['name', 'clientConfig', 'sideEffects', 'admissionReviewVersions'] },
    ),
    [v1('ValidatingWebhookConfiguration')]: kind(d, 'v1', 'ValidatingWebhookConfiguration', 'Validating admission webhooks.', {
      webhooks: refArray(d, v1('ValidatingWebhook'), 'The webhooks.', { 'x-kubernetes-list-map-keys': ['name'], 'x-kubernetes-list-type': 'map', 'x-kubernetes-patch-merge-key': 'name', 'x-kubernetes-patch-strategy': 'merge' }),
    }),
    [v1('MutatingWebhookConfiguration')]: kind(d, 'v1', 'MutatingWebhookConfiguration', 'Mutating admission webhooks.', {
      webhooks: refArray(d, v1('MutatingWebhook'), 'The webhooks.', { 'x-kubernetes-list-map-keys': ['name'], 'x-kubernetes-list-type': 'map', 'x-kubernetes-patch-merge-key': 'name', 'x-kubernetes-patch-strategy': 'merge' }),
    }),
    [v1('Validation')]: object(
      'A CEL validation of a policy.',
      {
        expression: str('CEL expression that must evaluate to true.', { default: '' }),
        message: str('Message returned when the validation fails.'),
        messageExpression: str('CEL expression producing the message.'),
        reason: str('Reason returned when the validation fails.'),
      },
      { required: ['expression'] },
    ),
    [v1('AuditAnnotation')]: object('An audit annotation a policy adds.', { key: str('Annotation key.', { default: '' }), valueExpression: str('CEL expression producing the value.', { default: '' }) }, { required: ['key', 'valueExpression'] }),
    [v1('ValidatingAdmissionPolicySpec')]: object('What a validating admission policy checks, and on which requests.', {
      auditAnnotations: refArray(d, v1('AuditAnnotation'), 'Audit annotations added when the policy is evaluated.', atomic),
      failurePolicy: str('Ignore or Fail: what an error evaluating the policy means.'),
      matchConditions: refArray(d, v1('MatchCondition'), 'CEL conditions a request must meet.', { 'x-kubernetes-list-map-keys': ['name'], 'x-kubernetes-list-type': 'map' }),
      matchConstraints: refProp(d, v1('MatchResources'), 'The requests the policy applies to.'),
      paramKind: refProp(d, v1('ParamKind'), 'The kind of the parameters.'),
      validations: refArray(d, v1('Validation'), 'The CEL validations.', atomic),
      variables: refArray(d, v1('Variable'), 'Variables the expressions may use.', atomic),
    }),
    [v1('ValidatingAdmissionPolicy')]: kind(d, 'v1', 'ValidatingAdmissionPolicy', 'A policy of CEL validations applied to requests.', {
      spec: refProp(d, v1('ValidatingAdmissionPolicySpec'), 'The policy.', true),
      status: refProp(d, v1('ValidatingAdmissionPolicyStatus'), 'The observed state of the policy, set by the server.', true),
    }),
    [v1('ExpressionWarning')]: object(
      'A problem type checking found in one expression.',
      {
        fieldRef: str('Path of the field holding the expression, e.g. spec.validations[0].expression.', { default: '' }),
        warning: str('What type checking found.', { default: '' }),
      },
      { required: ['fieldRef', 'warning'] },
    ),
    [v1('TypeChecking')]: object('The results of type checking the expressions of a policy.', {
      expressionWarnings: refArray(d, v1('ExpressionWarning'), 'The problems found, one per expression.', atomic),
    }),
    [v1('ValidatingAdmissionPolicyStatus')]: object('The observed state of a validating admission policy.', {
      conditions: refArray(d, `${META_V1}.Condition`, 'The latest observations of the state of the policy.', { 'x-kubernetes-list-map-keys': ['type'], 'x-kubernetes-list-type': 'map' }),
      observedGeneration: int64('The generation type checking last looked at.'),
      typeChecking: refProp(d, v1('TypeChecking'), 'The results of type checking the expressions.'),
    }),
    [v1('ValidatingAdmissionPolicyBindingSpec')]: object('Which policy a binding applies, with which parameters, to which requests.', {
      matchResources: refProp(d, v1('MatchResources'), 'Requests the binding restricts the policy to.'),
      paramRef: refProp(d, v1('ParamRef'), 'Where the parameters are.'),
      policyName: str('The policy bound.'),
      validationActions: stringList('Deny, Warn and/or Audit.', { 'x-kubernetes-list-type': 'set' }),
    }),
    [v1('ValidatingAdmissionPolicyBinding')]: kind(d, 'v1', 'ValidatingAdmissionPolicyBinding', 'Binds a validating admission policy to parameters and requests.', {
      spec: refProp(d, v1('ValidatingAdmissionPolicyBindingSpec'), 'The binding.', true),
    }),
    [beta('ApplyConfiguration')]: object('A CEL expression producing an apply configuration.', { expression: str('CEL expression.') }, { extra: { 'x-kubernetes-map-type': 'atomic' } }),
    [beta('JSONPatch')]: object('A CEL expression producing JSON patch operations.', { expression: str('CEL expression.') }, { extra: { 'x-kubernetes-map-type': 'atomic' } }),
    [beta('Mutation')]: object(
      'One mutation of a mutating admission policy.',
      {
        applyConfiguration: refProp(d, beta('ApplyConfiguration'), 'The apply configuration, for patchType ApplyConfiguration.'),
        jsonPatch: refProp(d, beta('JSONPatch'), 'The JSON patch, for patchType JSONPatch.'),
        patchType: str('ApplyConfiguration or JSONPatch.', { default: '' }),
      },
      { required: ['patchType'] },
    ),
    [beta('MutatingAdmissionPolicySpec')]: object('What a mutating admission policy changes, and on which requests.', {
      failurePolicy: str('Ignore or Fail.'),
      matchConditions: refArray(d, beta('MatchCondition'), 'CEL conditions a request must meet.', { 'x-kubernetes-list-map-keys': ['name'], 'x-kubernetes-list-type': 'map' }),
      matchConstraints: refProp(d, beta('MatchResources'), 'The requests the policy applies to.'),
      mutations: refArray(d, beta('Mutation'), 'The mutations, applied in order.', atomic),
      paramKind: refProp(d, beta('ParamKind'), 'The kind of the parameters.'),
      reinvocationPolicy: str('Never or IfNeeded.'),
      variables: refArray(d, beta('Variable'), 'Variables the expressions may use.', atomic),
    }),
    [beta('MutatingAdmissionPolicy')]: kind(d, 'v1beta1', 'MutatingAdmissionPolicy', 'A policy of CEL mutations applied to requests.', {
      spec: refProp(d, beta('MutatingAdmissionPolicySpec'), 'The policy.', true),
    }),
    [beta('MutatingAdmissionPolicyBindingSpec')]: object('Which policy a binding applies, with which parameters, to which requests.', {
      matchResources: refProp(d, beta('MatchResources'), 'Requests the binding restricts the policy to.'),
      paramRef: refProp(d, beta('ParamRef'), 'Where the parameters are.'),
      policyName: str('The policy bound.'),
    }),
    [beta('MutatingAdmissionPolicyBinding')]: kind(d, 'v1beta1', 'MutatingAdmissionPolicyBinding', 'Binds a mutating admission policy to parameters and requests.', {
      spec: refProp(d, beta('MutatingAdmissionPolicyBindingSpec'), 'The binding.', true),
    }),
  };
}

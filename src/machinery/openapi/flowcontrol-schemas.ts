// flowcontrol.apiserver.orch.io/v1 definitions: FlowSchema and PriorityLevelConfiguration.
import { META_V1 } from './names.ts';
import { bool, int32, object, refArray, refProp, str, stringList, type Dialect, type Schema } from './schema-builder.ts';
import { API_VERSION_DOC as apiVersionDoc, KIND_DOC as kindDoc } from './list-schema.ts';

export const FLOWCONTROL_V1 = 'io.orch.api.flowcontrol.v1';

const GROUP = 'flowcontrol.apiserver.orch.io';
const meta = (n: string) => `${META_V1}.${n}`;
const fc = (n: string) => `${FLOWCONTROL_V1}.${n}`;
const atomic = { 'x-kubernetes-list-type': 'atomic' };

function kind(d: Dialect, name: string, doc: string): Schema {
  return object(
    doc,
    {
      apiVersion: str(apiVersionDoc),
      kind: str(kindDoc),
      metadata: refProp(d, meta('ObjectMeta'), 'Standard object metadata.', true),
      spec: refProp(d, fc(`${name}Spec`), 'What the object asks for.', true),
      status: refProp(d, fc(`${name}Status`), 'Its observed state.', true),
    },
    { gvk: [{ group: GROUP, kind: name, version: 'v1' }] },
  );
}

const name = (doc: string) => object(doc, { name: str('The name.', { default: '' }) }, { required: ['name'] });

export function flowcontrolSchemas(d: Dialect): Record<string, Schema> {
  // Each kind has its own condition and status definitions, as Kubernetes names them.
  const condition = (kind: string) =>
    object(`A condition of a ${kind}.`, {
      lastTransitionTime: refProp(d, meta('Time'), 'When the status last changed.'),
      message: str('Human-readable details.'),
      reason: str('Machine-readable reason.'),
      status: str('True, False or Unknown.'),
      type: str('Type of the condition.'),
    });
  const status = (kind: string) =>
    object(`The observed state of a ${kind}.`, {
      conditions: refArray(d, fc(`${kind}Condition`), 'Current state conditions.', {
        'x-kubernetes-list-map-keys': ['type'],
        'x-kubernetes-list-type': 'map',
        'x-kubernetes-patch-merge-key': 'type',
        'x-kubernetes-patch-strategy': 'merge',
      }),
    });
  return {
    [fc('FlowSchemaCondition')]: condition('FlowSchema'),
    [fc('PriorityLevelConfigurationCondition')]: condition('PriorityLevelConfiguration'),
    [fc('FlowSchemaStatus')]: status('FlowSchema'),
    [fc('PriorityLevelConfigurationStatus')]: status('PriorityLevelConfiguration'),
    [fc('UserSubject')]: name('A user, by name.'),
    [fc('GroupSubject')]: name('A group, by name.'),
    [fc('PriorityLevelConfigurationReference')]: name('A priority level, by name.'),
    [fc('ServiceAccountSubject')]: object('A service account.', { name: str('Name; "*" for all.', { default: '' }), namespace: str('Namespace.', { default: '' }) }, { required: ['namespace', 'name'] }),
    [fc('Subject')]: object(
      'Who a flow schema rule matches.',
      {
        group: refProp(d, fc('GroupSubject'), 'The group, for kind Group.'),
        kind: str('User, Group or ServiceAccount.', { default: '' }),
        serviceAccount: refProp(d, fc('ServiceAccountSubject'), 'The service account, for kind ServiceAccount.'),
        user: refProp(d, fc('UserSubject'), 'The user, for kind User.'),
      },
      { required: ['kind'] },
    ),
    [fc('ResourcePolicyRule')]: object(
      'Resource requests a rule matches.',
      {
        apiGroups: stringList('API groups; "*" for all.', { 'x-kubernetes-list-type': 'set' }),
        clusterScope: bool('Whether cluster-scoped requests match.'),
        namespaces: stringList('Namespaces; "*" for all.', { 'x-kubernetes-list-type': 'set' }),
        resources: stringList('Resources; "*" for all.', { 'x-kubernetes-list-type': 'set' }),
        verbs: stringList('Verbs; "*" for all.', { 'x-kubernetes-list-type': 'set' }),
      },
      { required: ['verbs', 'apiGroups', 'resources'] },
    ),
    [fc('NonResourcePolicyRule')]: object(
      'Non-resource requests a rule matches.',
      { nonResourceURLs: stringList('URL paths; "*" for all.', { 'x-kubernetes-list-type': 'set' }), verbs: stringList('Verbs; "*" for all.', { 'x-kubernetes-list-type': 'set' }) },
      { required: ['verbs', 'nonResourceURLs'] },
    ),
    [fc('PolicyRulesWithSubjects')]: object(
      'Subjects and the requests of theirs a flow schema matches.',
      {
        nonResourceRules: refArray(d, fc('NonResourcePolicyRule'), 'Non-resource rules.', atomic),
        resourceRules: refArray(d, fc('ResourcePolicyRule'), 'Resource rules.', atomic),
        subjects: refArray(d, fc('Subject'), 'The subjects.', atomic),
      },
      { required: ['subjects'] },
    ),
    [fc('FlowDistinguisherMethod')]: object('How requests are split into flows.', { type: str('ByUser or ByNamespace.', { default: '' }) }, { required: ['type'] }),
    [fc('FlowSchemaSpec')]: object(
      'Which requests a flow schema matches and the priority level it sends them to.',
      {
        distinguisherMethod: refProp(d, fc('FlowDistinguisherMethod'), 'How matching requests are split into flows.'),
        matchingPrecedence: int32('Lower values match first.'),
        priorityLevelConfiguration: refProp(d, fc('PriorityLevelConfigurationReference'), 'The priority level of matching requests.', true),
        rules: refArray(d, fc('PolicyRulesWithSubjects'), 'The rules; a request matching any of them matches.', atomic),
      },
      { required: ['priorityLevelConfiguration'] },
    ),
    [fc('FlowSchema')]: kind(d, 'FlowSchema', 'Sends matching requests to a priority level.'),
    [fc('QueuingConfiguration')]: object('How requests queue.', {
      handSize: int32('Queues a flow is shuffle-sharded to.'),
      queueLengthLimit: int32('Requests a queue may hold.'),
      queues: int32('Number of queues.'),
    }),
    [fc('LimitResponse')]: object(
      'What happens to a request that cannot run at once.',
      { queuing: refProp(d, fc('QueuingConfiguration'), 'Queuing parameters, for type Queue.'), type: str('Queue or Reject.', { default: '' }) },
      { required: ['type'] },
    ),
    [fc('LimitedPriorityLevelConfiguration')]: object('A priority level whose concurrency is limited.', {
      borrowingLimitPercent: int32('How much it may borrow, as a percentage of its nominal concurrency.'),
      lendablePercent: int32('How much of its concurrency others may borrow.'),
      limitResponse: refProp(d, fc('LimitResponse'), 'What happens to requests over the limit.', true),
      nominalConcurrencyShares: int32('Its share of the server concurrency limit.'),
    }),
    [fc('ExemptPriorityLevelConfiguration')]: object('A priority level exempt from limits.', {
      lendablePercent: int32('How much of its concurrency others may borrow.'),
      nominalConcurrencyShares: int32('Its share of the server concurrency limit.'),
    }),
    [fc('PriorityLevelConfigurationSpec')]: object(
      'How requests of a priority level are limited.',
      {
        exempt: refProp(d, fc('ExemptPriorityLevelConfiguration'), 'Parameters for type Exempt.'),
        limited: refProp(d, fc('LimitedPriorityLevelConfiguration'), 'Parameters for type Limited.'),
        type: str('Exempt or Limited.', { default: '' }),
      },
      { required: ['type'] },
    ),
    [fc('PriorityLevelConfiguration')]: kind(d, 'PriorityLevelConfiguration', 'A priority level of API Priority and Fairness.'),
  };
}

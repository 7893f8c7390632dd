// Sample objects of every kind served as protobuf, for the wire fixtures: each field of each
// message set at least once, zero values where a field keeps them (or drops them), and bare
// objects where Go writes non-pointer fields anyway.

const fullMeta = {
  name: 'n1',
  generateName: 'n-',
  namespace: 'team',
  selfLink: '/x',
  uid: '5f0c6a1e-0000-4000-8000-000000000001',
  resourceVersion: '42',
  generation: 3,
  creationTimestamp: '2026-01-02T03:04:05Z',
  deletionTimestamp: '2026-01-02T03:09:05Z',
  deletionGracePeriodSeconds: 30,
  labels: { app: 'web', tier: 'a' },
  annotations: { note: 'x', 'example.com/y': '' },
  ownerReferences: [
    { apiVersion: 'v1', kind: 'Pod', name: 'p', uid: 'u1', controller: true, blockOwnerDeletion: false },
    { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'rs', uid: 'u2' },
  ],
  finalizers: ['f1', 'example.com/f2'],
  managedFields: [
    {
      manager: 'kubectl',
      operation: 'Apply',
      apiVersion: 'v1',
      time: '2026-01-02T03:04:05Z',
      fieldsType: 'FieldsV1',
      fieldsV1: { 'f:metadata': { 'f:labels': { 'f:app': {} } } },
      subresource: 'status',
    },
    { manager: 'm', operation: 'Update', fieldsType: 'FieldsV1', fieldsV1: {} },
  ],
};

const listMeta = { selfLink: '/l', resourceVersion: '9', continue: 'tok', remainingItemCount: 12 };
const ref = { kind: 'Pod', namespace: 'team', name: 'p', uid: 'u1', apiVersion: 'v1', resourceVersion: '7', fieldPath: 'spec.containers{a}' };
const selector = { matchLabels: { a: 'b' }, matchExpressions: [{ key: 'k', operator: 'In', values: ['x', 'y'] }, { key: 'e', operator: 'Exists' }] };
const userInfo = { username: 'alice', uid: 'u', groups: ['dev', 'ops'], extra: { scopes: ['a', 'b'], empty: [] } };

const eventV1 = {
  metadata: fullMeta,
  eventTime: '2026-01-02T03:04:05.123456Z',
  series: { count: 4, lastObservedTime: '2026-01-02T03:05:06.000007Z' },
  reportingController: 'orch.io/test',
  reportingInstance: 'test-1',
  action: 'Pull',
  reason: 'Pulled',
  regarding: ref,
  related: { kind: 'Node', name: 'n1' },
  note: 'pulled image',
  type: 'Normal',
  deprecatedSource: { component: 'kubelet', host: 'n1' },
  deprecatedFirstTimestamp: '2026-01-02T03:04:05Z',
  deprecatedLastTimestamp: '2026-01-02T03:04:06Z',
  deprecatedCount: 2,
};

const coreEvent = {
  metadata: fullMeta,
  involvedObject: ref,
  reason: 'Pulled',
  message: 'pulled image',
  source: { component: 'kubelet', host: 'n1' },
  firstTimestamp: '2026-01-02T03:04:05Z',
  lastTimestamp: '2026-01-02T03:04:06Z',
  count: 2,
  type: 'Warning',
  eventTime: '2026-01-02T03:04:05.000001Z',
  series: { count: 0, lastObservedTime: '2026-01-02T03:05:06.100000Z' },
  action: 'Pull',
  related: { kind: 'Node', name: 'n1' },
  reportingComponent: 'kubelet',
  reportingInstance: 'n1',
};

const rule = { verbs: ['get', 'list'], apiGroups: [''], resources: ['configmaps'], resourceNames: ['a'], nonResourceURLs: ['/healthz'] };
const subjects = [
  { kind: 'User', apiGroup: 'rbac.authorization.orch.io', name: 'alice' },
  { kind: 'ServiceAccount', apiGroup: '', name: 'robot', namespace: 'default' },
];
const roleRef = { apiGroup: 'rbac.authorization.orch.io', kind: 'Role', name: 'r' };
const resourceAttributes = {
  namespace: 'ns',
  verb: 'list',
  group: 'apps',
  version: 'v1',
  resource: 'deployments',
  subresource: 'scale',
  name: 'web',
  fieldSelector: { rawSelector: 'metadata.name=web', requirements: [{ key: 'metadata.name', operator: 'In', values: ['web'] }] },
  labelSelector: { rawSelector: 'app', requirements: [{ key: 'app', operator: 'Exists' }] },
};
const sarSpec = { resourceAttributes, nonResourceAttributes: { path: '/healthz', verb: 'get' }, user: 'bob', groups: ['dev'], extra: { k: ['v'] }, uid: 'u-1' };
const lease = {
  metadata: { name: 'orch-controller-manager', namespace: 'orch-system' },
  spec: {
    holderIdentity: 'node-1_abc',
    leaseDurationSeconds: 15,
    acquireTime: '2026-01-02T03:04:05.123456Z',
    renewTime: '2026-01-02T03:04:06.000001Z',
    leaseTransitions: 3,
    strategy: 'OldestEmulationVersion',
    preferredHolder: 'node-2',
  },
};

type Sample = { name: string; object: Record<string, unknown> };

const obj = (apiVersion: string, kind: string, rest: Record<string, unknown>) => ({ apiVersion, kind, ...rest });

export const protobufSamples: readonly Sample[] = [
  { name: 'events/v1 Event, every field', object: obj('events.orch.io/v1', 'Event', eventV1) },
  { name: 'events/v1 Event, Kubernetes group, bare', object: obj('events.k8s.io/v1', 'Event', { metadata: {} }) },
  { name: 'events/v1 Event, zero values', object: obj('events.orch.io/v1', 'Event', { metadata: { name: '' }, note: '', deprecatedCount: 0, series: { count: 0 } }) },
  { name: 'events/v1 EventList', object: obj('events.orch.io/v1', 'EventList', { metadata: listMeta, items: [eventV1, { metadata: { name: 'b' } }] }) },
  { name: 'events/v1 EventList, empty', object: obj('events.k8s.io/v1', 'EventList', { metadata: {}, items: [] }) },
  { name: 'core Event, every field', object: obj('v1', 'Event', coreEvent) },
  { name: 'core Event, bare', object: obj('v1', 'Event', { metadata: { name: 'e' } }) },
  { name: 'core Event, zero values', object: obj('v1', 'Event', { metadata: {}, involvedObject: {}, count: 0, reportingComponent: '', firstTimestamp: null }) },
  { name: 'core EventList', object: obj('v1', 'EventList', { metadata: listMeta, items: [coreEvent, { metadata: { name: 'b' } }] }) },
  {
    name: 'Status, every field',
    object: obj('v1', 'Status', {
      metadata: listMeta,
      status: 'Failure',
      message: 'm',
      reason: 'Invalid',
      details: { name: 'x', group: 'g', kind: 'K', uid: 'u', causes: [{ reason: 'FieldValueInvalid', message: 'bad', field: 'spec.a' }, {}], retryAfterSeconds: 3 },
      code: 422,
    }),
  },
  { name: 'Status, zero code', object: obj('v1', 'Status', { metadata: {}, status: 'Success', code: 0, details: { retryAfterSeconds: 0 } }) },
  {
    name: 'Secret, every field',
    object: obj('v1', 'Secret', { metadata: fullMeta, data: { a: 'aGVsbG8=', empty: '' }, type: 'Opaque', stringData: { s: 'plain' }, immutable: true }),
  },
  { name: 'Secret, zero values', object: obj('v1', 'Secret', { metadata: { name: 's' }, immutable: false, type: '' }) },
  { name: 'SecretList', object: obj('v1', 'SecretList', { metadata: listMeta, items: [{ metadata: { name: 's' }, data: { k: 'dg==' } }] }) },
  {
    name: 'ServiceAccount, every field',
    object: obj('v1', 'ServiceAccount', { metadata: fullMeta, secrets: [ref, {}], imagePullSecrets: [{ name: 'pull' }, {}], automountServiceAccountToken: false }),
  },
  { name: 'ServiceAccountList', object: obj('v1', 'ServiceAccountList', { metadata: {}, items: [{ metadata: { name: 'default' } }] }) },
  {
    name: 'TokenRequest, every field',
    object: obj('authentication.k8s.io/v1', 'TokenRequest', {
      metadata: { name: 'sa', namespace: 'team' },
      spec: { audiences: ['api', 'vault'], boundObjectRef: { kind: 'Secret', apiVersion: 'v1', name: 's', uid: 'u' }, expirationSeconds: 3600 },
      status: { token: 'eyJ.x.y', expirationTimestamp: '2026-01-02T04:04:05Z' },
    }),
  },
  { name: 'TokenRequest, bare', object: obj('authentication.orch.io/v1', 'TokenRequest', { metadata: {}, spec: { audiences: [] }, status: { token: '' } }) },
  {
    name: 'Namespace, every field',
    object: obj('v1', 'Namespace', {
      metadata: fullMeta,
      spec: { finalizers: ['kubernetes'] },
      status: { phase: 'Terminating', conditions: [{ type: 'NamespaceDeletionContentFailure', status: 'False', lastTransitionTime: '2026-01-02T03:04:05Z', reason: 'R', message: 'M' }] },
    }),
  },
  { name: 'Namespace, bare', object: obj('v1', 'Namespace', { metadata: { name: 'x' }, spec: {}, status: {} }) },
  { name: 'NamespaceList', object: obj('v1', 'NamespaceList', { metadata: listMeta, items: [{ metadata: { name: 'a' }, status: { phase: 'Active' } }] }) },
  {
    name: 'ConfigMap, every field',
    object: obj('v1', 'ConfigMap', { metadata: fullMeta, data: { a: 'b', e: '' }, binaryData: { bin: 'AAEC' }, immutable: true }),
  },
  { name: 'ConfigMapList', object: obj('v1', 'ConfigMapList', { metadata: {}, items: [{ metadata: { name: 'a' }, data: {} }] }) },
  { name: 'Role', object: obj('rbac.authorization.orch.io/v1', 'Role', { metadata: fullMeta, rules: [rule, { verbs: [] }] }) },
  { name: 'RoleList', object: obj('rbac.authorization.k8s.io/v1', 'RoleList', { metadata: listMeta, items: [{ metadata: { name: 'r' }, rules: [rule] }] }) },
  {
    name: 'ClusterRole',
    object: obj('rbac.authorization.k8s.io/v1', 'ClusterRole', { metadata: { name: 'c' }, rules: [rule], aggregationRule: { clusterRoleSelectors: [selector, {}] } }),
  },
  { name: 'ClusterRoleList', object: obj('rbac.authorization.orch.io/v1', 'ClusterRoleList', { metadata: {}, items: [{ metadata: { name: 'c' } }] }) },
  { name: 'RoleBinding', object: obj('rbac.authorization.orch.io/v1', 'RoleBinding', { metadata: { name: 'b', namespace: 'default' }, subjects, roleRef }) },
  { name: 'RoleBindingList', object: obj('rbac.authorization.orch.io/v1', 'RoleBindingList', { metadata: {}, items: [{ metadata: { name: 'b' }, roleRef: {} }] }) },
  { name: 'ClusterRoleBinding', object: obj('rbac.authorization.k8s.io/v1', 'ClusterRoleBinding', { metadata: { name: 'x' }, subjects: [subjects[0]], roleRef }) },
  { name: 'ClusterRoleBindingList', object: obj('rbac.authorization.k8s.io/v1', 'ClusterRoleBindingList', { metadata: listMeta, items: [{ metadata: { name: 'x' }, subjects, roleRef }] }) },
  {
    name: 'TokenReview, every field',
    object: obj('authentication.k8s.io/v1', 'TokenReview', { metadata: {}, spec: { token: 't', audiences: ['api'] }, status: { authenticated: true, user: userInfo, error: 'x', audiences: ['api'] } }),
  },
  { name: 'TokenReview, zero values', object: obj('authentication.orch.io/v1', 'TokenReview', { metadata: {}, spec: {}, status: { authenticated: false, user: {} } }) },
  { name: 'SelfSubjectReview', object: obj('authentication.k8s.io/v1', 'SelfSubjectReview', { metadata: { creationTimestamp: '2026-01-02T03:04:05Z' }, status: { userInfo } }) },
  {
    name: 'SubjectAccessReview, every field',
    object: obj('authorization.orch.io/v1', 'SubjectAccessReview', { metadata: {}, spec: sarSpec, status: { allowed: true, reason: 'RBAC', evaluationError: 'e', denied: true } }),
  },
  { name: 'SubjectAccessReview, zero values', object: obj('authorization.k8s.io/v1', 'SubjectAccessReview', { metadata: {}, spec: {}, status: { allowed: false, denied: false } }) },
  { name: 'LocalSubjectAccessReview', object: obj('authorization.k8s.io/v1', 'LocalSubjectAccessReview', { metadata: { namespace: 'ns' }, spec: sarSpec, status: { allowed: false } }) },
  {
    name: 'SelfSubjectAccessReview',
    object: obj('authorization.k8s.io/v1', 'SelfSubjectAccessReview', { metadata: {}, spec: { resourceAttributes, nonResourceAttributes: { path: '/x', verb: 'get' } }, status: { allowed: true } }),
  },
  {
    name: 'SelfSubjectRulesReview',
    object: obj('authorization.k8s.io/v1', 'SelfSubjectRulesReview', {
      metadata: {},
      spec: { namespace: 'team' },
      status: {
        resourceRules: [{ verbs: ['create'], apiGroups: ['authorization.orch.io'], resources: ['selfsubjectaccessreviews'], resourceNames: ['n'] }],
        nonResourceRules: [{ verbs: ['get'], nonResourceURLs: ['/version'] }],
        incomplete: false,
        evaluationError: '[a, b]',
      },
    }),
  },
  { name: 'Lease, every field', object: obj('coordination.k8s.io/v1', 'Lease', lease) },
  { name: 'Lease, zero values', object: obj('coordination.orch.io/v1', 'Lease', { metadata: { name: 'l' }, spec: { holderIdentity: '', leaseDurationSeconds: 0, leaseTransitions: 0, strategy: '', preferredHolder: '' } }) },
  { name: 'LeaseList', object: obj('coordination.orch.io/v1', 'LeaseList', { metadata: listMeta, items: [lease, { metadata: { name: 'b' }, spec: {} }] }) },
];

/** Watch events, framed as a protobuf watch stream carries them. */
export const watchSamples: readonly { type: string; object: Record<string, unknown> }[] = [
  { type: 'ADDED', object: obj('events.orch.io/v1', 'Event', eventV1) },
  { type: 'MODIFIED', object: obj('v1', 'Event', coreEvent) },
  { type: 'BOOKMARK', object: obj('coordination.orch.io/v1', 'Lease', { metadata: { resourceVersion: '12' } }) },
  { type: 'ERROR', object: obj('v1', 'Status', { metadata: {}, status: 'Failure', reason: 'Expired', code: 410 }) },
];

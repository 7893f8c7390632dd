// The RBAC, review and Lease messages: bodies exactly as kubectl sends them decode, and the kinds
// round-trip through the envelope with the apiVersion the client used.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeProtobuf, encodeProtobuf, supportsProtobuf } from './protobuf.ts';
import { StatusError } from '../status.ts';

const hex = (s: string) => Buffer.from(s.replace(/\s+/g, ''), 'hex');

test('kubectl auth can-i create configmaps: the SelfSubjectAccessReview kubectl sends decodes', () => {
  const body = hex(`6b387300 0a32 0a17 617574686f72697a6174696f6e2e6b38732e696f2f7631 1217 53656c665375626a6563744163636573735265766965
    77 1245 0a10 0a00 1200 1a00 2200 2a00 3200 3800 4200 1227 0a25 0a07 64656661756c74 1206 637265617465 1a00 2200
    2a0a 636f6e6669676d617073 3200 3a00 1a08 0800 1200 1a00 2000 1a00 2200`);
  assert.deepEqual(decodeProtobuf(body), {
    apiVersion: 'authorization.k8s.io/v1',
    kind: 'SelfSubjectAccessReview',
    metadata: {},
    spec: { resourceAttributes: { namespace: 'default', verb: 'create', resource: 'configmaps' } },
    // allowed is not omitempty in the Go type: kept even when false.
    status: { allowed: false },
  });
});

test('kubectl auth whoami and can-i --list: SelfSubjectReview and SelfSubjectRulesReview decode', () => {
  const whoami = hex(`6b387300 0a2d 0a18 61757468656e7469636174696f6e2e6b38732e696f2f7631 1211 53656c665375626a656374526576696577
    121a 0a10 0a00 1200 1a00 2200 2a00 3200 3800 4200 1206 0a04 0a00 1200 1a00 2200`);
  assert.deepEqual(decodeProtobuf(whoami), { apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview', metadata: {} });
  const rules = hex(`6b387300 0a31 0a17 617574686f72697a6174696f6e2e6b38732e696f2f7631 1216 53656c665375626a65637452756c6573526576696577
    1220 0a10 0a00 1200 1a00 2200 2a00 3200 3800 4200 1206 0a04 7465616d 1a04 1800 2200 1a00 2200`);
  assert.deepEqual(decodeProtobuf(rules), {
    apiVersion: 'authorization.k8s.io/v1',
    kind: 'SelfSubjectRulesReview',
    metadata: {},
    spec: { namespace: 'team' },
    status: { incomplete: false },
  });
});

test('RBAC kinds round-trip at the Kubernetes group name, aggregation selectors included', () => {
  const clusterRole = {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'ClusterRole',
    metadata: { name: 'monitoring', labels: { 'rbac.example.com/aggregate-to-monitoring': 'true' } },
    rules: [
      { verbs: ['get', 'list'], apiGroups: [''], resources: ['configmaps'], resourceNames: ['a'] },
      { verbs: ['get'], nonResourceURLs: ['/healthz', '/version'] },
    ],
    aggregationRule: {
      clusterRoleSelectors: [
        { matchLabels: { 'rbac.example.com/aggregate-to-monitoring': 'true' } },
        { matchExpressions: [{ key: 'tier', operator: 'In', values: ['a', 'b'] }] },
      ],
    },
  };
  assert.deepEqual(decodeProtobuf(encodeProtobuf(clusterRole)), clusterRole);
  const binding = {
    apiVersion: 'rbac.authorization.orch.io/v1',
    kind: 'RoleBinding',
    metadata: { name: 'b', namespace: 'default' },
    subjects: [
      { kind: 'User', apiGroup: 'rbac.authorization.orch.io', name: 'alice' },
      { kind: 'ServiceAccount', name: 'robot', namespace: 'default' },
    ],
    roleRef: { apiGroup: 'rbac.authorization.orch.io', kind: 'Role', name: 'r' },
  };
  assert.deepEqual(decodeProtobuf(encodeProtobuf(binding)), binding);
  const list = {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'ClusterRoleBindingList',
    metadata: { resourceVersion: '7' },
    items: [{ metadata: { name: 'x' }, subjects: [{ kind: 'Group', apiGroup: 'rbac.authorization.k8s.io', name: 'system:masters' }], roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'cluster-admin' } }],
  };
  assert.deepEqual(decodeProtobuf(encodeProtobuf(list)), list);
  for (const kind of ['Role', 'RoleList', 'ClusterRoleList', 'RoleBindingList', 'ClusterRoleBinding', 'NamespaceList', 'ConfigMapList', 'SecretList', 'ServiceAccountList']) {
    assert.ok(supportsProtobuf(kind), kind);
  }
});

test('reviews with extra values: ExtraValue maps are string arrays in JSON', () => {
  const sar = {
    apiVersion: 'authorization.orch.io/v1',
    kind: 'SubjectAccessReview',
    metadata: {},
    spec: {
      resourceAttributes: {
        namespace: 'ns',
        verb: 'list',
        group: 'apps',
        version: 'v1',
        resource: 'deployments',
        subresource: 'scale',
        name: 'web',
        fieldSelector: { rawSelector: 'metadata.name=web', requirements: [{ key: 'metadata.name', operator: 'In', values: ['web'] }] },
        labelSelector: { requirements: [{ key: 'app', operator: 'Exists' }] },
      },
      user: 'bob',
      groups: ['dev'],
      extra: { scopes: ['a', 'b'], 'example.org/x': ['1'] },
      uid: 'u-1',
    },
    status: { allowed: true, reason: 'RBAC: allowed', evaluationError: 'e', denied: false },
  };
  const back = decodeProtobuf(encodeProtobuf(sar)) as Record<string, any>;
  // denied: false is omitempty in Go and so dropped; everything else survives.
  assert.deepEqual(back, { ...sar, status: { allowed: true, reason: 'RBAC: allowed', evaluationError: 'e' } });
  const tokenReview = {
    apiVersion: 'authentication.k8s.io/v1',
    kind: 'TokenReview',
    metadata: {},
    spec: { token: 't', audiences: ['api'] },
    status: { authenticated: true, user: { username: 'alice', uid: 'u', groups: ['dev'], extra: { k: ['v'] } }, audiences: ['api'], error: 'x' },
  };
  assert.deepEqual(decodeProtobuf(encodeProtobuf(tokenReview)), tokenReview);
  const rules = {
    apiVersion: 'authorization.k8s.io/v1',
    kind: 'SelfSubjectRulesReview',
    metadata: {},
    spec: { namespace: 'team' },
    status: {
      resourceRules: [{ verbs: ['create'], apiGroups: ['authorization.orch.io'], resources: ['selfsubjectaccessreviews'] }],
      nonResourceRules: [{ verbs: ['get'], nonResourceURLs: ['/version'] }],
      incomplete: true,
      evaluationError: '[a, b]',
    },
  };
  assert.deepEqual(decodeProtobuf(encodeProtobuf(rules)), rules);
});

test('a Lease keeps zero values of its pointer fields, and its microsecond times', () => {
  const lease = {
    apiVersion: 'coordination.k8s.io/v1',
    kind: 'Lease',
    metadata: { name: 'orch-controller-manager', namespace: 'orch-system' },
    spec: {
      holderIdentity: 'node-1_abc',
      leaseDurationSeconds: 15,
      acquireTime: '2026-01-02T03:04:05.123456Z',
      renewTime: '2026-01-02T03:04:06.000001Z',
      leaseTransitions: 0,
    },
  };
  assert.deepEqual(decodeProtobuf(encodeProtobuf(lease)), lease);
  const list = { apiVersion: 'coordination.orch.io/v1', kind: 'LeaseList', metadata: {}, items: [{ metadata: { name: 'a' }, spec: { strategy: 'OldestEmulationVersion', preferredHolder: '' } }] };
  assert.deepEqual(decodeProtobuf(encodeProtobuf(list)), list);
});

test('a kind without messages is refused by name; a review truncated mid-field is a 400', () => {
  const other = encodeProtobuf({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role', metadata: { name: 'r' } });
  // Rewrite the kind in the envelope (same length) to one the codec does not know.
  const renamed = Buffer.from(other.toString('latin1').replace('\x12\x04Role', '\x12\x04Nope'), 'latin1');
  assert.throws(
    () => decodeProtobuf(renamed),
    (e: unknown) => e instanceof StatusError && e.code === 400 && e.message === 'no kind "Nope" is registered for version "rbac.authorization.k8s.io/v1"',
  );
  const review = encodeProtobuf({ apiVersion: 'authorization.k8s.io/v1', kind: 'SelfSubjectAccessReview', metadata: {}, spec: { resourceAttributes: { verb: 'get', resource: 'pods' } } });
  assert.throws(() => decodeProtobuf(review.subarray(0, review.length - 3)), (e: unknown) => e instanceof StatusError && e.code === 400);
  assert.throws(() => encodeProtobuf({ apiVersion: 'v1', kind: 'RangeAllocation', metadata: {} }), (e: unknown) => e instanceof StatusError && e.code === 406);
});

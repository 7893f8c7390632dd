import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ApiObject } from '../../../../api/meta/v1/types.ts';
import { isStatusError } from '../../../../machinery/status.ts';
import type { Authorizer } from '../../../../machinery/authorization/types.ts';
import type { StoredObjects } from '../../stored-objects.ts';
import type { AdmissionAttributes } from '../../types.ts';
import { nodeRestriction } from './plugin.ts';

const NODE = { name: 'system:node:n1', uid: '', groups: ['system:nodes', 'system:authenticated'] };

function stored(objects: Record<string, ApiObject>): StoredObjects {
  return {
    serves: () => true,
    get: async <T extends ApiObject>(group: string, resource: string, namespace: string, name: string) => objects[`${group}/${resource}/${namespace}/${name}`] as T | undefined,
    list: async () => [],
  };
}

const runningPod = (name: string, nodeName: string, extra: Record<string, unknown> = {}) => ({ metadata: { name, namespace: 'default', uid: `uid-${name}` }, spec: { nodeName, containers: [{ name: 'c' }], ...extra } });

const objects = stored({
  '/nodes//n1': { metadata: { name: 'n1', uid: 'node-uid' } },
  '/pods/default/mine': runningPod('mine', 'n1', { volumes: [{ name: 't', projected: { sources: [{ serviceAccountToken: { audience: 'vault', path: 't' } }] } }] }),
  '/pods/default/theirs': runningPod('theirs', 'n2'),
});

function attrs(resource: string, operation: AdmissionAttributes['operation'], over: Partial<AdmissionAttributes> = {}): AdmissionAttributes {
  const [group, plural] = resource.includes('/') ? resource.split('/') : ['', resource];
  return {
    operation,
    resource: { group: group!, version: 'v1', resource: plural! },
    subresource: '',
    kind: { group: group!, version: 'v1', kind: 'X' },
    namespace: 'default',
    name: '',
    dryRun: false,
    userInfo: NODE,
    ...over,
  };
}

async function refusal(plugin: ReturnType<typeof nodeRestriction>, a: AdmissionAttributes): Promise<string> {
  try {
    await plugin.admit!(a);
  } catch (err) {
    assert.ok(isStatusError(err), String(err));
    return `${err.code} ${err.message}`;
  }
  return 'allowed';
}

const plugin = nodeRestriction({ objects: () => objects });

test('only node identities are restricted; a node without a name is refused', async () => {
  assert.equal(await refusal(plugin, attrs('nodes', 'UPDATE', { name: 'n2', userInfo: { name: 'alice', uid: '', groups: [] } })), 'allowed');
  assert.equal(await refusal(plugin, attrs('nodes', 'UPDATE', { name: 'n2', userInfo: { name: 'system:node:', uid: '', groups: ['system:nodes'] } })), '403 nodes "n2" is forbidden: could not determine node from user "system:node:"');
});

test('mirror pods only: annotated, bound to the node, owned by it, referring to nothing', async () => {
  const mirror = (over: Record<string, unknown> = {}, spec: Record<string, unknown> = {}) => ({
    metadata: { name: 'static', namespace: 'default', annotations: { 'orch.io/config.mirror': 'hash' }, ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name: 'n1', uid: 'node-uid', controller: true }], ...over },
    spec: { nodeName: 'n1', containers: [{ name: 'c' }], ...spec },
  });
  const create = (object: object) => refusal(plugin, attrs('pods', 'CREATE', { name: 'static', object: object as ApiObject }));
  assert.equal(await create(mirror()), 'allowed');
  assert.equal(await create({ ...mirror(), metadata: { name: 'static' } }), '403 pods "static" is forbidden: pod does not have "orch.io/config.mirror" annotation, node "n1" can only create mirror pods');
  assert.equal(await create(mirror({}, { nodeName: 'n2' })), '403 pods "static" is forbidden: node "n1" can only create pods with spec.nodeName set to itself');
  assert.equal(await create(mirror({ ownerReferences: [] })), '403 pods "static" is forbidden: node "n1" can only create pods with an owner reference set to itself');
  assert.equal(
    await create(mirror({ ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name: 'n1', uid: 'node-uid' }] })),
    '403 pods "static" is forbidden: node "n1" can only create pods with a controller owner reference set to itself',
  );
  assert.equal(
    await create(mirror({ ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name: 'n1', uid: 'other', controller: true }] })),
    '403 pods "static" is forbidden: node n1 UID mismatch: expected other got node-uid',
  );
  assert.equal(await create(mirror({}, { volumes: [{ name: 'v', secret: { secretName: 's' } }] })), '403 pods "static" is forbidden: node "n1" can not create pods that reference secrets');
  assert.equal(await create(mirror({}, { serviceAccountName: 'default' })), '403 pods "static" is forbidden: node "n1" can not create pods that reference a service account');
  assert.equal(
    await create(mirror({}, { volumes: [{ name: 'v', persistentVolumeClaim: { claimName: 'c' } }] })),
    '403 pods "static" is forbidden: node "n1" can not create pods that reference persistentvolumeclaims',
  );
});

test('pods bound to the node only: delete, evict, update status (not labels)', async () => {
  assert.equal(await refusal(plugin, attrs('pods', 'DELETE', { name: 'mine' })), 'allowed');
  assert.equal(await refusal(plugin, attrs('pods', 'DELETE', { name: 'theirs' })), '403 pods "theirs" is forbidden: node "n1" can only delete pods with spec.nodeName set to itself');
  assert.equal(await refusal(plugin, attrs('pods', 'DELETE', { name: 'gone' })), '404 pods "gone" not found');
  assert.equal(await refusal(plugin, attrs('pods', 'UPDATE', { name: 'mine', object: runningPod('mine', 'n1') })), '403 pods "mine" is forbidden: unexpected operation "UPDATE", node "n1" can only create and delete mirror pods');
  const eviction = { metadata: { name: 'theirs' } };
  assert.equal(await refusal(plugin, attrs('pods', 'CREATE', { subresource: 'eviction', name: 'theirs', object: eviction })), '403 pods "theirs" is forbidden: node n1 can only evict pods with spec.nodeName set to itself');
  const before = runningPod('mine', 'n1');
  const relabelled = { ...before, metadata: { ...before.metadata, labels: { a: 'b' } } };
  assert.equal(await refusal(plugin, attrs('pods', 'UPDATE', { subresource: 'status', name: 'mine', oldObject: before, object: before })), 'allowed');
  assert.equal(await refusal(plugin, attrs('pods', 'UPDATE', { subresource: 'status', name: 'mine', oldObject: before, object: relabelled })), '403 pods "mine" is forbidden: node "n1" cannot update labels through pod status');
  assert.equal(await refusal(plugin, attrs('pods', 'UPDATE', { subresource: 'log', name: 'mine' })), `403 pods "mine" is forbidden: unexpected pod subresource "log", only 'status' and 'eviction' are allowed`);
});

test('its own Node: no other node, no taint, owner or reserved label changes', async () => {
  const node = (labels: Record<string, string> = {}, spec: Record<string, unknown> = {}, name = 'n1') => ({ metadata: { name, labels }, spec });
  const update = (object: object, oldObject: object, name = 'n1') => refusal(plugin, attrs('nodes', 'UPDATE', { namespace: '', name, object: object as ApiObject, oldObject: oldObject as ApiObject }));
  assert.equal(await refusal(plugin, attrs('nodes', 'CREATE', { namespace: '', object: node({ 'orch.io/hostname': 'n1', 'topology.orch.io/zone': 'z', custom: 'x' }) })), 'allowed');
  assert.equal(
    await refusal(plugin, attrs('nodes', 'CREATE', { namespace: '', object: node({ 'node-restriction.orch.io/pool': 'gpu', 'orch.io/made-up': 'x' }) })),
    '403 nodes "n1" is forbidden: node "n1" is not allowed to set the following labels: node-restriction.orch.io/pool, orch.io/made-up',
  );
  assert.equal(await update(node({}, {}, 'n2'), node({}, {}, 'n2'), 'n2'), '403 nodes "n2" is forbidden: node "n1" is not allowed to modify node "n2"');
  assert.equal(await update(node({}, { taints: [] }), node()), 'allowed');
  assert.equal(await update(node({}, { taints: [{ key: 'k', effect: 'NoSchedule' }] }), node()), '403 nodes "n1" is forbidden: node "n1" is not allowed to modify taints');
  assert.equal(
    await update({ ...node(), metadata: { name: 'n1', ownerReferences: [{ apiVersion: 'v1', kind: 'Namespace', name: 'x', uid: 'u' }] } }, node()),
    '403 nodes "n1" is forbidden: node "n1" is not allowed to modify ownerReferences',
  );
  assert.equal(await update(node({ 'node-restriction.orch.io/pool': 'b' }), node({ 'node-restriction.orch.io/pool': 'a' })), '403 nodes "n1" is forbidden: is not allowed to modify labels: node-restriction.orch.io/pool');
  assert.equal(await update(node({ 'node.orch.io/anything': 'b', free: 'x' }), node()), 'allowed');
});

test('its own lease in orch-node-lease, and claims only for their resize status', async () => {
  const lease = (operation: AdmissionAttributes['operation'], namespace: string, name: string) =>
    refusal(plugin, attrs('coordination.orch.io/leases', operation, { namespace, name: operation === 'CREATE' ? '' : name, object: { metadata: { name } } }));
  assert.equal(await lease('CREATE', 'orch-node-lease', 'n1'), 'allowed');
  assert.equal(await lease('UPDATE', 'orch-node-lease', 'n2'), '403 leases.coordination.orch.io "n2" is forbidden: can only access node lease with the same name as the requesting node');
  assert.equal(await lease('UPDATE', 'default', 'n1'), '403 leases.coordination.orch.io "n1" is forbidden: can only access leases in the "orch-node-lease" system namespace');
  const claim = { metadata: { name: 'c', namespace: 'default', resourceVersion: '1' }, spec: { volumeName: 'v' }, status: { phase: 'Bound', capacity: { storage: '1Gi' } } };
  const resized = { ...claim, metadata: { ...claim.metadata, resourceVersion: '2' }, status: { ...claim.status, capacity: { storage: '2Gi' }, conditions: [] } };
  assert.equal(await refusal(plugin, attrs('persistentvolumeclaims', 'UPDATE', { subresource: 'status', name: 'c', oldObject: claim, object: resized })), 'allowed');
  const relabelled = { ...resized, metadata: { ...resized.metadata, labels: { x: 'y' } } };
  assert.equal(
    await refusal(plugin, attrs('persistentvolumeclaims', 'UPDATE', { subresource: 'status', name: 'c', oldObject: claim, object: relabelled })),
    '403 persistentvolumeclaims "c" is forbidden: node "n1" is not allowed to update fields other than status.quantity and status.conditions',
  );
  assert.equal(await refusal(plugin, attrs('persistentvolumeclaims', 'UPDATE', { name: 'c', object: claim })), '403 persistentvolumeclaims "c" is forbidden: may only update PVC status');
});

test('tokens only for its own pods, by uid, for an audience the pod uses or the node is allowed', async () => {
  const token = (ref: object | undefined, audiences: string[] = ['vault'], authorizer?: Authorizer) =>
    refusal(
      nodeRestriction({ objects: () => objects, authorizer: () => authorizer }),
      attrs('serviceaccounts', 'CREATE', { subresource: 'token', name: 'sa', object: { metadata: {}, spec: { audiences, ...(ref ? { boundObjectRef: ref } : {}) } } }),
    );
  assert.equal(await token({ apiVersion: 'v1', kind: 'Pod', name: 'mine', uid: 'uid-mine' }), 'allowed');
  assert.equal(await token(undefined), '403 serviceaccounts "sa" is forbidden: node requested token not bound to a pod');
  assert.equal(await token({ apiVersion: 'v1', kind: 'Pod', name: 'mine' }), '403 serviceaccounts "sa" is forbidden: node requested token with a pod binding without a uid');
  assert.equal(
    await token({ apiVersion: 'v1', kind: 'Pod', name: 'mine', uid: 'old' }),
    '403 serviceaccounts "sa" is forbidden: the UID in the bound object reference (old) does not match the UID in record. The object might have been deleted and then recreated',
  );
  assert.equal(await token({ apiVersion: 'v1', kind: 'Pod', name: 'theirs', uid: 'uid-theirs' }), '403 serviceaccounts "sa" is forbidden: node requested token bound to a pod scheduled on a different node');
  assert.equal(await token({ apiVersion: 'v1', kind: 'Pod', name: 'mine', uid: 'uid-mine' }, ['a', 'b']), '403 serviceaccounts "sa" is forbidden: node may only request 0 or 1 audiences');
  assert.equal(
    await token({ apiVersion: 'v1', kind: 'Pod', name: 'mine', uid: 'uid-mine' }, ['registry']),
    '403 serviceaccounts "sa" is forbidden: audience "registry" not found in pod spec volume, system:node:n1 is not authorized to request tokens for this audience',
  );
  const allowsRegistry: Authorizer = { authorize: (a) => ({ decision: a.verb === 'request-serviceaccounts-token-audience' && a.resource === 'registry' ? 'allow' : 'noOpinion', reason: '' }) };
  assert.equal(await token({ apiVersion: 'v1', kind: 'Pod', name: 'mine', uid: 'uid-mine' }, ['registry'], allowsRegistry), 'allowed');
});

test('pod certificate requests only for its own pods, with their uids and service account', async () => {
  const accounts = stored({
    '/nodes//n1': { metadata: { name: 'n1', uid: 'node-uid' } },
    '/pods/default/mine': runningPod('mine', 'n1', { serviceAccountName: 'app' }),
    '/pods/default/theirs': runningPod('theirs', 'n2', { serviceAccountName: 'app' }),
    '/serviceaccounts/default/app': { metadata: { name: 'app', namespace: 'default', uid: 'sa-uid' } },
  });
  const pcrPlugin = nodeRestriction({ objects: () => accounts });
  const spec = { signerName: 'example.com/s', podName: 'mine', podUID: 'uid-mine', serviceAccountName: 'app', serviceAccountUID: 'sa-uid', nodeName: 'n1', nodeUID: 'node-uid' };
  const create = (over: Record<string, string> = {}) => attrs('certificates.orch.io/podcertificaterequests', 'CREATE', { object: { metadata: { name: 'r' }, spec: { ...spec, ...over } } as ApiObject });
  assert.equal(await refusal(pcrPlugin, create()), 'allowed');
  assert.equal(await refusal(pcrPlugin, create({ nodeName: 'n2' })), '403 podcertificaterequests.certificates.orch.io "r" is forbidden: PodCertificateRequest.Spec.NodeName="n2", which is not the requesting node "n1"');
  assert.match(await refusal(pcrPlugin, create({ podName: 'theirs', podUID: 'uid-theirs' })), /^403 .*pod "default\/theirs" is not running on node "n1" named in the PodCertificateRequest$/);
  assert.match(await refusal(pcrPlugin, create({ podUID: 'old' })), /^500 Internal error occurred: PodCertificateRequest for pod "default\/mine" contains pod UID \("old"\) which differs from running pod "uid-mine"$/);
  assert.match(await refusal(pcrPlugin, create({ serviceAccountName: 'default' })), /^403 .*contains serviceAccountName \("default"\) that differs from running pod \("app"\)$/);
  assert.match(await refusal(pcrPlugin, create({ serviceAccountUID: 'x' })), /^500 Internal error occurred: .*names service account UID "x", which differs from the running service account \("sa-uid"\)$/);
  assert.match(await refusal(pcrPlugin, attrs('certificates.orch.io/podcertificaterequests', 'UPDATE', { object: { metadata: { name: 'r' }, spec } as ApiObject })), /^403 .*unexpected operation UPDATE$/);
});

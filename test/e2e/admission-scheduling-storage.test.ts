// The Priority, DefaultStorageClass and RuntimeClass admission plugins, on by default, over raw
// HTTP against the composed server: pods get their class's priority and policy (or the global
// default's, or 0), a second default class is refused, claims without a class get the default
// StorageClass, and pods of a RuntimeClass get its overhead and scheduling.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';

let s: CoreApiserver;
before(async () => {
  s = await startCoreApiserver();
});
after(() => s.stop());

const PODS = '/api/v1/namespaces/default/pods';
const PCS = '/apis/scheduling.orch.io/v1/priorityclasses';
const container = [{ name: 'app', image: 'nginx' }];

async function created(path: string, body: unknown): Promise<any> {
  const r = await s.call('POST', path, body);
  assert.equal(r.status, 201, JSON.stringify(r.body));
  return r.body;
}

test('a pod gets the priority and preemption policy of its class; a missing class is refused', async () => {
  await created(PCS, { metadata: { name: 'batch' }, value: 100, preemptionPolicy: 'Never' });
  const pod = await created(PODS, { metadata: { name: 'batch-job' }, spec: { priorityClassName: 'batch', containers: container } });
  assert.deepEqual([pod.spec.priority, pod.spec.preemptionPolicy], [100, 'Never']);
  const missing = await s.call('POST', PODS, { metadata: { name: 'lost' }, spec: { priorityClassName: 'nope', containers: container } });
  assert.equal(missing.status, 403);
  assert.equal(missing.body.message, 'pods "lost" is forbidden: no PriorityClass with name nope was found');
  const stated = await s.call('POST', PODS, { metadata: { name: 'stated' }, spec: { priorityClassName: 'batch', priority: 5, containers: container } });
  assert.equal(stated.status, 403);
  const system = await created('/api/v1/namespaces/default/pods', { metadata: { name: 'critical' }, spec: { priorityClassName: 'system-cluster-critical', containers: container } });
  assert.equal(system.spec.priority, 2000000000);
});

test('a pod without a class gets 0 until a class is the global default; only one may be', async () => {
  const plain = await created(PODS, { metadata: { name: 'plain' }, spec: { containers: container } });
  assert.deepEqual([plain.spec.priority, plain.spec.preemptionPolicy, plain.spec.priorityClassName], [0, 'PreemptLowerPriority', undefined]);
  await created(PCS, { metadata: { name: 'normal' }, value: 10, globalDefault: true });
  const second = await s.call('POST', PCS, { metadata: { name: 'other' }, value: 20, globalDefault: true });
  assert.equal(second.status, 403);
  assert.equal(second.body.message, 'priorityclasses.scheduling.orch.io "other" is forbidden: PriorityClass normal is already marked as default. Only one default can exist');
  const defaulted = await created(PODS, { metadata: { name: 'defaulted' }, spec: { containers: container } });
  assert.deepEqual([defaulted.spec.priorityClassName, defaulted.spec.priority], ['normal', 10]);
  // An update leaving the priority out keeps it (pod validation refuses changing it).
  const replaced = await s.call('PUT', `${PODS}/defaulted`, { ...defaulted, metadata: { ...defaulted.metadata, labels: { a: 'b' } }, spec: { ...defaulted.spec, priority: undefined } });
  assert.equal(replaced.status, 200, JSON.stringify(replaced.body));
  assert.equal(replaced.body.spec.priority, 10);
  await s.call('DELETE', `${PCS}/normal`);
});

test('a claim without a class gets the default StorageClass; one asking for "" keeps it', async () => {
  const claims = '/api/v1/namespaces/default/persistentvolumeclaims';
  const spec = { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } };
  const before = await created(claims, { metadata: { name: 'before' }, spec });
  assert.equal(before.spec.storageClassName, undefined);
  await created('/apis/storage.orch.io/v1/storageclasses', { metadata: { name: 'standard', annotations: { 'storageclass.orch.io/is-default-class': 'true' } }, provisioner: 'example.com/disk' });
  const after = await created(claims, { metadata: { name: 'after' }, spec });
  assert.equal(after.spec.storageClassName, 'standard');
  const none = await created(claims, { metadata: { name: 'none' }, spec: { ...spec, storageClassName: '' } });
  assert.equal(none.spec.storageClassName, '');
});

test('a pod of a RuntimeClass gets its overhead and scheduling; a missing class is refused', async () => {
  await created('/apis/node.orch.io/v1/runtimeclasses', {
    metadata: { name: 'gvisor' },
    handler: 'runsc',
    overhead: { podFixed: { cpu: '250m' } },
    scheduling: { nodeSelector: { sandbox: 'gvisor' }, tolerations: [{ key: 'sandbox', operator: 'Exists', effect: 'NoSchedule' }] },
  });
  const pod = await created(PODS, { metadata: { name: 'sandboxed' }, spec: { runtimeClassName: 'gvisor', containers: container } });
  assert.deepEqual(pod.spec.overhead, { cpu: '250m' });
  assert.deepEqual(pod.spec.nodeSelector, { sandbox: 'gvisor' });
  assert.ok(pod.spec.tolerations.some((t: any) => t.key === 'sandbox'), JSON.stringify(pod.spec.tolerations));
  const missing = await s.call('POST', PODS, { metadata: { name: 'kata' }, spec: { runtimeClassName: 'kata', containers: container } });
  assert.equal(missing.status, 403);
  assert.equal(missing.body.message, 'pods "kata" is forbidden: pod rejected: RuntimeClass "kata" not found');
  const overhead = await s.call('POST', PODS, { metadata: { name: 'heavy' }, spec: { overhead: { cpu: '1' }, containers: container } });
  assert.equal(overhead.status, 403);
  assert.equal(overhead.body.message, 'pods "heavy" is forbidden: pod rejected: Pod Overhead set without corresponding RuntimeClass defined Overhead');
});

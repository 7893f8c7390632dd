import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Service } from '../../../../api/core/v1/service-types.ts';
import type { PersistentVolumeClaim } from '../../../../api/core/v1/volume-types.ts';
import { resourceQuota, type QuotaReaders } from './plugin.ts';
import { quotaStatusKeeper } from './status-keeper.ts';
import { evaluatorRegistry } from './evaluators/registry.ts';
import { memoryQuotaStore, objectsOf, quota } from './testing.ts';
import { container, coreAttrs, pod } from '../core-v1/testing.ts';

const pluginOver = (readers: QuotaReaders, config?: unknown) => resourceQuota({ readers: () => readers, now: () => Date.parse('2025-01-01T00:00:00Z') }, config);
const create = (p: ReturnType<typeof pluginOver>, resource: string, obj: any, over = {}) => p.validate!(coreAttrs(resource, obj, over));

test('a pod over the pods quota is refused with the figures; admitted ones are charged', async () => {
  const store = memoryQuotaStore(quota('q', { pods: '2' }));
  const plugin = pluginOver({ quotas: store });
  await create(plugin, 'pods', pod('a'));
  await create(plugin, 'pods', pod('b'));
  assert.deepEqual(store.get('q').status!.used, { pods: '2' });
  await assert.rejects(async () => create(plugin, 'pods', pod('c')), {
    code: 403,
    message: 'pods "c" is forbidden: exceeded quota: q, requested: pods=1, used: pods=2, limited: pods=2',
  });
  assert.deepEqual(store.get('q').status!.used, { pods: '2' });
});

test('compute usage sums requests and limits; cpu and memory quotas need every container to declare them', async () => {
  const store = memoryQuotaStore(quota('compute', { 'requests.cpu': '1', 'limits.memory': '1Gi', 'count/pods': '10' }));
  const plugin = pluginOver({ quotas: store });
  const p = pod('web', [container('a', { requests: { cpu: '500m' }, limits: { memory: '512Mi' } }), container('b', { requests: { cpu: '250m' }, limits: { memory: '256Mi' } })]);
  await create(plugin, 'pods', p);
  assert.deepEqual(store.get('compute').status!.used, { 'requests.cpu': '750m', 'limits.memory': '768Mi', 'count/pods': '1' });
  await assert.rejects(async () => create(plugin, 'pods', pod('big', [container('a', { requests: { cpu: '500m' }, limits: { memory: '100Mi' } })])), {
    message: 'pods "big" is forbidden: exceeded quota: compute, requested: requests.cpu=500m, used: requests.cpu=750m, limited: requests.cpu=1',
  });
  await assert.rejects(async () => create(plugin, 'pods', pod('bare', [container('a'), container('b', { requests: { cpu: '1m' } })])), {
    message: 'pods "bare" is forbidden: failed quota: compute: must specify limits.memory for: a,b; requests.cpu for: a',
  });
});

test('a quota with hard limits but no usage figure refuses until its status is known', async () => {
  const store = memoryQuotaStore(quota('q', { pods: '5', services: '1' }, { used: { services: '0' } }));
  await assert.rejects(async () => create(pluginOver({ quotas: store }), 'pods', pod('a')), {
    code: 403,
    message: 'pods "a" is forbidden: status unknown for quota: q, resources: pods',
  });
});

test('a new quota counts at once: its status is measured from the namespace before the request is checked', async () => {
  const store = memoryQuotaStore(quota('q', { pods: '2', configmaps: '1' }, { computed: false }));
  const objects = objectsOf({ '/pods': [pod('running'), { ...pod('done'), status: { phase: 'Succeeded' } }], '/configmaps': [{ metadata: { name: 'c', namespace: 'team' } }] });
  const keeper = quotaStatusKeeper({ quotas: store, objects, registry: evaluatorRegistry() });
  const plugin = pluginOver({ quotas: store, keeper });
  await create(plugin, 'pods', pod('a'));
  assert.deepEqual(store.get('q').status, { hard: { pods: '2', configmaps: '1' }, used: { pods: '2', configmaps: '1' } });
  await assert.rejects(async () => create(plugin, 'configmaps', { metadata: { name: 'd' } }), {
    message: 'configmaps "d" is forbidden: exceeded quota: q, requested: configmaps=1, used: configmaps=1, limited: configmaps=1',
  });
  // Without the keeper such a quota would not count at all, as in Kubernetes before its controller runs.
  const bare = memoryQuotaStore(quota('q', { pods: '0' }, { computed: false }));
  await create(pluginOver({ quotas: bare }), 'pods', pod('a'));
});

test('the keeper measures scoped usage and object counts of any resource', async () => {
  const store = memoryQuotaStore(
    quota('besteffort', { pods: '10' }, { computed: false, spec: { scopes: ['BestEffort'] } }),
    quota('counts', { 'count/widgets.example.com': '5', 'count/gadgets.example.com': '5' }, { computed: false }),
  );
  const objects = objectsOf({
    '/pods': [pod('plain'), pod('sized', [container('a', { requests: { memory: '1Mi' } })])],
    'example.com/widgets': [{ metadata: { name: 'w1' } }, { metadata: { name: 'w2' } }],
  });
  const keeper = quotaStatusKeeper({ quotas: store, objects, registry: evaluatorRegistry() });
  for (const q of await store.list('team')) await keeper.sync(q);
  assert.deepEqual(store.get('besteffort').status!.used, { pods: '1' });
  // A resource this server does not serve is not measured.
  assert.deepEqual(store.get('counts').status!.used, { 'count/widgets.example.com': '2' });
});

test('scopes: a BestEffort quota ignores pods that ask for resources; PriorityClass selectors match the class', async () => {
  const store = memoryQuotaStore(
    quota('besteffort', { pods: '1' }, { spec: { scopes: ['BestEffort'] } }),
    quota('high', { pods: '1' }, { spec: { scopeSelector: { matchExpressions: [{ scopeName: 'PriorityClass', operator: 'In', values: ['high'] }] } } }),
  );
  const plugin = pluginOver({ quotas: store });
  await create(plugin, 'pods', pod('be'));
  await create(plugin, 'pods', pod('sized', [container('a', { requests: { cpu: '1' } })]));
  await assert.rejects(async () => create(plugin, 'pods', pod('be2')), { message: /exceeded quota: besteffort/ });
  await create(plugin, 'pods', pod('h1', [container('a', { requests: { cpu: '1' } })], { priorityClassName: 'high' }));
  await assert.rejects(async () => create(plugin, 'pods', pod('h2', [container('a', { requests: { cpu: '1' } })], { priorityClassName: 'high' })), { message: /exceeded quota: high/ });
});

test('services count node ports and load balancers, and a type change is charged the difference', async () => {
  const store = memoryQuotaStore(quota('svc', { services: '5', 'services.nodeports': '2', 'services.loadbalancers': '0' }));
  const plugin = pluginOver({ quotas: store });
  const svc = (type: string, ports = 1): Service => ({ metadata: { name: 'web', namespace: 'team', resourceVersion: '1' }, spec: { type, ports: Array.from({ length: ports }, (_, i) => ({ port: 80 + i })) } });
  await create(plugin, 'services', svc('ClusterIP', 2));
  await create(plugin, 'services', svc('NodePort', 2), { operation: 'UPDATE', oldObject: svc('ClusterIP', 2) });
  assert.deepEqual(store.get('svc').status!.used, { services: '1', 'services.nodeports': '2', 'services.loadbalancers': '0' });
  await assert.rejects(async () => create(plugin, 'services', svc('LoadBalancer', 2), { operation: 'UPDATE', oldObject: svc('NodePort', 2) }), {
    message: 'services "web" is forbidden: exceeded quota: svc, requested: services.loadbalancers=1, used: services.loadbalancers=0, limited: services.loadbalancers=0',
  });
});

test('claims count storage, also per storage class', async () => {
  const store = memoryQuotaStore(quota('storage', { 'requests.storage': '10Gi', 'gold.storageclass.storage.orch.io/persistentvolumeclaims': '1' }));
  const plugin = pluginOver({ quotas: store });
  const claim = (name: string, storage: string): PersistentVolumeClaim => ({ metadata: { name, namespace: 'team' }, spec: { storageClassName: 'gold', resources: { requests: { storage } } } });
  await create(plugin, 'persistentvolumeclaims', claim('a', '4Gi'));
  assert.deepEqual(store.get('storage').status!.used, { 'requests.storage': '4Gi', 'gold.storageclass.storage.orch.io/persistentvolumeclaims': '1' });
  await assert.rejects(async () => create(plugin, 'persistentvolumeclaims', claim('b', '1Gi')), { message: /exceeded quota: storage, requested: gold\.storageclass\.storage\.orch\.io\/persistentvolumeclaims=1/ });
});

test('dry runs are checked and not charged; other namespaces and events are not counted', async () => {
  const store = memoryQuotaStore(quota('q', { pods: '1', 'count/events': '0' }));
  const plugin = pluginOver({ quotas: store });
  await create(plugin, 'pods', pod('a'), { dryRun: true });
  assert.equal(store.writes, 0);
  await create(plugin, 'pods', pod('a'), { namespace: 'elsewhere' });
  await create(plugin, 'events', { metadata: { name: 'e' } });
  assert.equal(store.writes, 0);
});

test('concurrent creates never overshoot, even from two servers with separate queues', async () => {
  const store = memoryQuotaStore(quota('q', { pods: '5' }));
  const servers = [pluginOver({ quotas: store }), pluginOver({ quotas: store })];
  const results = await Promise.allSettled(Array.from({ length: 16 }, (_, i) => create(servers[i % 2]!, 'pods', pod(`p${i}`))));
  const admitted = results.filter((r) => r.status === 'fulfilled').length;
  assert.ok(admitted <= 5, `admitted ${admitted}`);
  assert.equal(store.get('q').status!.used!['pods'], String(admitted));
  for (const r of results) if (r.status === 'rejected') assert.match((r.reason as Error).message, /exceeded quota: q|the object has been modified/);
  // Within one server, requests to a namespace queue: all that fit are admitted.
  const single = memoryQuotaStore(quota('q', { pods: '5' }));
  const one = pluginOver({ quotas: single });
  const settled = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => create(one, 'pods', pod(`p${i}`))));
  assert.equal(settled.filter((r) => r.status === 'fulfilled').length, 5);
});

test('limited resources need a covering quota', async () => {
  const config = { apiVersion: 'resourcequota.admission.orch.io/v1', kind: 'Configuration', limitedResources: [{ resource: 'persistentvolumeclaims', matchContains: ['.storageclass.storage.orch.io/requests.storage'] }] };
  const claim: PersistentVolumeClaim = { metadata: { name: 'c', namespace: 'team' }, spec: { storageClassName: 'gold', resources: { requests: { storage: '1Gi' } } } };
  await assert.rejects(async () => create(pluginOver({ quotas: memoryQuotaStore() }, config), 'persistentvolumeclaims', claim), {
    message: 'persistentvolumeclaims "c" is forbidden: insufficient quota to consume: gold.storageclass.storage.orch.io/requests.storage',
  });
  const covered = memoryQuotaStore(quota('q', { 'gold.storageclass.storage.orch.io/requests.storage': '5Gi' }));
  await create(pluginOver({ quotas: covered }, config), 'persistentvolumeclaims', claim);
  assert.throws(() => pluginOver({ quotas: covered }, { kind: 'Nope' }), /expected kind Configuration/);
});

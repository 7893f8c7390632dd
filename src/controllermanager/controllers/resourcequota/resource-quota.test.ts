import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ApiObject } from '../../../api/meta/v1/types.ts';
import type { ResourceQuota } from '../../../api/core/v1/policy-types.ts';
import type { ApiResource } from '../../../client/discovery/discovery-client.ts';
import { InformerFactory } from '../../../client/cache/informer-factory.ts';
import { realClock } from '../../../client/clock/clock.ts';
import { RestClient } from '../../../client/rest/client.ts';
import { measureRegistry } from '../../../machinery/quota/registry.ts';
import { needsUsageFirst, nextQuotaStatus, quotasCounting } from './quota-status.ts';
import { QuotaMonitor, quotableResources } from './quota-monitor.ts';

const quota = (spec: Record<string, string>, status?: { hard?: Record<string, string>; used?: Record<string, string> }): ResourceQuota =>
  ({ metadata: { name: 'q', namespace: 'ns' }, spec: { hard: spec }, ...(status ? { status } : {}) }) as ResourceQuota;

test('the status takes spec.hard and the measured usage, keeping known figures of names nothing measured', () => {
  const q = quota({ pods: '2', 'example.com/foo': '1' }, { hard: { pods: '2', 'example.com/foo': '1' }, used: { pods: '2', 'example.com/foo': '1', gone: '3' } });
  assert.deepEqual(nextQuotaStatus(q, { pods: '1' }), { status: { hard: { pods: '2', 'example.com/foo': '1' }, used: { pods: '1', 'example.com/foo': '1' } }, changed: true });
});

test('no write when nothing changed; a write when limits changed or the status is missing', () => {
  assert.equal(nextQuotaStatus(quota({ pods: '2' }, { hard: { pods: '2' }, used: { pods: '1' } }), { pods: '1' }).changed, false);
  // Equal values written differently are equal.
  assert.equal(nextQuotaStatus(quota({ cpu: '1' }, { hard: { cpu: '1000m' }, used: { cpu: '500m' } }), { cpu: '0.5' }).changed, false);
  assert.equal(nextQuotaStatus(quota({ pods: '3' }, { hard: { pods: '2' }, used: { pods: '1' } }), { pods: '1' }).changed, true);
  assert.equal(nextQuotaStatus(quota({}), {}).changed, true);
  assert.equal(nextQuotaStatus(quota({ pods: '2' }, { hard: { pods: '2' } }), { pods: '0' }).changed, true);
});

test('quotas whose limits are not in their status, or lack usage of a counted name, are measured first', () => {
  const registry = measureRegistry();
  assert.equal(needsUsageFirst(quota({ pods: '2' }), registry), true);
  assert.equal(needsUsageFirst(quota({ pods: '2' }, { hard: { pods: '2' }, used: {} }), registry), true);
  assert.equal(needsUsageFirst(quota({ pods: '2' }, { hard: { pods: '2' }, used: { pods: '0' } }), registry), false);
  // Nothing counts this name, so its missing usage is no reason to hurry.
  assert.equal(needsUsageFirst(quota({ 'example.com/foo': '1' }, { hard: { 'example.com/foo': '1' }, used: {} }), registry), false);
});

test('replenishment picks the quotas that count the kind', () => {
  const pods = measureRegistry().get('', 'pods')!;
  const counting = quota({ 'requests.cpu': '1' }, { hard: { 'requests.cpu': '1' } });
  const other = quota({ secrets: '1' }, { hard: { secrets: '1' } });
  assert.deepEqual(quotasCounting([counting, other], (names) => pods.matchingResources(names)), [counting]);
});

const resource = (group: string, name: string, verbs: string[], namespaced = true): ApiResource => ({ group, version: 'v1', resource: name, kind: 'X', namespaced, verbs });

test('quota counts namespaced resources it can create, list, watch and delete, events and reviews aside', () => {
  const all = ['create', 'delete', 'get', 'list', 'watch'];
  const picked = quotableResources([
    resource('', 'pods', all), resource('', 'events', all), resource('events.orch.io', 'events', all), resource('', 'nodes', all, false),
    resource('authorization.orch.io', 'localsubjectaccessreviews', ['create']), resource('', 'bindings', ['create']), resource('apps', 'deployments', all),
  ]);
  assert.deepEqual(picked.map((r) => `${r.group}/${r.resource}`), ['/pods', 'apps/deployments']);
});

test("the monitor reads a namespace's objects from the resource's cache, under a Kubernetes group name too", () => {
  const client = new RestClient({ host: 'https://127.0.0.1:1' }, { qps: 1, burst: 1, contentType: 'application/json' });
  const factory = new InformerFactory(client, { clock: realClock, minResyncPeriodMs: 0 });
  const replenished: string[] = [];
  const monitor = new QuotaMonitor(factory, (g, r, ns) => replenished.push(`${g}/${r}@${ns}`), () => 0);
  const all = ['create', 'delete', 'list', 'watch'];
  assert.equal(monitor.add([resource('coordination.orch.io', 'leases', all), resource('', 'pods', all)]).length, 2);
  assert.equal(monitor.add([resource('', 'pods', all)]).length, 0);
  const leases = factory.informerFor<ApiObject>({ group: 'coordination.orch.io', version: 'v1', resource: 'leases' });
  leases.add({ metadata: { name: 'l', namespace: 'ns', resourceVersion: '1' } });
  leases.add({ metadata: { name: 'm', namespace: 'other', resourceVersion: '1' } });
  assert.deepEqual(monitor.list('coordination.k8s.io', 'leases', 'ns')?.map((o) => o.metadata.name), ['l']);
  assert.equal(monitor.list('apps', 'deployments', 'ns'), undefined);
  leases.delete({ metadata: { name: 'l', namespace: 'ns' } });
  const pods = factory.informerFor<ApiObject>({ group: '', version: 'v1', resource: 'pods' });
  pods.add({ metadata: { name: 'p', namespace: 'ns', resourceVersion: '1' }, status: { phase: 'Running' } });
  pods.update({ metadata: { name: 'p', namespace: 'ns', resourceVersion: '2' }, status: { phase: 'Running' } });
  pods.update({ metadata: { name: 'p', namespace: 'ns', resourceVersion: '3' }, status: { phase: 'Succeeded' } });
  assert.deepEqual(replenished, ['coordination.orch.io/leases@ns', '/pods@ns']);
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ApiObject } from '../../api/meta/v1/types.ts';
import type { ResourceQuota } from '../../api/core/v1/policy-types.ts';
import { countedResource } from './measure.ts';
import { measureRegistry } from './registry.ts';
import { calculateUsage } from './usage.ts';
import { updateMayReplenish } from './replenish.ts';

const NOW = Date.parse('2026-01-01T00:01:00Z');

const pod = (name: string, opts: { phase?: string; cpu?: string; deadline?: number; deleted?: { at: string; grace: number } } = {}): ApiObject => ({
  metadata: { name, namespace: 'ns', ...(opts.deleted ? { deletionTimestamp: opts.deleted.at, deletionGracePeriodSeconds: opts.deleted.grace } : {}) },
  spec: { containers: [{ name: 'c', image: 'i', resources: opts.cpu ? { requests: { cpu: opts.cpu } } : {} }], ...(opts.deadline ? { activeDeadlineSeconds: opts.deadline } : {}) },
  status: { phase: opts.phase ?? 'Running' },
});

const quota = (hard: Record<string, string>, scopes?: string[]): ResourceQuota => ({ metadata: { name: 'q', namespace: 'ns' }, spec: { hard, ...(scopes ? { scopes } : {}) } }) as ResourceQuota;

test('count/<resource>.<group> names the group and resource it counts', () => {
  assert.deepEqual(countedResource('count/deployments.apps'), { group: 'apps', resource: 'deployments' });
  assert.deepEqual(countedResource('count/leases.coordination.orch.io'), { group: 'coordination.orch.io', resource: 'leases' });
  assert.deepEqual(countedResource('count/pods'), { group: '', resource: 'pods' });
  assert.equal(countedResource('pods'), undefined);
});

test('usage sums the objects of each limited resource in the quota scopes, finished pods counting only as objects', async () => {
  const objects: Record<string, ApiObject[]> = {
    '/pods': [pod('a', { cpu: '500m' }), pod('b', { cpu: '250m', deadline: 60 }), pod('done', { cpu: '1', phase: 'Succeeded' })],
    '/configmaps': [{ metadata: { name: 'cm' } }],
    'apps/deployments': [{ metadata: { name: 'd1' } }, { metadata: { name: 'd2' } }],
  };
  const reader = { list: (group: string, resource: string) => objects[`${group}/${resource}`] };
  const hard = { pods: '10', 'requests.cpu': '4', 'count/pods': '10', configmaps: '5', 'count/deployments.apps': '3', 'count/widgets.example.com': '1' };
  assert.deepEqual(await calculateUsage(quota(hard), hard, measureRegistry(() => NOW), reader), {
    pods: '2', 'requests.cpu': '750m', 'count/pods': '3', configmaps: '1', 'count/deployments.apps': '2',
  });
  const scoped = { pods: '10', 'requests.cpu': '4' };
  assert.deepEqual(await calculateUsage(quota(scoped, ['Terminating']), scoped, measureRegistry(() => NOW), reader), { pods: '1', 'requests.cpu': '250m' });
});

test('updates that may lower usage: a pod that stops being charged, a service changing quota type, a claim re-allocated', () => {
  const replenish = (resource: string, old: ApiObject, cur: ApiObject) => updateMayReplenish('', resource, old, cur, NOW);
  assert.equal(replenish('pods', pod('p'), pod('p', { phase: 'Succeeded' })), true);
  assert.equal(replenish('pods', pod('p'), pod('p', { deleted: { at: '2026-01-01T00:00:00Z', grace: 30 } })), true);
  assert.equal(replenish('pods', pod('p'), pod('p', { deleted: { at: '2026-01-01T00:00:50Z', grace: 30 } })), false);
  assert.equal(replenish('pods', pod('p', { phase: 'Failed' }), pod('p', { phase: 'Failed' })), false);
  const svc = (type: string): ApiObject => ({ metadata: { name: 's' }, spec: { type } });
  assert.equal(replenish('services', svc('NodePort'), svc('ClusterIP')), true);
  assert.equal(replenish('services', svc('ClusterIP'), svc('ExternalName')), false);
  const claim = (allocated?: string): ApiObject => ({ metadata: { name: 'c' }, status: allocated ? { allocatedResources: { storage: allocated } } : {} });
  assert.equal(replenish('persistentvolumeclaims', claim('2Gi'), claim('1Gi')), true);
  assert.equal(replenish('persistentvolumeclaims', claim('1Gi'), claim('1024Mi')), false);
  assert.equal(replenish('configmaps', claim(), claim()), false);
  assert.equal(updateMayReplenish('apps', 'pods', pod('p'), pod('p', { phase: 'Failed' }), NOW), false);
});

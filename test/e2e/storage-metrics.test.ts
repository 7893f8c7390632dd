// Storage metrics scraped from the real daemon's /metrics: apiserver_storage_objects per resource
// (--kvstore-count-metric-poll-period) and apiserver_storage_size_bytes per store
// (--kvstore-db-metric-poll-interval); a period of 0 turns each off.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { daemonDir, eventually, startDaemon, type StorageDaemon } from '../support/daemon.ts';

function sample(metrics: string, name: string, labels: string): number | undefined {
  const escaped = `${name}{${labels}}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = new RegExp(`^${escaped} (\\S+)$`, 'm').exec(metrics);
  return m ? Number(m[1]) : undefined;
}

async function scrape(daemon: StorageDaemon): Promise<string> {
  const r = await daemon.call('GET', '/metrics');
  assert.equal(r.status, 200);
  return r.text;
}

test('stored objects per resource and the store size are polled into /metrics', async (t) => {
  const daemon = await startDaemon(t, daemonDir(t), ['--kvstore-count-metric-poll-period=200ms', '--kvstore-db-metric-poll-interval=200ms']);
  for (let i = 0; i < 3; i++) {
    const r = await daemon.call('POST', '/api/v1/namespaces/default/configmaps', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `cm-${i}` } });
    assert.equal(r.status, 201, r.text);
  }
  const lease = await daemon.call('POST', '/apis/coordination.orch.io/v1/namespaces/default/leases', { apiVersion: 'coordination.orch.io/v1', kind: 'Lease', metadata: { name: 'l' }, spec: {} });
  assert.equal(lease.status, 201, lease.text);

  // Start-up created a root CA config map per namespace: count what the API lists.
  const listed = (await daemon.call('GET', '/api/v1/configmaps')).body.items.length as number;
  const metrics = await eventually('object counts to be polled', async () => {
    const text = await scrape(daemon);
    return sample(text, 'apiserver_storage_objects', 'resource="configmaps"') === listed ? text : undefined;
  });
  assert.ok(listed >= 3);
  assert.match(metrics, /^# TYPE apiserver_storage_objects gauge$/m);
  // The server keeps its own identity lease in orch-system too.
  const leases = await eventually('the identity lease', async () => ((await daemon.call('GET', '/apis/coordination.orch.io/v1/leases')).body.items.length as number) || undefined);
  await eventually('the lease count', async () => sample(await scrape(daemon), 'apiserver_storage_objects', 'resource="leases.coordination.orch.io"') === leases);
  assert.ok((sample(metrics, 'apiserver_storage_objects', 'resource="namespaces"') ?? 0) >= 4, 'default and the system namespaces');
  const size = sample(metrics, 'apiserver_storage_size_bytes', 'storage_cluster_id="kvstore-0"');
  assert.ok(size !== undefined && size > 0, `store size: ${size}`);

  // Deletes show up at the next poll.
  assert.equal((await daemon.call('DELETE', '/apis/coordination.orch.io/v1/namespaces/default/leases/l')).status, 200);
  await eventually('the delete to be counted', async () => sample(await scrape(daemon), 'apiserver_storage_objects', 'resource="leases.coordination.orch.io"') === leases - 1);
});

test('a poll period of 0 turns each metric off', async (t) => {
  const daemon = await startDaemon(t, daemonDir(t), ['--kvstore-count-metric-poll-period=0', '--kvstore-db-metric-poll-interval=0']);
  const metrics = await scrape(daemon);
  assert.doesNotMatch(metrics, /apiserver_storage_objects/);
  assert.doesNotMatch(metrics, /apiserver_storage_size_bytes/);
  assert.match(metrics, /apiserver_request_total/, 'the other metrics are still there');
});

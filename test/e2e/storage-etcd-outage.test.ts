// An etcd outage under the running daemon: while etcd is down requests fail fast with a 5xx Status
// naming the store and /readyz names the failing kvstore check; once etcd is back both recover
// without a restart, and what was stored before the outage is still there.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { etcdSkipReason, startEtcd } from '../support/etcd.ts';
import { daemonDir, eventually, startDaemon } from '../support/daemon.ts';

const EVENTS = '/api/v1/namespaces/default/events';

function event(name: string) {
  return {
    apiVersion: 'v1', kind: 'Event', metadata: { name },
    involvedObject: { kind: 'Namespace', name: 'default' }, reason: 'Test', message: 'before the outage',
  };
}

test('etcd down: requests fail fast with a Status naming the store and /readyz fails; etcd back: both recover', { skip: etcdSkipReason() }, async (t) => {
  const etcd = await startEtcd();
  t.after(() => etcd.stop());
  const daemon = await startDaemon(t, daemonDir(t), [`--kvstore-servers=${etcd.endpoints.join(',')}`, '--kvstore-readycheck-timeout=1s']);

  const created = await daemon.call('POST', EVENTS, event('kept'));
  assert.equal(created.status, 201, created.text);

  await etcd.stopMember(0);

  // A get without resourceVersion is a quorum read from etcd: it fails instead of hanging.
  const started = Date.now();
  const failed = await daemon.call('GET', `${EVENTS}/kept`, undefined, 10_000);
  const tookMs = Date.now() - started;
  assert.ok(failed.status >= 500 && failed.status < 600, `status ${failed.status}: ${failed.text}`);
  assert.equal(failed.body.kind, 'Status', failed.text);
  assert.equal(failed.body.status, 'Failure');
  assert.match(failed.body.message, /etcd/, 'the Status names the store');
  assert.ok(tookMs < 5000, `the failure took ${tookMs}ms`);

  const write = await daemon.call('POST', EVENTS, event('during'), 10_000);
  assert.ok(write.status >= 500 && write.status < 600, `a write while etcd is down: ${write.status} ${write.text}`);

  const notReady = await eventually('/readyz to fail', async () => {
    const r = await daemon.call('GET', '/readyz?verbose', undefined, 5000);
    return r.status !== 200 && r;
  });
  assert.equal(notReady.status, 500, notReady.text);
  assert.match(notReady.text, /^\[-\]kvstore-readiness failed/m, notReady.text);

  await etcd.startMember(0);

  await eventually('/readyz to recover', async () => (await daemon.call('GET', '/readyz', undefined, 5000)).status === 200, 20_000);
  const kept = await eventually('the event to be readable again', async () => {
    const r = await daemon.call('GET', `${EVENTS}/kept`, undefined, 5000);
    return r.status === 200 && r;
  }, 20_000);
  assert.equal(kept.body.message, 'before the outage');
  const after = await daemon.call('POST', EVENTS, event('after'));
  assert.equal(after.status, 201, after.text);
  const list = await daemon.call('GET', EVENTS);
  assert.deepEqual(list.body.items.map((e: { metadata: { name: string } }) => e.metadata.name).sort(), ['after', 'kept']);
  assert.equal(await daemon.stop(), 0);
});

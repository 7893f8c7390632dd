// --kvstore-servers-overrides on the real daemon: events live on their own etcd (both event
// groups, which share one store), everything else on the main one, and each etcd has its own
// health and readiness checks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Etcd3 } from 'etcd3';
import { etcdSkipReason, startEtcd } from '../support/etcd.ts';
import { daemonDir, startDaemon } from '../support/daemon.ts';

async function keys(endpoints: string[]): Promise<string[]> {
  const client = new Etcd3({ hosts: endpoints });
  try {
    return await client.getAll().prefix('/').keys();
  } finally {
    client.close();
  }
}

test('events go to the override etcd, config maps to the main one; each has its checks', { skip: etcdSkipReason() }, async (t) => {
  const [main, events] = await Promise.all([startEtcd(), startEtcd()]);
  t.after(() => Promise.all([main.stop(), events.stop()]).then(() => undefined));
  const daemon = await startDaemon(t, daemonDir(t), [
    `--kvstore-servers=${main.endpoints.join(',')}`,
    `--kvstore-servers-overrides=/events#${events.endpoints.join(';')}`,
    '--kvstore-prefix=/e2e',
  ]);

  const cm = await daemon.call('POST', '/api/v1/namespaces/default/configmaps', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'settings' }, data: { a: '1' } });
  assert.equal(cm.status, 201, cm.text);
  const core = await daemon.call('POST', '/api/v1/namespaces/default/events', {
    apiVersion: 'v1', kind: 'Event', metadata: { name: 'core-event' }, involvedObject: { kind: 'ConfigMap', name: 'settings', namespace: 'default' }, reason: 'Test', message: 'core',
  });
  assert.equal(core.status, 201, core.text);
  const grouped = await daemon.call('POST', '/apis/events.orch.io/v1/namespaces/default/events', {
    apiVersion: 'events.orch.io/v1', kind: 'Event', metadata: { name: 'group-event' }, eventTime: new Date().toISOString(),
    reportingController: 'e2e', reportingInstance: 'e2e-1', action: 'Test', reason: 'Test', regarding: { kind: 'ConfigMap', name: 'settings', namespace: 'default' }, type: 'Normal',
  });
  assert.equal(grouped.status, 201, grouped.text);

  const onEvents = await keys(events.endpoints);
  const onMain = await keys(main.endpoints);
  assert.deepEqual(onEvents.sort(), ['/e2e/events/default/core-event', '/e2e/events/default/group-event'], 'both event groups on the override, under --kvstore-prefix');
  assert.ok(onMain.includes('/e2e/configmaps/default/settings'), onMain.join('\n'));
  assert.deepEqual(onMain.filter((k) => k.startsWith('/e2e/events/')), [], 'no event on the main etcd');

  // Reads come back from the right store, through either group.
  assert.equal((await daemon.call('GET', '/api/v1/namespaces/default/events/group-event')).status, 200);
  assert.equal((await daemon.call('GET', '/apis/events.orch.io/v1/namespaces/default/events/core-event')).status, 200);

  const ready = await daemon.call('GET', '/readyz?verbose');
  assert.equal(ready.status, 200, ready.text);
  for (const name of ['kvstore', 'kvstore-readiness', 'kvstore-override-0', 'kvstore-override-readiness-0']) {
    assert.match(ready.text, new RegExp(`^\\[\\+\\]${name} ok$`, 'm'), name);
  }
  assert.match((await daemon.call('GET', '/healthz/kvstore-override-0')).text, /ok/);
  assert.equal(await daemon.stop(), 0);
});

test('a malformed override stops the start with one line naming the flag', async (t) => {
  for (const bad of ['events#http://127.0.0.1:2379', '/events', '/events#not-a-url']) {
    await assert.rejects(startDaemon(t, daemonDir(t), [`--kvstore-servers-overrides=${bad}`]), (err: Error) => {
      assert.match(err.message, /exited 1/);
      assert.match(err.message, /Error: --kvstore-servers-overrides invalid, must be of format: group\/resource#servers/, bad);
      return true;
    });
  }
});

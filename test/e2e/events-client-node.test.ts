// Events through the real HTTPS server with @kubernetes/client-node: create, list, watch, delete.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { KubeConfig, KubernetesObjectApi, Watch, type KubernetesObject } from '@kubernetes/client-node';
import { startTestApiserver, type TestApiserver } from '../support/apiserver.ts';
import { openEventsStack, type EventsStack } from '../../src/apiserver/endpoints/testing/events-stack.ts';

let stack: EventsStack;
let server: TestApiserver;
let kc: KubeConfig;

before(async () => {
  stack = await openEventsStack();
  server = await startTestApiserver({}, { apiHandler: stack.apiHandler });
  kc = new KubeConfig();
  kc.loadFromOptions({
    clusters: [{ name: 'orch', server: server.url, caFile: server.caFile }],
    users: [{ name: 'admin', token: server.token }],
    contexts: [{ name: 'orch', cluster: 'orch', user: 'admin' }],
    currentContext: 'orch',
  });
});
after(async () => {
  await server.stop();
  await stack.close();
});

function event(name: string): KubernetesObject & Record<string, unknown> {
  return {
    apiVersion: 'events.orch.io/v1',
    kind: 'Event',
    metadata: { name, namespace: 'default' },
    eventTime: '2026-11-22T05:00:00.000000Z',
    reportingController: 'orch.io/client-node',
    reportingInstance: 'client-1',
    action: 'Create',
    reason: 'Created',
    type: 'Normal',
    note: 'from client-node',
    regarding: { kind: 'Pod', namespace: 'default', name: 'p1', apiVersion: 'v1' },
  };
}

test('KubernetesObjectApi creates, lists and deletes events; Watch sees them', async () => {
  const api = KubernetesObjectApi.makeApiClient(kc);
  const seen: string[] = [];
  const watch = new Watch(kc);
  let done!: () => void;
  const twoSeen = new Promise<void>((r) => (done = r));
  const controller = await watch.watch(
    '/apis/events.orch.io/v1/namespaces/default/events',
    {},
    (type, obj: KubernetesObject) => {
      seen.push(`${type}:${obj.metadata?.name}`);
      if (seen.length >= 2) done();
    },
    () => {},
  );
  const created = await api.create(event('cn1'));
  assert.equal(created.metadata?.name, 'cn1');
  assert.ok(created.metadata?.uid);
  const list = await api.list('events.orch.io/v1', 'Event', 'default');
  assert.deepEqual(list.items.map((i) => i.metadata?.name), ['cn1']);
  await api.delete(created);
  await twoSeen;
  controller.abort();
  assert.deepEqual(seen, ['ADDED:cn1', 'DELETED:cn1']);
  const after = await api.list('events.orch.io/v1', 'Event', 'default');
  assert.equal(after.items.length, 0);
});

// The REST client against a real API server serving Events: create/get/list/update/delete and
// watch, in protobuf and JSON; Status errors; the QPS/burst bucket measured by timestamps.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApiserver, type TestApiserver } from '../support/apiserver.ts';
import { openEventsBackend, connectionFor, testEvent, type EventsBackend } from '../support/events-apiserver.ts';
import { RestClient } from '../../src/client/rest/client.ts';
import { ResourceClient } from '../../src/client/rest/resource.ts';
import { servesResource } from '../../src/client/rest/discovery.ts';
import { isAlreadyExists, isNotFound, StatusError } from '../../src/machinery/status.ts';
import type { WatchEvent } from '../../src/client/rest/watch-stream.ts';

const EVENTS = { group: 'events.orch.io', version: 'v1', resource: 'events' };
let backend: EventsBackend;
let server: TestApiserver;
const clients: RestClient[] = [];

before(async () => {
  backend = await openEventsBackend();
  server = await startTestApiserver({}, { apiHandler: backend.apiHandler });
});
after(async () => {
  for (const c of clients) c.close();
  await server.stop();
  await backend.close();
});

function client(contentType: string, qps = 1000, burst = 1000): RestClient {
  const c = new RestClient(connectionFor(server), { qps, burst, contentType });
  clients.push(c);
  return c;
}

async function nextEvents(stream: AsyncIterable<WatchEvent>, n: number): Promise<WatchEvent[]> {
  const out: WatchEvent[] = [];
  for await (const e of stream) {
    out.push(e);
    if (out.length === n) break;
  }
  return out;
}

for (const contentType of ['application/vnd.orch.protobuf', 'application/json']) {
  test(`create, get, list, update, delete and watch events as ${contentType}`, async () => {
    const ns = contentType.includes('protobuf') ? 'pb' : 'js';
    const events = new ResourceClient(client(contentType), EVENTS, ns);
    const created = await events.create(testEvent('e1', 'first', ns));
    assert.equal(created.note, 'first');
    assert.ok(created.metadata.uid);
    const watch = await events.watch({ resourceVersion: created.metadata.resourceVersion });
    const got = await events.get('e1');
    assert.equal(got.metadata.resourceVersion, created.metadata.resourceVersion);
    const updated = await events.update({ ...got, series: { count: 2, lastObservedTime: '2026-11-22T05:01:00.000000Z' } });
    assert.equal(updated.series.count, 2);
    await events.create(testEvent('e2', 'second', ns));
    const list = await events.list();
    assert.deepEqual(list.items.map((i) => i.metadata.name), ['e1', 'e2']);
    assert.ok(Number(list.metadata.resourceVersion) >= Number(updated.metadata.resourceVersion));
    await events.delete('e1');
    const seen = await nextEvents(watch, 3);
    watch.stop();
    assert.deepEqual(seen.map((e) => `${e.type} ${e.object.metadata.name}`), ['MODIFIED e1', 'ADDED e2', 'DELETED e1']);
    assert.equal(seen[0]!.object.series.count, 2);
  });
}

for (const contentType of ['application/vnd.orch.protobuf', 'application/json']) {
  test(`merge and apply patches are sent with their patch type (client speaks ${contentType})`, async () => {
    const ns = contentType.includes('protobuf') ? 'patch-pb' : 'patch-js';
    const events = new ResourceClient(client(contentType), EVENTS, ns);
    await events.create({ ...testEvent('p1', 'first', ns), metadata: { name: 'p1', namespace: ns, labels: { keep: 'yes', drop: 'yes' } } });

    // A merge patch: null removes a key, the rest of the object is left alone.
    const merged = await events.patch('p1', 'application/merge-patch+json', { metadata: { labels: { drop: null, added: 'yes' } } });
    assert.deepEqual(merged.metadata.labels, { keep: 'yes', added: 'yes' });
    assert.equal(merged.note, 'first', 'untouched fields stay');

    // An apply patch written as YAML, owned by its field manager; another manager conflicts
    // unless it forces.
    const yaml = `apiVersion: events.orch.io/v1\nkind: Event\nmetadata:\n  name: p1\n  namespace: ${ns}\n  annotations:\n    owner: first\n`;
    const applied = await events.patch('p1', 'application/apply-patch+yaml', yaml, { fieldManager: 'first-manager' });
    assert.deepEqual(applied.metadata.annotations, { owner: 'first' });
    assert.ok(applied.metadata.managedFields.some((f: { manager: string; operation: string }) => f.manager === 'first-manager' && f.operation === 'Apply'));
    const other = yaml.replace('owner: first', 'owner: second');
    await assert.rejects(events.patch('p1', 'application/apply-patch+yaml', other, { fieldManager: 'second-manager' }), (err: unknown) => {
      assert.ok(err instanceof StatusError);
      assert.equal(err.code, 409, JSON.stringify(err.status));
      return true;
    });
    assert.equal((await events.patch('p1', 'application/apply-patch+yaml', other, { fieldManager: 'second-manager', force: true })).metadata.annotations.owner, 'second');

    // Without a field manager the server refuses the apply; the same body as a plain JSON
    // request is not a patch at all.
    await assert.rejects(events.patch('p1', 'application/apply-patch+yaml', yaml), (err: unknown) => err instanceof StatusError && err.code === 422);
    await assert.rejects(events.client.request({ method: 'PATCH', path: `${events.path}/p1`, body: { metadata: { labels: { x: 'y' } } }, contentType: 'application/json' }), (err: unknown) => {
      assert.ok(err instanceof StatusError);
      assert.equal(err.code, 415);
      return true;
    });
  });
}

test('unsuccessful answers are StatusErrors carrying the server\'s Status', async () => {
  const events = new ResourceClient(client('application/vnd.orch.protobuf'), EVENTS, 'errors');
  await assert.rejects(events.get('missing'), (err: unknown) => {
    assert.ok(err instanceof StatusError);
    assert.ok(isNotFound(err));
    assert.equal(err.reason, 'NotFound');
    assert.equal(err.message, 'events.events.orch.io "missing" not found');
    return true;
  });
  await events.create(testEvent('dup', 'x', 'errors'));
  await assert.rejects(events.create(testEvent('dup', 'x', 'errors')), (err) => isAlreadyExists(err));
  await assert.rejects(events.create({ ...testEvent('bad', 'x', 'errors'), note: 'x'.repeat(1025) }), (err: unknown) => {
    assert.ok(err instanceof StatusError);
    assert.equal(err.code, 422);
    assert.equal(err.reason, 'Invalid');
    assert.ok(err.status.details?.causes?.some((c) => c.field === 'message' && /at most 1024 characters/.test(c.message ?? '')), JSON.stringify(err.status));
    return true;
  });
  const anonymous = new RestClient({ host: server.url, caData: connectionFor(server).caData }, { qps: 0, burst: 0, contentType: 'application/json' });
  clients.push(anonymous);
  await assert.rejects(new ResourceClient(anonymous, EVENTS, 'errors').list(), (err: unknown) => err instanceof StatusError && (err.code === 401 || err.code === 403));
  await assert.rejects(client('application/json').request({ path: '/apis/nope.orch.io/v1/things' }), (err) => isNotFound(err));
});

test('the token bucket spaces requests: a burst of 2 at 20 qps', async () => {
  const events = new ResourceClient(client('application/json', 20, 2), EVENTS, 'qps');
  const times: number[] = [];
  const start = performance.now();
  await Promise.all(Array.from({ length: 6 }, async () => {
    await events.list();
    times.push(performance.now() - start);
  }));
  times.sort((a, b) => a - b);
  // Two at once, then one every 50 ms: the sixth no earlier than 4 × 50 ms.
  assert.ok(times[1]! < 150, `burst answered at once: ${times}`);
  assert.ok(times[5]! >= 195, `sixth request waited for its token: ${times}`);
});

test('discovery tells served resources from missing ones', async () => {
  const c = client('application/json');
  assert.equal(await servesResource(c, EVENTS), true);
  assert.equal(await servesResource(c, { group: 'coordination.orch.io', version: 'v1', resource: 'leases' }), false);
  assert.equal(await servesResource(c, { group: 'events.orch.io', version: 'v1', resource: 'widgets' }), false);
});

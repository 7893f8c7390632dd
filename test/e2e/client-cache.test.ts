// Reflector and shared informer against a real API server serving Events: a paginated list then
// a watch that sees adds, updates and deletes; WatchList, and the fall back to list and watch when
// a server refuses it; a relist after the watch's history was compacted away (410).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApiserver, type TestApiserver } from '../support/apiserver.ts';
import { openEventsBackend, connectionFor, testEvent, type EventsBackend } from '../support/events-apiserver.ts';
import { RestClient } from '../../src/client/rest/client.ts';
import { ResourceClient } from '../../src/client/rest/resource.ts';
import { SharedInformer } from '../../src/client/cache/shared-informer.ts';
import { NAMESPACE_INDEX } from '../../src/client/cache/store.ts';
import { realClock } from '../../src/client/clock/clock.ts';
import type { ListerWatcher } from '../../src/client/cache/reflector.ts';
import { badRequest } from '../../src/machinery/status.ts';

const EVENTS = { group: 'events.orch.io', version: 'v1', resource: 'events' };
let backend: EventsBackend;
let server: TestApiserver;
let rest: RestClient;

before(async () => {
  backend = await openEventsBackend();
  server = await startTestApiserver({}, { apiHandler: backend.apiHandler });
  rest = new RestClient(connectionFor(server), { qps: 0, burst: 0, contentType: 'application/vnd.orch.protobuf' });
});
after(async () => {
  rest.close();
  await server.stop();
  await backend.close();
});

async function until(what: string, cond: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

function recorder() {
  const seen: string[] = [];
  return {
    seen,
    handler: {
      onAdd: (o: any, initial: boolean) => seen.push(`add ${o.metadata.name}${initial ? ' (initial)' : ''}`),
      onUpdate: (_old: any, o: any) => seen.push(`update ${o.metadata.name} ${o.series?.count ?? ''}`.trim()),
      onDelete: (o: any) => seen.push(`delete ${o.metadata.name}`),
    },
  };
}

async function seed(ns: string, n: number): Promise<ResourceClient> {
  const events = new ResourceClient(rest, EVENTS, ns);
  for (let i = 0; i < n; i++) await events.create(testEvent(`e${i}`, `n${i}`, ns));
  return events;
}

test('list in pages of 2, then the watch sees adds, updates and deletes', async () => {
  const events = await seed('paged', 5);
  const informer = new SharedInformer<any>(events, { clock: realClock, pageSize: 2, useWatchList: false });
  const r = recorder();
  informer.addEventHandler(r.handler);
  const stop = new AbortController();
  const running = informer.run(stop.signal);
  await informer.waitForSync();
  assert.deepEqual(informer.reflector.stats, { lists: 1, listPages: 3, watches: 0, watchLists: 0, relistsAfterExpiry: 0 });
  assert.equal(informer.indexer.byIndex(NAMESPACE_INDEX, 'paged').length, 5);
  await until('the watch', () => informer.reflector.stats.watches === 1);
  await events.create(testEvent('new', 'x', 'paged'));
  const e1 = await events.get('e1');
  await events.update({ ...e1, series: { count: 3, lastObservedTime: '2026-11-22T05:02:00.000000Z' } });
  await events.delete('e2');
  await until('three changes', () => r.seen.length === 8);
  assert.deepEqual(r.seen, ['add e0 (initial)', 'add e1 (initial)', 'add e2 (initial)', 'add e3 (initial)', 'add e4 (initial)', 'add new', 'update e1 3', 'delete e2']);
  assert.deepEqual(informer.indexer.listKeys().sort(), ['paged/e0', 'paged/e1', 'paged/e3', 'paged/e4', 'paged/new']);
  stop.abort();
  await running;
});

test('WatchList streams the initial state and goes on watching, without a list', async () => {
  const events = await seed('watchlist', 3);
  const informer = new SharedInformer<any>(events, { clock: realClock, useWatchList: true });
  const r = recorder();
  informer.addEventHandler(r.handler);
  const stop = new AbortController();
  const running = informer.run(stop.signal);
  await informer.waitForSync();
  assert.equal(informer.reflector.stats.lists, 0);
  assert.equal(informer.reflector.stats.watchLists, 1);
  assert.deepEqual(r.seen, ['add e0 (initial)', 'add e1 (initial)', 'add e2 (initial)']);
  await events.delete('e0');
  await until('the delete', () => r.seen.length === 4);
  assert.equal(r.seen[3], 'delete e0');
  stop.abort();
  await running;
});

test('a server that refuses WatchList gets a list and a watch instead', async () => {
  const events = await seed('refused', 2);
  // As a server without WatchList answers: sendInitialEvents is refused.
  const olderServer: ListerWatcher<any> = {
    list: (opts, signal) => events.list(opts, signal),
    watch: async (opts, signal) => {
      if (opts.sendInitialEvents) throw badRequest('sendInitialEvents is not supported');
      return events.watch(opts, signal);
    },
  };
  const informer = new SharedInformer<any>(olderServer, { clock: realClock, useWatchList: true });
  const stop = new AbortController();
  const running = informer.run(stop.signal);
  await informer.waitForSync();
  assert.equal(informer.reflector.stats.lists, 1);
  assert.equal(informer.indexer.list().length, 2);
  stop.abort();
  await running;
});

test('after history is compacted away, a reopened watch gets 410 and the reflector relists', async () => {
  const events = await seed('expired', 2);
  const informer = new SharedInformer<any>(events, { clock: realClock, useWatchList: false, watchTimeoutSeconds: () => 1, backoffInitialMs: 10 });
  const r = recorder();
  informer.addEventHandler(r.handler);
  const stop = new AbortController();
  const running = informer.run(stop.signal);
  await informer.waitForSync();
  await until('the watch', () => informer.reflector.stats.watches === 1);
  // Writes elsewhere move the revision on; compaction then drops the history the watch resumes from.
  const other = await seed('elsewhere', 3);
  await other.delete('e0');
  await backend.kv.compact(await backend.kv.currentRevision());
  await until('a relist after 410', () => informer.reflector.stats.relistsAfterExpiry >= 1, 8000);
  await until('the second list', () => informer.reflector.stats.lists >= 2);
  await events.create(testEvent('after', 'x', 'expired'));
  await until('the add after the relist', () => r.seen.includes('add after'));
  assert.deepEqual(informer.indexer.listKeys().sort(), ['expired/after', 'expired/e0', 'expired/e1']);
  stop.abort();
  await running;
});

test('the informer factory shares one informer per resource and resyncs on its period', async () => {
  const { InformerFactory } = await import('../../src/client/cache/informer-factory.ts');
  const { FakeClock } = await import('../../src/client/clock/fake-clock.ts');
  await seed('resync', 2);
  const clock = new FakeClock();
  const factory = new InformerFactory(rest, { clock, minResyncPeriodMs: 60_000, random: () => 0.5, useWatchList: false });
  const informer = factory.informerFor<any>(EVENTS, 'resync');
  assert.equal(factory.informerFor(EVENTS, 'resync'), informer, 'shared');
  assert.notEqual(factory.informerFor(EVENTS, 'elsewhere'), informer, 'one per namespace');
  const r = recorder();
  informer.addEventHandler(r.handler);
  const stop = new AbortController();
  factory.start(stop.signal);
  await factory.waitForCacheSync();
  await clock.step(89_999);
  assert.deepEqual(r.seen, ['add e0 (initial)', 'add e1 (initial)'], 'no resync before 1.5 × 60 s');
  await clock.step(1);
  assert.deepEqual(r.seen.slice(2), ['update e0', 'update e1']);
  await clock.step(90_000);
  assert.equal(r.seen.length, 6);
  stop.abort();
  await factory.stopped();
});

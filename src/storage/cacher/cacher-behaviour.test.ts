// What the watch cache does beyond the store contract: which reads it answers from memory, the
// window of history, 410 for revisions before it, bounded queues, bookmarks, predicates.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { codecFor } from '../codecs/index.ts';
import { openSqliteKv } from '../kv/sqlite/index.ts';
import type { Kv } from '../kv/interface.ts';
import { createStore } from '../store.ts';
import { isStorageError, type ApiObject, type Store, type WatchEvent, type Watcher } from '../interface.ts';
import { createCacher, type Cacher, type CacherOptions } from './cacher.ts';

interface Pod extends ApiObject {
  spec?: { phase?: string; n?: number };
}

const pod = (name: string, spec: Pod['spec'] = {}): Pod => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'ns' }, spec });
const rv = (o: ApiObject) => Number(o.metadata.resourceVersion);

/** The real SQLite store, counting the reads that reach it. */
function counting(store: Store<Pod>) {
  const calls = { list: 0, get: 0, watch: 0, revisionsAhead: 0 };
  const wrapped: Store<Pod> = {
    ...store,
    create: (k, o, t) => store.create(k, o, t),
    guaranteedUpdate: (k, o) => store.guaranteedUpdate(k, o),
    delete: (k, o) => store.delete(k, o),
    list: (k, o) => (calls.list++, store.list(k, o)),
    get: (k, o) => (calls.get++, store.get(k, o)),
    watch: (k, o) => (calls.watch++, store.watch(k, o)),
    // revisionsAhead pretends the store has moved on by writes this cache will never see.
    currentRevision: async () => (await store.currentRevision()) + calls.revisionsAhead,
    count: (p) => store.count(p),
    close: () => store.close(),
  };
  return { store: wrapped, calls };
}

async function take<T extends ApiObject>(w: Watcher<T>, n: number, timeoutMs = 3000): Promise<Array<WatchEvent<T>>> {
  const it = w[Symbol.asyncIterator]();
  const out: Array<WatchEvent<T>> = [];
  const deadline = Date.now() + timeoutMs;
  while (out.length < n) {
    let timer: NodeJS.Timeout | undefined;
    const next = await Promise.race([it.next(), new Promise<'timeout'>((r) => (timer = setTimeout(() => r('timeout'), Math.max(1, deadline - Date.now()))))]);
    clearTimeout(timer);
    if (next === 'timeout') throw new Error(`timed out after ${out.length} of ${n} events`);
    if (next.done) break;
    out.push(next.value);
  }
  return out;
}

describe('watch cache behaviour', () => {
  let dir: string;
  let kv: Kv;
  let n = 0;
  const open: Array<Cacher<Pod>> = [];
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'orch-cacher-'));
    kv = await openSqliteKv(join(dir, 'orch.db'));
  });
  after(async () => {
    for (const c of open) await c.close();
    await kv.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A cacher over its own resource prefix of the shared store. */
  async function setup(opts: Partial<CacherOptions<Pod>> = {}) {
    const prefix = `/registry/pods${++n}/`;
    const base = createStore<Pod>({ kv, codec: codecFor('application/json'), groupResource: { group: '', resource: `pods${n}` }, watchQueueSize: 100_000 });
    const { store, calls } = counting(base);
    const cacher = createCacher<Pod>({ store, prefix, closeStore: false, ...opts });
    open.push(cacher);
    assert.equal(await cacher.waitReady(5000), true);
    return { cacher, calls, prefix, key: (name: string) => `${prefix}ns/${name}` };
  }

  test('resourceVersion=0 lists and gets are answered from memory', async () => {
    const { cacher, calls, key, prefix } = await setup();
    const a = await cacher.create(key('a'), pod('a'));
    await waitUntil(() => cacher.cachedRevision() >= rv(a));
    const before = { ...calls };
    const list = await cacher.list(prefix, { recursive: true, resourceVersion: '0' });
    assert.deepEqual(list.items.map((o) => o.metadata.name), ['a']);
    assert.equal(list.resourceVersion, String(cacher.cachedRevision()));
    const got = await cacher.get(key('a'), { resourceVersion: '0' });
    assert.equal(got?.metadata.name, 'a');
    assert.deepEqual(calls, before, 'the store was not asked');
    assert.throws(() => {
      (got as Pod).metadata.name = 'changed';
    }, TypeError, 'objects shared from memory are frozen');
  });

  test('peek answers from memory at once: the object held, nothing for a key not held or outside the cache', async () => {
    const { cacher, calls, key } = await setup();
    const a = await cacher.create(key('a'), pod('a'));
    await waitUntil(() => cacher.cachedRevision() >= rv(a));
    const before = { ...calls };
    const held = cacher.peek!(key('a'));
    assert.equal(held?.metadata.name, 'a');
    assert.equal(held?.metadata.resourceVersion, a.metadata.resourceVersion);
    assert.ok(Object.isFrozen(held), 'shared from memory, frozen');
    assert.equal(cacher.peek!(key('missing')), undefined);
    assert.equal(cacher.peek!('/registry/elsewhere/ns/a'), undefined);
    assert.deepEqual(calls, before, 'the store was not asked');
    await cacher.delete(key('a'));
    await waitUntil(() => cacher.peek!(key('a')) === undefined);
  });

  test('a consistent list is served from memory once the cache has caught up', async () => {
    const { cacher, calls, key, prefix } = await setup();
    for (const name of ['c', 'a', 'b']) await cacher.create(key(name), pod(name));
    const before = calls.list;
    const list = await cacher.list(prefix, { recursive: true });
    assert.deepEqual(list.items.map((o) => o.metadata.name), ['a', 'b', 'c'], 'read-your-writes, in key order');
    assert.equal(calls.list, before, 'served from memory');
  });

  test('a most-recent get that only reads is served from memory, read-your-writes; one that may change its result is not', async () => {
    const { cacher, calls, key } = await setup();
    await cacher.create(key('a'), pod('a', { n: 1 }));
    const updated = await cacher.guaranteedUpdate(key('a'), { tryUpdate: async (cur) => ({ object: { ...cur!, spec: { n: 2 } } }) });
    const before = calls.get;
    const shared = await cacher.get(key('a'), { readOnly: true });
    assert.equal(shared?.spec?.n, 2, 'the write just acknowledged');
    assert.equal(shared?.metadata.resourceVersion, updated.metadata.resourceVersion);
    assert.ok(Object.isFrozen(shared), 'shared from memory, frozen');
    assert.equal(calls.get, before, 'the store was not asked');
    const own = await cacher.get(key('a'));
    assert.equal(calls.get, before + 1, 'without readOnly the store answers');
    own!.spec!.n = 3;
    assert.equal(shared?.spec?.n, 2, "the caller's own copy");
    await cacher.delete(key('a'));
    await assert.rejects(cacher.get(key('a'), { readOnly: true }), (err: unknown) => isStorageError(err, 'NotFound'), 'gone at once');
  });

  test('a most-recent get falls through to the store when the cache cannot catch up in time', async () => {
    const { cacher, calls, key } = await setup({ consistentReadWaitMs: 50 });
    await cacher.create(key('a'), pod('a'));
    calls.revisionsAhead = 5;
    const before = calls.get;
    const got = await cacher.get(key('a'), { readOnly: true });
    assert.equal(got?.metadata.name, 'a');
    assert.equal(calls.get, before + 1, 'the store answered');
    calls.revisionsAhead = 0;
  });

  test('a consistent list falls through to the store when the cache cannot catch up in time', async () => {
    const { cacher, calls, key, prefix } = await setup({ consistentReadWaitMs: 50 });
    await cacher.create(key('a'), pod('a'));
    calls.revisionsAhead = 5;
    const before = calls.list;
    const began = Date.now();
    const list = await cacher.list(prefix, { recursive: true });
    assert.deepEqual(list.items.map((o) => o.metadata.name), ['a']);
    assert.equal(calls.list, before + 1, 'the store answered');
    assert.ok(Date.now() - began < 1000, 'after a brief wait');
    calls.revisionsAhead = 0;
  });

  test('pages from memory carry continue tokens and remainingItemCount, and a stale token goes to the store', async () => {
    const { cacher, calls, key, prefix } = await setup();
    for (let i = 0; i < 5; i++) await cacher.create(key(`p${i}`), pod(`p${i}`, { n: i }));
    await waitUntil(async () => cacher.cachedRevision() >= (await kv.currentRevision()) - 1);
    const before = calls.list;
    const page1 = await cacher.list(prefix, { recursive: true, resourceVersion: '0', limit: 2 });
    assert.deepEqual(page1.items.map((o) => o.metadata.name), ['p0', 'p1']);
    assert.equal(page1.remainingItemCount, 3);
    assert.ok(page1.continue);
    const page2 = await cacher.list(prefix, { recursive: true, limit: 2, continue: page1.continue });
    assert.deepEqual(page2.items.map((o) => o.metadata.name), ['p2', 'p3']);
    assert.equal(calls.list, before, 'both pages from memory');
    await cacher.delete(key('p4'));
    await waitUntil(async () => cacher.cachedRevision() >= (await kv.currentRevision()));
    const page3 = await cacher.list(prefix, { recursive: true, limit: 2, continue: page2.continue });
    assert.deepEqual(page3.items.map((o) => o.metadata.name), ['p4'], 'the later page still shows the first page\'s snapshot');
    assert.equal(calls.list, before + 1, 'the store served the old snapshot');
    await assert.rejects(cacher.list(prefix, { recursive: true, limit: 2, continue: 'not-a-token' }), (err: unknown) => isStorageError(err, 'BadRequest'));
  });

  test('watches inside the window are served from memory; older ones get 410 Expired', async () => {
    const { cacher, calls, key, prefix } = await setup({ windowSize: 4 });
    const first = await cacher.create(key('a'), pod('a', { n: 0 }));
    let last = first;
    for (let i = 1; i <= 6; i++) last = await cacher.guaranteedUpdate(key('a'), { tryUpdate: (c) => ({ object: { ...c!, spec: { n: i } } }) });
    await waitUntil(() => cacher.cachedRevision() >= rv(last));
    const before = calls.watch;
    const recent = await cacher.watch(prefix, { recursive: true, resourceVersion: String(rv(last) - 2) });
    try {
      const events = await take(recent, 2);
      assert.deepEqual(events.map((e) => [e.type, e.object.spec?.n]), [['MODIFIED', 5], ['MODIFIED', 6]]);
      assert.equal(calls.watch, before, 'replayed from memory');
    } finally {
      recent.stop();
    }
    const old = await cacher.watch(prefix, { recursive: true, resourceVersion: String(rv(first)) });
    const events = await take(old, 2);
    assert.equal(events.length, 1, 'the watch ends after the error');
    const status = events[0]!.object as unknown as { kind: string; code: number; reason: string; message: string };
    assert.equal(events[0]!.type, 'ERROR');
    assert.equal(status.kind, 'Status');
    assert.equal(status.code, 410);
    assert.equal(status.reason, 'Expired');
    assert.match(status.message, new RegExp(`too old resource version: ${rv(first)} \\(\\d+\\)`));
  });

  test('a watch at a future resourceVersion fails with ResourceVersionTooLarge after waiting', async () => {
    const { cacher, prefix } = await setup({ futureRevisionWaitMs: 100 });
    const far = (await kv.currentRevision()) + 1000;
    await assert.rejects(cacher.watch(prefix, { recursive: true, resourceVersion: String(far) }), (err: unknown) => isStorageError(err, 'ResourceVersionTooLarge'));
    await assert.rejects(cacher.watch(prefix, { recursive: true, resourceVersion: 'x1' }), (err: unknown) => isStorageError(err, 'BadRequest'));
  });

  test('sendInitialEvents: ADDED for each matching object, then the annotated BOOKMARK, then changes', async () => {
    const { cacher, key, prefix } = await setup();
    await cacher.create(key('a'), pod('a', { phase: 'Running' }));
    await cacher.create(key('b'), pod('b', { phase: 'Pending' }));
    await cacher.create(key('c'), pod('c', { phase: 'Running' }));
    const w = await cacher.watch(prefix, { recursive: true, sendInitialEvents: true, predicate: (p) => p.spec?.phase === 'Running' });
    try {
      const events = await take(w, 3);
      assert.deepEqual(events.map((e) => [e.type, e.object.metadata.name]), [['ADDED', 'a'], ['ADDED', 'c'], ['BOOKMARK', undefined]]);
      const bm = events[2]!.object;
      assert.equal(bm.metadata.annotations?.['k8s.io/initial-events-end'], 'true');
      assert.ok(rv(bm) >= rv(events[1]!.object), 'the bookmark carries the revision of the initial state');
      const d = await cacher.create(key('d'), pod('d', { phase: 'Running' }));
      const [ev] = await take(w, 1);
      assert.deepEqual([ev!.type, ev!.object.metadata.name, ev!.object.metadata.resourceVersion], ['ADDED', 'd', d.metadata.resourceVersion]);
    } finally {
      w.stop();
    }
  });

  test('objects entering and leaving a predicate become ADDED and DELETED (the old object at the new revision)', async () => {
    const { cacher, key, prefix } = await setup();
    const start = await cacher.currentRevision();
    const w = await cacher.watch(prefix, { recursive: true, resourceVersion: String(start), predicate: (p) => p.spec?.phase === 'Running' });
    try {
      await cacher.create(key('a'), pod('a', { phase: 'Pending' }));
      await cacher.guaranteedUpdate(key('a'), { tryUpdate: (c) => ({ object: { ...c!, spec: { phase: 'Running' } } }) });
      await cacher.guaranteedUpdate(key('a'), { tryUpdate: (c) => ({ object: { ...c!, spec: { phase: 'Running', n: 1 } } }) });
      const left = await cacher.guaranteedUpdate(key('a'), { tryUpdate: (c) => ({ object: { ...c!, spec: { phase: 'Done' } } }) });
      const events = await take(w, 3);
      assert.deepEqual(events.map((e) => [e.type, e.object.spec?.phase]), [['ADDED', 'Running'], ['MODIFIED', 'Running'], ['DELETED', 'Running']]);
      assert.equal(events[2]!.object.metadata.resourceVersion, left.metadata.resourceVersion);
    } finally {
      w.stop();
    }
  });

  test('a watcher that does not read is ended with 410 once its queue is full; others carry on', async () => {
    const { cacher, key, prefix } = await setup({ watcherQueueSize: 10 });
    const start = await cacher.currentRevision();
    const slow = await cacher.watch(prefix, { recursive: true, resourceVersion: String(start) });
    const fast = await cacher.watch(prefix, { recursive: true, resourceVersion: String(start) });
    const fastEvents: Array<WatchEvent<Pod>> = [];
    const reading = (async () => {
      for await (const ev of fast) {
        fastEvents.push(ev);
        if (fastEvents.length === 30) break;
      }
    })();
    for (let i = 0; i < 30; i++) await cacher.create(key(`s${i}`), pod(`s${i}`));
    await reading;
    assert.equal(fastEvents.length, 30);
    const events: Array<WatchEvent<Pod>> = [];
    for await (const ev of slow) events.push(ev);
    assert.ok(events.length <= 11, `at most the queue and the error were kept (${events.length})`);
    const last = events[events.length - 1]!;
    assert.equal(last.type, 'ERROR');
    assert.equal((last.object as unknown as { code: number }).code, 410);
    assert.equal(cacher.watcherCount(), 0, 'both watchers are gone');
  });

  test('progressNotify watchers get BOOKMARKs with the cache revision', async () => {
    const { cacher, prefix } = await setup({ bookmarkIntervalMs: 50 });
    const rev = cacher.cachedRevision();
    const w = await cacher.watch(prefix, { recursive: true, resourceVersion: String(rev), progressNotify: true });
    const quiet = await cacher.watch(prefix, { recursive: true, resourceVersion: String(rev) });
    try {
      const [ev] = await take(w, 1);
      assert.equal(ev!.type, 'BOOKMARK');
      assert.ok(rv(ev!.object) >= rev);
      await assert.rejects(take(quiet, 1, 200), /timed out/, 'no bookmarks for watchers that did not ask');
    } finally {
      w.stop();
      quiet.stop();
    }
  });

  test('writes pass through to the store and close ends watchers', async () => {
    const { cacher, calls, key, prefix } = await setup();
    const w = await cacher.watch(prefix, { recursive: true, resourceVersion: String(await cacher.currentRevision()) });
    const created = await cacher.create(key('x'), pod('x'));
    await assert.rejects(cacher.create(key('x'), pod('x')), (err: unknown) => isStorageError(err, 'KeyExists'));
    const deleted = await cacher.delete(key('x'));
    assert.ok(rv(deleted) > rv(created));
    const events = await take(w, 2);
    assert.deepEqual(events.map((e) => e.type), ['ADDED', 'DELETED']);
    const pending = w[Symbol.asyncIterator]().next();
    await cacher.close();
    assert.deepEqual(await pending, { done: true, value: undefined });
    void calls;
  });
});

async function waitUntil(cond: () => boolean | Promise<boolean>, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > deadline) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 10));
  }
}

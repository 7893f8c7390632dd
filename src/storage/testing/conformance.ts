// The conformance suite for the object store (Store), run over every backend and over the watch
// cache. Each case opens a fresh store and works under a prefix of its own. Cases that need to
// compact history use the optional kv the opener returns and are skipped without it.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isStorageError, type ApiObject, type Store, type StorageErrorCode, type WatchEvent, type Watcher } from '../interface.ts';
import type { Kv } from '../kv/interface.ts';
import { checkSkipsNameCases, skipReason, type Skips } from '../kv/testing/skips.ts';

export type StoreOpener = () => Promise<{ store: Store; kv?: Kv; cleanup: () => Promise<void> }>;

interface Widget extends ApiObject {
  spec?: { size?: number; color?: string };
}

interface Ctx {
  store: Store<Widget>;
  kv: Kv | undefined;
  /** A fresh prefix ending in "/", e.g. /registry/conformance-x/widgets/ */
  base: string;
}

function widget(name: string, spec: Widget['spec'] = {}, extra: Partial<Widget['metadata']> = {}): Widget {
  return { apiVersion: 'example.orch.io/v1', kind: 'Widget', metadata: { name, namespace: 'ns', uid: `uid-${name}`, ...extra }, spec };
}

async function rejectsWith(p: Promise<unknown>, code: StorageErrorCode, message?: RegExp): Promise<void> {
  await assert.rejects(p, (err: unknown) => {
    assert.ok(isStorageError(err, code), `want StorageError ${code}, got ${String(err)} (${(err as { code?: string }).code})`);
    if (message) assert.match(err.message, message);
    return true;
  });
}

function rvOf(obj: ApiObject | undefined): number {
  const rv = obj?.metadata.resourceVersion;
  assert.ok(rv && /^[0-9]+$/.test(rv), `object carries a numeric resourceVersion, got ${rv}`);
  return Number(rv);
}

/** Reads n events, failing if they do not arrive within timeoutMs. */
async function take<T extends ApiObject>(w: Watcher<T>, n: number, timeoutMs = 5000): Promise<WatchEvent<T>[]> {
  const it = w[Symbol.asyncIterator]();
  const out: WatchEvent<T>[] = [];
  const deadline = Date.now() + timeoutMs;
  while (out.length < n) {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), Math.max(1, deadline - Date.now()))));
    const next = await Promise.race([it.next(), timeout]);
    clearTimeout(timer);
    if (next === 'timeout') throw new Error(`timed out after ${out.length} of ${n} events: ${JSON.stringify(out.map((e) => e.type))}`);
    if (next.done) break;
    out.push(next.value);
  }
  return out;
}

/** Asserts nothing arrives for a while. */
async function quiet<T extends ApiObject>(w: Watcher<T>, ms = 300): Promise<void> {
  const it = w[Symbol.asyncIterator]();
  let timer: NodeJS.Timeout | undefined;
  const next = await Promise.race([it.next(), new Promise<'quiet'>((resolve) => (timer = setTimeout(() => resolve('quiet'), ms)))]);
  clearTimeout(timer);
  assert.equal(next, 'quiet', `expected no event, got ${JSON.stringify(next)}`);
}

function summary(events: WatchEvent<Widget>[]): Array<[string, string | undefined, number | undefined]> {
  return events.map((e) => [e.type, e.object.metadata.name, e.object.spec?.size]);
}

export function runStoreConformance(name: string, open: StoreOpener, skip: Skips = {}): void {
  describe(`Store conformance: ${name}`, () => {
    const cases: Array<[string, (c: Ctx) => Promise<void>, { needsKv?: boolean }?]> = [];
    const it = (title: string, fn: (c: Ctx) => Promise<void>, o?: { needsKv?: boolean }): void => {
      cases.push([title, fn, o]);
    };

    it('create returns the object with its resourceVersion; get returns the same', async ({ store, base, kv }) => {
      const before = await store.currentRevision();
      const created = await store.create(`${base}ns/a`, widget('a', { size: 1 }));
      assert.ok(rvOf(created) > before);
      assert.equal(created.spec?.size, 1);
      assert.equal(created.metadata.uid, 'uid-a');
      const got = await store.get(`${base}ns/a`);
      assert.deepEqual(got, created);
      assert.equal(await store.currentRevision(), rvOf(created));
      if (kv) {
        const raw = (await kv.get(`${base}ns/a`)).kv!;
        assert.ok(!Buffer.from(raw.value).toString('latin1').includes('resourceVersion'), 'resourceVersion is never stored');
      }
    });

    it('create refuses an existing key and an object that carries a resourceVersion', async ({ store, base }) => {
      await store.create(`${base}ns/a`, widget('a'));
      await rejectsWith(store.create(`${base}ns/a`, widget('a', { size: 2 })), 'KeyExists');
      await rejectsWith(store.create(`${base}ns/b`, widget('b', {}, { resourceVersion: '12' })), 'InvalidObject', /resourceVersion/);
      assert.equal(await store.get(`${base}ns/b`, { ignoreNotFound: true }), undefined);
    });

    it('get of a missing key is NotFound, or undefined with ignoreNotFound', async ({ store, base }) => {
      await rejectsWith(store.get(`${base}ns/missing`), 'NotFound');
      assert.equal(await store.get(`${base}ns/missing`, { ignoreNotFound: true }), undefined);
    });

    it('reads with resourceVersion: older and current succeed, bad values are refused', async ({ store, base }) => {
      const a = await store.create(`${base}ns/a`, widget('a'));
      assert.deepEqual(await store.get(`${base}ns/a`, { resourceVersion: '0' }), a);
      assert.deepEqual(await store.get(`${base}ns/a`, { resourceVersion: a.metadata.resourceVersion }), a);
      assert.deepEqual(await store.get(`${base}ns/a`, { resourceVersion: '1' }), a);
      await rejectsWith(store.get(`${base}ns/a`, { resourceVersion: 'abc' }), 'BadRequest');
      await rejectsWith(store.list(base, { recursive: true, resourceVersion: '-1' }), 'BadRequest');
    });

    it('a read not older than a future resourceVersion waits for it, then fails with ResourceVersionTooLarge', async ({ store, base }) => {
      const a = await store.create(`${base}ns/a`, widget('a'));
      const next = rvOf(a) + 1;
      const waiting = store.get(`${base}ns/a`, { resourceVersion: String(next) });
      setTimeout(() => void store.create(`${base}ns/b`, widget('b')), 200);
      assert.equal((await waiting)?.metadata.name, 'a', 'the read completes once the store reaches the revision');
      const far = String(rvOf(a) + 1_000_000);
      const started = Date.now();
      await Promise.all([
        rejectsWith(store.get(`${base}ns/a`, { resourceVersion: far }), 'ResourceVersionTooLarge'),
        rejectsWith(store.list(base, { recursive: true, resourceVersion: far, resourceVersionMatch: 'NotOlderThan' }), 'ResourceVersionTooLarge'),
      ]);
      assert.ok(Date.now() - started >= 2500, 'the store waits about 3 s before giving up');
    });

    it('guaranteedUpdate applies tryUpdate to the current object', async ({ store, base }) => {
      const a = await store.create(`${base}ns/a`, widget('a', { size: 1 }));
      let seen: Widget | undefined;
      const updated = await store.guaranteedUpdate(`${base}ns/a`, {
        tryUpdate: (cur) => {
          seen = cur;
          return { object: { ...cur!, spec: { size: 2 } } };
        },
      });
      assert.deepEqual(seen, a, 'tryUpdate sees the stored object with its resourceVersion');
      assert.equal(updated.spec?.size, 2);
      assert.ok(rvOf(updated) > rvOf(a));
      assert.deepEqual(await store.get(`${base}ns/a`), updated);
    });

    it('guaranteedUpdate that changes nothing writes nothing', async ({ store, base }) => {
      const a = await store.create(`${base}ns/a`, widget('a', { size: 1 }));
      const same = await store.guaranteedUpdate(`${base}ns/a`, { tryUpdate: (cur) => ({ object: cur! }) });
      assert.equal(same.metadata.resourceVersion, a.metadata.resourceVersion);
      assert.equal(await store.currentRevision(), rvOf(a));
    });

    it('guaranteedUpdate retries with the fresh state when a concurrent write wins', async ({ store, base }) => {
      await store.create(`${base}ns/a`, widget('a', { size: 1, color: 'red' }));
      const calls: Array<Widget['spec']> = [];
      const result = await store.guaranteedUpdate(`${base}ns/a`, {
        tryUpdate: async (cur) => {
          calls.push(cur!.spec);
          if (calls.length === 1) {
            // Someone else changes the object while we compute.
            await store.guaranteedUpdate(`${base}ns/a`, { tryUpdate: (c) => ({ object: { ...c!, spec: { ...c!.spec, color: 'blue' } } }) });
          }
          return { object: { ...cur!, spec: { ...cur!.spec, size: (cur!.spec?.size ?? 0) + 1 } } };
        },
      });
      assert.equal(calls.length, 2, 'tryUpdate ran again after losing the race');
      assert.deepEqual(calls[1], { size: 1, color: 'blue' }, 'the retry sees the winning write');
      assert.deepEqual(result.spec, { size: 2, color: 'blue' }, 'no update is lost');
    });

    it('guaranteedUpdate checks uid and resourceVersion preconditions', async ({ store, base }) => {
      const a = await store.create(`${base}ns/a`, widget('a', { size: 1 }));
      const bump = (cur: Widget | undefined) => ({ object: { ...cur!, spec: { size: (cur!.spec?.size ?? 0) + 1 } } });
      await rejectsWith(store.guaranteedUpdate(`${base}ns/a`, { preconditions: { uid: 'other' }, tryUpdate: bump }), 'Conflict', /UID in precondition: other/);
      const stale = String(rvOf(a) + 1000);
      await rejectsWith(store.guaranteedUpdate(`${base}ns/a`, { preconditions: { resourceVersion: stale }, tryUpdate: bump }), 'Conflict', /ResourceVersion/);
      const ok = await store.guaranteedUpdate(`${base}ns/a`, { preconditions: { uid: 'uid-a', resourceVersion: a.metadata.resourceVersion }, tryUpdate: bump });
      assert.equal(ok.spec?.size, 2);
    });

    it('guaranteedUpdate with a pinned resourceVersion does not retry: the lost race is a Conflict', async ({ store, base }) => {
      const a = await store.create(`${base}ns/a`, widget('a', { size: 1 }));
      let calls = 0;
      await rejectsWith(
        store.guaranteedUpdate(`${base}ns/a`, {
          preconditions: { resourceVersion: a.metadata.resourceVersion },
          tryUpdate: async (cur) => {
            calls++;
            await store.guaranteedUpdate(`${base}ns/a`, { tryUpdate: (c) => ({ object: { ...c!, spec: { size: 50 } } }) });
            return { object: { ...cur!, spec: { size: 2 } } };
          },
        }),
        'Conflict',
      );
      assert.equal(calls, 1);
      assert.equal((await store.get(`${base}ns/a`))?.spec?.size, 50, 'the winning write stands');
    });

    it('guaranteedUpdate on a missing key is NotFound, or a create with ignoreNotFound', async ({ store, base }) => {
      await rejectsWith(store.guaranteedUpdate(`${base}ns/new`, { tryUpdate: () => ({ object: widget('new') }) }), 'NotFound');
      let seen: Widget | undefined | 'unset' = 'unset';
      const created = await store.guaranteedUpdate(`${base}ns/new`, {
        ignoreNotFound: true,
        tryUpdate: (cur) => {
          seen = cur;
          return { object: widget('new', { size: 7 }) };
        },
      });
      assert.equal(seen, undefined, 'tryUpdate is told there is no current object');
      assert.equal(created.spec?.size, 7);
      assert.deepEqual(await store.get(`${base}ns/new`), created);
    });

    it('a tryUpdate that throws writes nothing and its error reaches the caller', async ({ store, base }) => {
      const a = await store.create(`${base}ns/a`, widget('a', { size: 1 }));
      await assert.rejects(
        store.guaranteedUpdate(`${base}ns/a`, {
          tryUpdate: () => {
            throw new Error('refused by strategy');
          },
        }),
        /refused by strategy/,
      );
      assert.deepEqual(await store.get(`${base}ns/a`), a);
    });

    it('delete returns the last state at the delete revision and removes the key', async ({ store, base }) => {
      const a = await store.create(`${base}ns/a`, widget('a', { size: 3 }));
      const deleted = await store.delete(`${base}ns/a`);
      assert.equal(deleted.spec?.size, 3);
      assert.ok(rvOf(deleted) > rvOf(a), 'the returned object carries the delete revision');
      assert.equal(await store.currentRevision(), rvOf(deleted));
      await rejectsWith(store.get(`${base}ns/a`), 'NotFound');
      await rejectsWith(store.delete(`${base}ns/a`), 'NotFound');
    });

    it('delete honours preconditions and validateDeletion', async ({ store, base }) => {
      const a = await store.create(`${base}ns/a`, widget('a', { size: 3 }));
      await rejectsWith(store.delete(`${base}ns/a`, { preconditions: { uid: 'nope' } }), 'Conflict');
      await rejectsWith(store.delete(`${base}ns/a`, { preconditions: { resourceVersion: String(rvOf(a) + 1000) } }), 'Conflict');
      let validated: Widget | undefined;
      await assert.rejects(
        store.delete(`${base}ns/a`, {
          validateDeletion: (cur) => {
            validated = cur;
            throw new Error('has finalizers');
          },
        }),
        /has finalizers/,
      );
      assert.deepEqual(validated, a, 'validateDeletion sees the current object');
      assert.deepEqual(await store.get(`${base}ns/a`), a, 'a refused delete leaves the object');
      const gone = await store.delete(`${base}ns/a`, { preconditions: { uid: 'uid-a', resourceVersion: a.metadata.resourceVersion } });
      assert.equal(gone.metadata.name, 'a');
    });

    it('list returns the objects under a prefix in key order at the current revision', async ({ store, base }) => {
      for (const n of ['c', 'a', 'b']) await store.create(`${base}ns/${n}`, widget(n));
      await store.create(`${base}other/x`, widget('x'));
      await store.create(`${base}ns-longer/y`, widget('y'));
      const rev = await store.currentRevision();
      const all = await store.list(base, { recursive: true });
      // Byte order: "ns-longer/" sorts before "ns/", which sorts before "other/".
      assert.deepEqual(all.items.map((o) => o.metadata.name), ['y', 'a', 'b', 'c', 'x']);
      assert.equal(all.resourceVersion, String(rev));
      assert.equal(all.continue, undefined);
      const ns = await store.list(`${base}ns/`, { recursive: true });
      assert.deepEqual(ns.items.map((o) => o.metadata.name), ['a', 'b', 'c'], 'a namespace prefix does not match a longer namespace');
      const noSlash = await store.list(`${base}ns`, { recursive: true });
      assert.deepEqual(noSlash.items.map((o) => o.metadata.name), ['a', 'b', 'c'], 'a prefix without the trailing slash means the same');
      for (const item of all.items) assert.ok(rvOf(item) <= rev);
      const one = await store.list(`${base}ns/b`, { recursive: false });
      assert.deepEqual(one.items.map((o) => o.metadata.name), ['b']);
      const none = await store.list(`${base}ns/zzz`, { recursive: false });
      assert.deepEqual(none.items, []);
    });

    it('list filters with the predicate', async ({ store, base }) => {
      for (let i = 0; i < 6; i++) await store.create(`${base}ns/w${i}`, widget(`w${i}`, { size: i }));
      const even = await store.list(base, { recursive: true, predicate: (o) => (o.spec?.size ?? 0) % 2 === 0 });
      assert.deepEqual(even.items.map((o) => o.metadata.name), ['w0', 'w2', 'w4']);
    });

    it('list pages with limit and continue form one snapshot', async ({ store, base }) => {
      for (let i = 0; i < 10; i++) await store.create(`${base}ns/w${i}`, widget(`w${i}`, { size: i }));
      const page1 = await store.list(base, { recursive: true, limit: 3 });
      assert.deepEqual(page1.items.map((o) => o.metadata.name), ['w0', 'w1', 'w2']);
      assert.ok(page1.continue, 'a page with more to come has a continue token');
      assert.equal(page1.remainingItemCount, 7);
      // Changes after the first page must not show in later pages.
      await store.create(`${base}ns/w55`, widget('w55'));
      await store.delete(`${base}ns/w7`);
      await store.guaranteedUpdate(`${base}ns/w4`, { tryUpdate: (c) => ({ object: { ...c!, spec: { size: 400 } } }) });
      const page2 = await store.list(base, { recursive: true, limit: 3, continue: page1.continue });
      assert.deepEqual(page2.items.map((o) => [o.metadata.name, o.spec?.size]), [['w3', 3], ['w4', 4], ['w5', 5]]);
      assert.equal(page2.resourceVersion, page1.resourceVersion, 'every page is read at the first page revision');
      assert.equal(page2.remainingItemCount, 4);
      const page3 = await store.list(base, { recursive: true, limit: 3, continue: page2.continue });
      assert.deepEqual(page3.items.map((o) => o.metadata.name), ['w6', 'w7', 'w8']);
      assert.equal(page3.remainingItemCount, 1);
      const page4 = await store.list(base, { recursive: true, limit: 3, continue: page3.continue });
      assert.deepEqual(page4.items.map((o) => o.metadata.name), ['w9']);
      assert.equal(page4.continue, undefined, 'the last page has no continue token');
      assert.equal(page4.remainingItemCount, undefined);
      const exact = await store.list(base, { recursive: true, limit: 11 });
      assert.equal(exact.items.length, 10);
      assert.equal(exact.continue, undefined);
    });

    it('filtered pages keep reading until they are full, without remainingItemCount', async ({ store, base }) => {
      for (let i = 0; i < 20; i++) await store.create(`${base}ns/w${String(i).padStart(2, '0')}`, widget(`w${i}`, { size: i }));
      const pred = (o: Widget): boolean => (o.spec?.size ?? 0) % 5 === 0;
      const page1 = await store.list(base, { recursive: true, limit: 2, predicate: pred });
      assert.deepEqual(page1.items.map((o) => o.spec?.size), [0, 5]);
      assert.ok(page1.continue);
      assert.equal(page1.remainingItemCount, undefined, 'a filtered list cannot know how many remain');
      const page2 = await store.list(base, { recursive: true, limit: 2, predicate: pred, continue: page1.continue });
      assert.deepEqual(page2.items.map((o) => o.spec?.size), [10, 15]);
      if (page2.continue) {
        const page3 = await store.list(base, { recursive: true, limit: 2, predicate: pred, continue: page2.continue });
        assert.deepEqual(page3.items, []);
        assert.equal(page3.continue, undefined);
      }
    });

    it('bad continue tokens and continue with a resourceVersion are refused', async ({ store, base }) => {
      for (let i = 0; i < 3; i++) await store.create(`${base}ns/w${i}`, widget(`w${i}`));
      const page1 = await store.list(base, { recursive: true, limit: 1 });
      await rejectsWith(store.list(base, { recursive: true, limit: 1, continue: 'not-a-token' }), 'BadRequest');
      const escaping = Buffer.from(JSON.stringify({ v: 'meta.k8s.io/v1', rv: 1, start: '../../secrets/x' })).toString('base64url');
      await rejectsWith(store.list(base, { recursive: true, limit: 1, continue: escaping }), 'BadRequest');
      await rejectsWith(store.list(base, { recursive: true, limit: 1, continue: page1.continue, resourceVersion: page1.resourceVersion }), 'BadRequest');
    });

    it('list with resourceVersionMatch Exact reads the state at that revision', async ({ store, base }) => {
      const a = await store.create(`${base}ns/a`, widget('a', { size: 1 }));
      await store.create(`${base}ns/b`, widget('b', { size: 1 }));
      const snapshot = await store.currentRevision();
      await store.delete(`${base}ns/b`);
      await store.guaranteedUpdate(`${base}ns/a`, { tryUpdate: (c) => ({ object: { ...c!, spec: { size: 2 } } }) });
      await store.create(`${base}ns/c`, widget('c'));
      const old = await store.list(base, { recursive: true, resourceVersion: String(snapshot), resourceVersionMatch: 'Exact' });
      assert.equal(old.resourceVersion, String(snapshot));
      assert.deepEqual(old.items.map((o) => [o.metadata.name, o.spec?.size]), [['a', 1], ['b', 1]]);
      assert.equal(old.items[0]!.metadata.resourceVersion, a.metadata.resourceVersion);
      const paged = await store.list(base, { recursive: true, resourceVersion: String(snapshot), resourceVersionMatch: 'Exact', limit: 1 });
      assert.deepEqual(paged.items.map((o) => o.metadata.name), ['a']);
      const next = await store.list(base, { recursive: true, limit: 1, continue: paged.continue });
      assert.deepEqual(next.items.map((o) => [o.metadata.name, o.spec?.size]), [['b', 1]]);
      const latest = await store.list(base, { recursive: true, resourceVersion: String(snapshot), resourceVersionMatch: 'NotOlderThan' });
      assert.deepEqual(latest.items.map((o) => [o.metadata.name, o.spec?.size]), [['a', 2], ['c', undefined]]);
    });

    it('compacted revisions: Exact lists and continue tokens fail with ResourceVersionTooOld', async ({ store, base, kv }) => {
      for (let i = 0; i < 3; i++) await store.create(`${base}ns/w${i}`, widget(`w${i}`));
      const old = await store.currentRevision();
      const page1 = await store.list(base, { recursive: true, limit: 1 });
      await store.guaranteedUpdate(`${base}ns/w0`, { tryUpdate: (c) => ({ object: { ...c!, spec: { size: 9 } } }) });
      await store.create(`${base}ns/w9`, widget('w9'));
      await kv!.compact(await kv!.currentRevision());
      await rejectsWith(store.list(base, { recursive: true, resourceVersion: String(old), resourceVersionMatch: 'Exact' }), 'ResourceVersionTooOld');
      await rejectsWith(store.list(base, { recursive: true, limit: 1, continue: page1.continue }), 'ResourceVersionTooOld');
      const w = await store.watch(base, { recursive: true, resourceVersion: String(old) });
      try {
        const [ev] = await take(w, 1);
        assert.equal(ev!.type, 'ERROR');
        const status = ev!.object as unknown as { code: number; reason: string; kind: string };
        assert.equal(status.kind, 'Status');
        assert.equal(status.code, 410);
        assert.equal(status.reason, 'Expired');
        assert.deepEqual(await take(w, 1, 1000), [], 'the watch ends after the error');
      } finally {
        w.stop();
      }
    }, { needsKv: true });

    it('watch from a resourceVersion delivers ADDED, MODIFIED and DELETED in order', async ({ store, base }) => {
      const start = await store.currentRevision();
      const w = await store.watch(base, { recursive: true, resourceVersion: String(start) });
      try {
        const a = await store.create(`${base}ns/a`, widget('a', { size: 1 }));
        const a2 = await store.guaranteedUpdate(`${base}ns/a`, { tryUpdate: (c) => ({ object: { ...c!, spec: { size: 2 } } }) });
        const gone = await store.delete(`${base}ns/a`);
        const events = await take(w, 3);
        assert.deepEqual(summary(events), [
          ['ADDED', 'a', 1],
          ['MODIFIED', 'a', 2],
          ['DELETED', 'a', 2],
        ]);
        assert.deepEqual(events.map((e) => e.object.metadata.resourceVersion), [a, a2, gone].map((o) => o.metadata.resourceVersion));
      } finally {
        w.stop();
      }
    });

    it('watch replays changes after an older resourceVersion', async ({ store, base }) => {
      const a = await store.create(`${base}ns/a`, widget('a', { size: 1 }));
      await store.guaranteedUpdate(`${base}ns/a`, { tryUpdate: (c) => ({ object: { ...c!, spec: { size: 2 } } }) });
      await store.create(`${base}ns/b`, widget('b', { size: 1 }));
      const w = await store.watch(base, { recursive: true, resourceVersion: a.metadata.resourceVersion });
      try {
        assert.deepEqual(summary(await take(w, 2)), [
          ['MODIFIED', 'a', 2],
          ['ADDED', 'b', 1],
        ]);
        await quiet(w, 200);
      } finally {
        w.stop();
      }
    });

    it('a filtered watch turns objects entering and leaving the selection into ADDED and DELETED', async ({ store, base }) => {
      const start = await store.currentRevision();
      const big = (o: Widget): boolean => (o.spec?.size ?? 0) >= 10;
      const w = await store.watch(base, { recursive: true, resourceVersion: String(start), predicate: big });
      try {
        await store.create(`${base}ns/a`, widget('a', { size: 1 }));
        const set = (size: number) => store.guaranteedUpdate(`${base}ns/a`, { tryUpdate: (c) => ({ object: { ...c!, spec: { size } } }) });
        await set(2);
        const entered = await set(20);
        await set(30);
        const left = await set(3);
        await set(4);
        await store.create(`${base}ns/b`, widget('b', { size: 50 }));
        await store.delete(`${base}ns/b`);
        const events = await take(w, 5);
        assert.deepEqual(summary(events), [
          ['ADDED', 'a', 20],
          ['MODIFIED', 'a', 30],
          ['DELETED', 'a', 30],
          ['ADDED', 'b', 50],
          ['DELETED', 'b', 50],
        ]);
        assert.equal(events[0]!.object.metadata.resourceVersion, entered.metadata.resourceVersion);
        assert.equal(events[2]!.object.metadata.resourceVersion, left.metadata.resourceVersion, 'the leaving object carries the revision it left at');
        await quiet(w, 200);
      } finally {
        w.stop();
      }
    });

    it('watch without a resourceVersion starts with the current state', async ({ store, base }) => {
      await store.create(`${base}ns/a`, widget('a', { size: 1 }));
      await store.create(`${base}ns/b`, widget('b', { size: 2 }));
      for (const resourceVersion of [undefined, '0']) {
        const w = await store.watch(base, { recursive: true, resourceVersion });
        try {
          assert.deepEqual(summary(await take(w, 2)), [
            ['ADDED', 'a', 1],
            ['ADDED', 'b', 2],
          ]);
          await quiet(w, 100);
        } finally {
          w.stop();
        }
      }
      const w = await store.watch(base, { recursive: true });
      try {
        await take(w, 2);
        await store.create(`${base}ns/c`, widget('c', { size: 3 }));
        assert.deepEqual(summary(await take(w, 1)), [['ADDED', 'c', 3]]);
      } finally {
        w.stop();
      }
    });

    it('sendInitialEvents ends the initial state with an annotated BOOKMARK', async ({ store, base }) => {
      await store.create(`${base}ns/a`, widget('a', { size: 1 }));
      await store.create(`${base}ns/b`, widget('b', { size: 2 }));
      const rev = await store.currentRevision();
      const w = await store.watch(base, { recursive: true, sendInitialEvents: true, predicate: (o) => o.metadata.name !== 'b' });
      try {
        const events = await take(w, 2);
        assert.deepEqual(events.map((e) => e.type), ['ADDED', 'BOOKMARK']);
        assert.equal(events[0]!.object.metadata.name, 'a');
        const bm = events[1]!.object;
        assert.equal(bm.metadata.annotations?.['k8s.io/initial-events-end'], 'true');
        assert.ok(rvOf(bm) >= rev, 'the bookmark carries the revision of the initial state');
        const c = await store.create(`${base}ns/c`, widget('c', { size: 3 }));
        const [ev] = await take(w, 1);
        assert.equal(ev!.type, 'ADDED');
        assert.equal(ev!.object.metadata.resourceVersion, c.metadata.resourceVersion);
      } finally {
        w.stop();
      }
    });

    it('progressNotify sends BOOKMARK events carrying the current revision', async ({ store, base }) => {
      await store.create(`${base}ns/a`, widget('a'));
      const rev = await store.currentRevision();
      const w = await store.watch(base, { recursive: true, resourceVersion: String(rev), progressNotify: true });
      try {
        const [ev] = await take(w, 1, 8000);
        assert.equal(ev!.type, 'BOOKMARK');
        assert.ok(rvOf(ev!.object) >= rev);
      } finally {
        w.stop();
      }
    });

    it('a watch on one key sees only that key', async ({ store, base }) => {
      const start = await store.currentRevision();
      const w = await store.watch(`${base}ns/a`, { recursive: false, resourceVersion: String(start) });
      try {
        await store.create(`${base}ns/ab`, widget('ab'));
        await store.create(`${base}ns/a/x`, widget('ax'));
        await store.create(`${base}ns/a`, widget('a'));
        assert.deepEqual(summary(await take(w, 1)), [['ADDED', 'a', undefined]]);
        await quiet(w, 200);
      } finally {
        w.stop();
      }
    });

    it('stop ends the watch', async ({ store, base }) => {
      const w = await store.watch(base, { recursive: true, resourceVersion: String(await store.currentRevision()) });
      const it = w[Symbol.asyncIterator]();
      const pending = it.next();
      w.stop();
      assert.deepEqual(await pending, { done: true, value: undefined });
      await store.create(`${base}ns/a`, widget('a'));
      assert.deepEqual(await it.next(), { done: true, value: undefined });
    });

    it('a watcher that falls behind is ended with 410 Expired instead of buffering without bound', async ({ store, base }) => {
      const w = await store.watch(base, { recursive: true, resourceVersion: String(await store.currentRevision()) });
      try {
        await Promise.all(Array.from({ length: 1500 }, (_, i) => store.create(`${base}ns/w${i}`, widget(`w${i}`))));
        const events: WatchEvent<Widget>[] = [];
        for await (const ev of w) {
          events.push(ev);
          if (events.length > 1600) break;
        }
        const last = events[events.length - 1]!;
        assert.equal(last.type, 'ERROR', 'the stream ends with an error');
        const status = last.object as unknown as { code: number; reason: string };
        assert.equal(status.code, 410);
        assert.equal(status.reason, 'Expired');
        assert.ok(events.length <= 1001 + 1, `at most a bounded backlog was kept (${events.length} events)`);
      } finally {
        w.stop();
      }
    });

    it('a TTL given on create expires the object as a watched DELETED', async ({ store, base }) => {
      const start = await store.currentRevision();
      const w = await store.watch(base, { recursive: true, resourceVersion: String(start) });
      try {
        await store.create(`${base}ns/short`, widget('short'), 1);
        const events = await take(w, 2, 10000);
        assert.deepEqual(events.map((e) => [e.type, e.object.metadata.name]), [
          ['ADDED', 'short'],
          ['DELETED', 'short'],
        ]);
        await rejectsWith(store.get(`${base}ns/short`), 'NotFound');
      } finally {
        w.stop();
      }
    });

    it('a TTL returned by tryUpdate applies to the updated object', async ({ store, base }) => {
      await store.create(`${base}ns/a`, widget('a', { size: 1 }));
      await store.guaranteedUpdate(`${base}ns/a`, { tryUpdate: (c) => ({ object: { ...c!, spec: { size: 2 } }, ttlSeconds: 1 }) });
      const deadline = Date.now() + 10000;
      while ((await store.get(`${base}ns/a`, { ignoreNotFound: true })) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      assert.equal(await store.get(`${base}ns/a`, { ignoreNotFound: true }), undefined);
    });

    it('count reports the objects under a prefix', async ({ store, base }) => {
      for (let i = 0; i < 4; i++) await store.create(`${base}ns/w${i}`, widget(`w${i}`));
      await store.create(`${base}other/x`, widget('x'));
      await store.delete(`${base}ns/w0`);
      assert.equal(await store.count(`${base}ns/`), 3);
      assert.equal(await store.count(base), 4);
    });

    it('close ends open watches', async ({ store, base }) => {
      const w = await store.watch(base, { recursive: true, resourceVersion: String(await store.currentRevision()) });
      const pending = w[Symbol.asyncIterator]().next();
      await store.close();
      const result = await pending;
      assert.ok(result.done || result.value.type === 'ERROR', 'the watch ends (possibly with an error)');
    });

    checkSkipsNameCases(skip, cases.map(([title]) => title));
    for (const [title, fn, o] of cases) {
      test(title, { skip: skipReason(skip, title) }, async (t) => {
        const { store, kv, cleanup } = await open();
        try {
          if (o?.needsKv && !kv) {
            t.skip('needs the underlying kv to compact');
            return;
          }
          const base = `/registry/conformance-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}/widgets/`;
          await fn({ store: store as Store<Widget>, kv, base });
        } finally {
          await store.close();
          await cleanup();
        }
      });
    }
  });
}

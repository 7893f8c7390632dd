// The conformance suite every implementation of the KV seam must pass (SQLite, etcd, and any
// decorator). It registers node:test cases; each case opens a fresh Kv and works under a prefix of
// its own, so the suite also runs against a shared etcd. Cases assume no other writer changes the
// revision while they run.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isStorageError } from '../../interface.ts';
import type { Kv, KvEvent, KvWatch } from '../interface.ts';
import { checkSkipsNameCases, skipReason, type Skips } from './skips.ts';

export type KvOpener = () => Promise<{ kv: Kv; cleanup: () => Promise<void> }>;

const enc = new TextEncoder();
const dec = new TextDecoder();
const bytes = (s: string): Uint8Array => enc.encode(s);
const text = (b: Uint8Array | undefined): string | undefined => (b === undefined ? undefined : dec.decode(b));

function uniquePrefix(): string {
  return `/kvconformance/${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}/`;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function assertTooOld(p: Promise<unknown>, compacted: number): Promise<void> {
  await assert.rejects(p, (err: unknown) => {
    assert.ok(isStorageError(err, 'ResourceVersionTooOld'), `want StorageError ResourceVersionTooOld, got ${String(err)}`);
    assert.equal(err.revision, compacted, 'the error carries the compacted revision');
    return true;
  });
}

/** Collects watch events until `until` says enough, or fails after timeoutMs. */
class WatchCollector {
  readonly events: KvEvent[] = [];
  readonly progress: number[] = [];
  error: Error | undefined;
  private waiters: Array<() => void> = [];
  watch: KvWatch | undefined;

  constructor(kv: Kv, prefix: string, afterRevision: number, progressNotify = false) {
    this.watch = kv.watch(prefix, { afterRevision, progressNotify }, {
      onEvents: (events) => {
        this.events.push(...events);
        this.wake();
      },
      onProgress: (revision) => {
        this.progress.push(revision);
        this.wake();
      },
      onError: (err) => {
        this.error = err;
        this.wake();
      },
    });
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  async waitFor(what: string, until: () => boolean, timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!until()) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}; have ${this.events.length} events, error=${String(this.error)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 100));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  waitForEvents(n: number, timeoutMs = 5000): Promise<void> {
    return this.waitFor(`${n} events`, () => this.events.length >= n || this.error !== undefined, timeoutMs);
  }

  cancel(): void {
    this.watch?.cancel();
  }
}

function succeeded(r: { succeeded: boolean }): asserts r is { succeeded: true; revision: number } {
  assert.equal(r.succeeded, true, 'the write should succeed');
}

export function runKvConformance(name: string, open: KvOpener, skip: Skips = {}): void {
  describe(`KV conformance: ${name}`, () => {
    const cases: Array<[string, (kv: Kv, p: string) => Promise<void>]> = [];
    const it = (title: string, fn: (kv: Kv, p: string) => Promise<void>): void => {
      cases.push([title, fn]);
    };

    it('create stores a new key and returns its revision', async (kv, p) => {
      const before = await kv.currentRevision();
      const r = await kv.create(`${p}a`, bytes('one'));
      succeeded(r);
      assert.equal(r.revision, before + 1, 'a write advances the revision by exactly one');
      assert.equal(await kv.currentRevision(), r.revision);
      const got = await kv.get(`${p}a`);
      assert.equal(got.revision, r.revision);
      assert.ok(got.kv);
      assert.equal(got.kv.key, `${p}a`);
      assert.equal(text(got.kv.value), 'one');
      assert.equal(got.kv.createRevision, r.revision);
      assert.equal(got.kv.modRevision, r.revision);
    });

    it('create of an existing key fails with the current state and does not advance the revision', async (kv, p) => {
      const first = await kv.create(`${p}a`, bytes('one'));
      succeeded(first);
      const again = await kv.create(`${p}a`, bytes('two'));
      assert.equal(again.succeeded, false);
      assert.ok(!again.succeeded && again.current, 'a failed create reports the existing key');
      assert.equal(text(again.current.value), 'one');
      assert.equal(again.current.modRevision, first.revision);
      assert.equal(await kv.currentRevision(), first.revision, 'a failed write does not advance the revision');
      assert.equal(text((await kv.get(`${p}a`)).kv?.value), 'one');
    });

    it('get of a missing key returns no kv and the current revision', async (kv, p) => {
      const r = await kv.create(`${p}x`, bytes('x'));
      succeeded(r);
      const got = await kv.get(`${p}missing`);
      assert.equal(got.kv, undefined);
      assert.equal(got.revision, r.revision);
    });

    it('values round-trip byte for byte', async (kv, p) => {
      const value = new Uint8Array(4096);
      for (let i = 0; i < value.length; i++) value[i] = (i * 7) % 256;
      succeeded(await kv.create(`${p}bin`, value));
      succeeded(await kv.create(`${p}empty`, new Uint8Array(0)));
      assert.deepEqual(Buffer.from((await kv.get(`${p}bin`)).kv!.value), Buffer.from(value));
      const empty = await kv.get(`${p}empty`);
      assert.ok(empty.kv, 'an empty value is still a key');
      assert.equal(empty.kv.value.length, 0);
    });

    it('update is a compare-and-swap on modRevision', async (kv, p) => {
      const c = await kv.create(`${p}a`, bytes('v1'));
      succeeded(c);
      const u = await kv.update(`${p}a`, bytes('v2'), c.revision);
      succeeded(u);
      assert.equal(u.revision, c.revision + 1);
      const got = (await kv.get(`${p}a`)).kv!;
      assert.equal(text(got.value), 'v2');
      assert.equal(got.createRevision, c.revision, 'an update keeps the create revision');
      assert.equal(got.modRevision, u.revision);

      const stale = await kv.update(`${p}a`, bytes('v3'), c.revision);
      assert.equal(stale.succeeded, false, 'an update against a stale modRevision fails');
      assert.ok(!stale.succeeded && stale.current);
      assert.equal(text(stale.current.value), 'v2');
      assert.equal(stale.current.modRevision, u.revision);
      assert.equal(await kv.currentRevision(), u.revision);
    });

    it('update of a missing key fails with no current state', async (kv, p) => {
      succeeded(await kv.create(`${p}other`, bytes('x')));
      const r = await kv.update(`${p}missing`, bytes('v'), 1);
      assert.equal(r.succeeded, false);
      assert.equal(!r.succeeded && r.current, undefined);
      assert.equal((await kv.get(`${p}missing`)).kv, undefined, 'a failed update must not create the key');
    });

    it('delete is a compare-and-swap on modRevision', async (kv, p) => {
      const c = await kv.create(`${p}a`, bytes('v1'));
      succeeded(c);
      const u = await kv.update(`${p}a`, bytes('v2'), c.revision);
      succeeded(u);
      const stale = await kv.delete(`${p}a`, c.revision);
      assert.equal(stale.succeeded, false);
      assert.ok(!stale.succeeded && stale.current);
      assert.equal(text(stale.current.value), 'v2');
      assert.ok((await kv.get(`${p}a`)).kv, 'a failed delete leaves the key');

      const d = await kv.delete(`${p}a`, u.revision);
      succeeded(d);
      assert.equal(d.revision, u.revision + 1);
      const got = await kv.get(`${p}a`);
      assert.equal(got.kv, undefined);
      assert.equal(got.revision, d.revision);

      const again = await kv.delete(`${p}a`, u.revision);
      assert.equal(again.succeeded, false, 'deleting a missing key fails');
      assert.equal(!again.succeeded && again.current, undefined);
    });

    it('a deleted key can be created again with a new create revision', async (kv, p) => {
      const c = await kv.create(`${p}a`, bytes('v1'));
      succeeded(c);
      succeeded(await kv.delete(`${p}a`, c.revision));
      const c2 = await kv.create(`${p}a`, bytes('v2'));
      succeeded(c2);
      const got = (await kv.get(`${p}a`)).kv!;
      assert.equal(got.createRevision, c2.revision);
      assert.equal(text(got.value), 'v2');
    });

    it('revisions increase by one per write across keys', async (kv, p) => {
      const start = await kv.currentRevision();
      const revs: number[] = [];
      for (let i = 0; i < 5; i++) {
        const r = await kv.create(`${p}k${i}`, bytes(`v${i}`));
        succeeded(r);
        revs.push(r.revision);
      }
      assert.deepEqual(revs, [1, 2, 3, 4, 5].map((n) => start + n));
    });

    it('concurrent writes each get their own revision and only one CAS wins', async (kv, p) => {
      const start = await kv.currentRevision();
      const creates = await Promise.all(Array.from({ length: 20 }, (_, i) => kv.create(`${p}c${String(i).padStart(2, '0')}`, bytes(`v${i}`))));
      const revs = creates.map((r) => (r.succeeded ? r.revision : -1)).sort((a, b) => a - b);
      assert.deepEqual(revs, Array.from({ length: 20 }, (_, i) => start + 1 + i), 'revisions are dense and unique');

      const target = (await kv.get(`${p}c00`)).kv!;
      const racers = await Promise.all(Array.from({ length: 10 }, (_, i) => kv.update(`${p}c00`, bytes(`racer${i}`), target.modRevision)));
      assert.equal(racers.filter((r) => r.succeeded).length, 1, 'exactly one update against the same modRevision wins');
      const sameKey = await Promise.all([kv.create(`${p}dup`, bytes('a')), kv.create(`${p}dup`, bytes('b'))]);
      assert.equal(sameKey.filter((r) => r.succeeded).length, 1, 'exactly one of two racing creates wins');
    });

    it('get at an older revision returns the value as it was', async (kv, p) => {
      const c = await kv.create(`${p}a`, bytes('v1'));
      succeeded(c);
      const u = await kv.update(`${p}a`, bytes('v2'), c.revision);
      succeeded(u);
      const d = await kv.delete(`${p}a`, u.revision);
      succeeded(d);
      const atCreate = await kv.get(`${p}a`, c.revision);
      assert.equal(text(atCreate.kv?.value), 'v1');
      assert.equal(atCreate.kv?.modRevision, c.revision);
      assert.equal(atCreate.revision, c.revision, 'a read at a revision reports that revision');
      assert.equal(text((await kv.get(`${p}a`, u.revision)).kv?.value), 'v2');
      assert.equal((await kv.get(`${p}a`, d.revision)).kv, undefined);
      assert.equal((await kv.get(`${p}a`, c.revision - 1)).kv, undefined, 'before its creation the key did not exist');
    });

    it('list returns keys under the prefix in key order, and only those', async (kv, p) => {
      for (const k of ['b', 'a', 'c/x', 'c']) succeeded(await kv.create(`${p}dir/${k}`, bytes(k)));
      succeeded(await kv.create(`${p}dir`, bytes('not under dir/')));
      succeeded(await kv.create(`${p}dirt/a`, bytes('not under dir/')));
      const rev = await kv.currentRevision();
      const all = await kv.list(`${p}dir/`);
      assert.deepEqual(all.kvs.map((x) => x.key), ['a', 'b', 'c', 'c/x'].map((k) => `${p}dir/${k}`));
      assert.deepEqual(all.kvs.map((x) => text(x.value)), ['a', 'b', 'c', 'c/x']);
      assert.equal(all.revision, rev);
      assert.equal(all.more, false);
      assert.equal(all.count, 4);
      const none = await kv.list(`${p}nothing/`);
      assert.deepEqual(none.kvs, []);
      assert.equal(none.count, 0);
      assert.equal(none.revision, rev);
    });

    it('list pages with startKey and limit, reporting more and count', async (kv, p) => {
      for (let i = 0; i < 7; i++) succeeded(await kv.create(`${p}k${i}`, bytes(`v${i}`)));
      const page1 = await kv.list(p, { limit: 3 });
      assert.deepEqual(page1.kvs.map((x) => text(x.value)), ['v0', 'v1', 'v2']);
      assert.equal(page1.more, true);
      assert.equal(page1.count, 7);
      const page2 = await kv.list(p, { limit: 3, startKey: `${p}k3`, revision: page1.revision });
      assert.deepEqual(page2.kvs.map((x) => text(x.value)), ['v3', 'v4', 'v5']);
      assert.equal(page2.more, true);
      assert.equal(page2.count, 4, 'count covers keys from startKey on');
      const page3 = await kv.list(p, { limit: 3, startKey: `${p}k6`, revision: page1.revision });
      assert.deepEqual(page3.kvs.map((x) => text(x.value)), ['v6']);
      assert.equal(page3.more, false);
      assert.equal(page3.count, 1);
      const exact = await kv.list(p, { limit: 7 });
      assert.equal(exact.kvs.length, 7);
      assert.equal(exact.more, false, 'a limit equal to the remaining keys leaves nothing more');
    });

    it('list at an older revision is a snapshot of that revision', async (kv, p) => {
      const a = await kv.create(`${p}a`, bytes('a1'));
      succeeded(a);
      const b = await kv.create(`${p}b`, bytes('b1'));
      succeeded(b);
      const snapshot = b.revision;
      succeeded(await kv.update(`${p}a`, bytes('a2'), a.revision));
      succeeded(await kv.delete(`${p}b`, b.revision));
      succeeded(await kv.create(`${p}c`, bytes('c1')));
      const old = await kv.list(p, { revision: snapshot });
      assert.equal(old.revision, snapshot);
      assert.deepEqual(old.kvs.map((x) => [x.key.slice(p.length), text(x.value), x.modRevision]), [
        ['a', 'a1', a.revision],
        ['b', 'b1', b.revision],
      ]);
      assert.equal(old.count, 2);
      const now = await kv.list(p);
      assert.deepEqual(now.kvs.map((x) => [x.key.slice(p.length), text(x.value)]), [
        ['a', 'a2'],
        ['c', 'c1'],
      ]);
      const page = await kv.list(p, { revision: snapshot, limit: 1 });
      assert.deepEqual(page.kvs.map((x) => text(x.value)), ['a1']);
      assert.equal(page.more, true);
      assert.equal(page.count, 2);
    });

    it('count and dbSize report the store', async (kv, p) => {
      for (let i = 0; i < 4; i++) succeeded(await kv.create(`${p}n/${i}`, bytes('x'.repeat(100))));
      succeeded(await kv.create(`${p}other`, bytes('x')));
      assert.equal(await kv.count(`${p}n/`), 4);
      assert.equal(await kv.count(p), 5);
      const doomed = (await kv.get(`${p}n/0`)).kv!;
      succeeded(await kv.delete(`${p}n/0`, doomed.modRevision));
      assert.equal(await kv.count(`${p}n/`), 3, 'deleted keys are not counted');
      assert.equal(await kv.count(`${p}none/`), 0);
      const size = await kv.dbSize();
      assert.ok(Number.isFinite(size) && size > 0, `dbSize is a positive number, got ${size}`);
    });

    it('watch delivers creates, updates and deletes in order with prevKv', async (kv, p) => {
      const start = await kv.currentRevision();
      const w = new WatchCollector(kv, p, start);
      try {
        const c = await kv.create(`${p}a`, bytes('v1'));
        succeeded(c);
        const u = await kv.update(`${p}a`, bytes('v2'), c.revision);
        succeeded(u);
        succeeded(await kv.create(`/elsewhere${p}`, bytes('not watched')));
        const d = await kv.delete(`${p}a`, u.revision);
        succeeded(d);
        await w.waitForEvents(3);
        assert.equal(w.error, undefined);
        const [ev1, ev2, ev3] = w.events as [KvEvent, KvEvent, KvEvent];
        assert.equal(w.events.length, 3, 'keys outside the prefix are not delivered');

        assert.equal(ev1.type, 'PUT');
        assert.equal(ev1.isCreate, true);
        assert.equal(ev1.kv.key, `${p}a`);
        assert.equal(text(ev1.kv.value), 'v1');
        assert.equal(ev1.kv.modRevision, c.revision);
        assert.equal(ev1.kv.createRevision, c.revision);
        assert.equal(ev1.prevKv, undefined);

        assert.equal(ev2.type, 'PUT');
        assert.equal(ev2.isCreate, false);
        assert.equal(text(ev2.kv.value), 'v2');
        assert.equal(ev2.kv.modRevision, u.revision);
        assert.equal(ev2.kv.createRevision, c.revision);
        assert.equal(text(ev2.prevKv?.value), 'v1');
        assert.equal(ev2.prevKv?.modRevision, c.revision);

        assert.equal(ev3.type, 'DELETE');
        assert.equal(ev3.isCreate, false);
        assert.equal(ev3.kv.key, `${p}a`);
        assert.equal(ev3.kv.modRevision, d.revision, 'a DELETE carries the delete revision');
        assert.equal(text(ev3.kv.value), 'v2', 'a DELETE carries the last value');
        assert.equal(text(ev3.prevKv?.value), 'v2');
        assert.equal(ev3.prevKv?.modRevision, u.revision);
      } finally {
        w.cancel();
      }
    });

    it('watch from an older revision replays history, then follows', async (kv, p) => {
      const c = await kv.create(`${p}a`, bytes('v1'));
      succeeded(c);
      const u = await kv.update(`${p}a`, bytes('v2'), c.revision);
      succeeded(u);
      succeeded(await kv.create(`${p}b`, bytes('b1')));
      const w = new WatchCollector(kv, p, c.revision);
      try {
        await w.waitForEvents(2);
        succeeded(await kv.create(`${p}c`, bytes('c1')));
        await w.waitForEvents(3);
        assert.equal(w.error, undefined);
        assert.deepEqual(
          w.events.map((e) => [e.type, e.kv.key.slice(p.length), text(e.kv.value), e.isCreate]),
          [
            ['PUT', 'a', 'v2', false],
            ['PUT', 'b', 'b1', true],
            ['PUT', 'c', 'c1', true],
          ],
          'events after afterRevision only, in revision order',
        );
        assert.equal(text(w.events[0]!.prevKv?.value), 'v1', 'replayed events carry prevKv too');
        const revs = w.events.map((e) => e.kv.modRevision);
        assert.deepEqual(revs, [...revs].sort((a, b) => a - b));
      } finally {
        w.cancel();
      }
    });

    it('many concurrent writes reach a watcher in revision order', async (kv, p) => {
      const start = await kv.currentRevision();
      const w = new WatchCollector(kv, p, start);
      try {
        await Promise.all(Array.from({ length: 50 }, (_, i) => kv.create(`${p}k${i}`, bytes(`v${i}`))));
        await w.waitForEvents(50);
        const revs = w.events.map((e) => e.kv.modRevision);
        assert.deepEqual(revs, Array.from({ length: 50 }, (_, i) => start + 1 + i));
      } finally {
        w.cancel();
      }
    });

    it('a cancelled watch receives nothing more', async (kv, p) => {
      const w = new WatchCollector(kv, p, await kv.currentRevision());
      succeeded(await kv.create(`${p}a`, bytes('1')));
      await w.waitForEvents(1);
      w.cancel();
      succeeded(await kv.create(`${p}b`, bytes('2')));
      await sleep(200);
      assert.equal(w.events.length, 1);
    });

    it('progress notifications report the current revision', async (kv, p) => {
      const c = await kv.create(`${p}a`, bytes('1'));
      succeeded(c);
      const w = new WatchCollector(kv, p, c.revision, true);
      try {
        await w.waitFor('a progress notification', () => w.progress.some((r) => r >= c.revision) || w.error !== undefined, 8000);
        assert.equal(w.error, undefined);
        assert.equal(w.events.length, 0, 'progress is not an event');
      } finally {
        w.cancel();
      }
    });

    it('a key with a TTL expires as a watched DELETE', async (kv, p) => {
      const start = await kv.currentRevision();
      const w = new WatchCollector(kv, p, start);
      try {
        const c = await kv.create(`${p}ttl`, bytes('short-lived'), 1);
        succeeded(c);
        succeeded(await kv.create(`${p}keep`, bytes('stays')));
        assert.equal(text((await kv.get(`${p}ttl`)).kv?.value), 'short-lived', 'not expired straight away');
        await w.waitFor('the expiry DELETE', () => w.events.some((e) => e.type === 'DELETE') || w.error !== undefined, 10000);
        const del = w.events.find((e) => e.type === 'DELETE')!;
        assert.equal(del.kv.key, `${p}ttl`);
        assert.ok(del.kv.modRevision > c.revision, 'the expiry is a new revision');
        assert.equal(text(del.prevKv?.value), 'short-lived');
        assert.equal((await kv.get(`${p}ttl`)).kv, undefined);
        assert.equal(text((await kv.get(`${p}keep`)).kv?.value), 'stays', 'keys without a TTL stay');
      } finally {
        w.cancel();
      }
    });

    it('an update with a TTL makes the key expire', async (kv, p) => {
      const c = await kv.create(`${p}ttl`, bytes('v1'));
      succeeded(c);
      succeeded(await kv.update(`${p}ttl`, bytes('v2'), c.revision, 1));
      const deadline = Date.now() + 10000;
      while ((await kv.get(`${p}ttl`)).kv && Date.now() < deadline) await sleep(200);
      assert.equal((await kv.get(`${p}ttl`)).kv, undefined);
    });

    it('compaction makes older revisions unreadable with ResourceVersionTooOld', async (kv, p) => {
      const c = await kv.create(`${p}a`, bytes('v1'));
      succeeded(c);
      const u1 = await kv.update(`${p}a`, bytes('v2'), c.revision);
      succeeded(u1);
      const b = await kv.create(`${p}b`, bytes('b1'));
      succeeded(b);
      const d = await kv.delete(`${p}b`, b.revision);
      succeeded(d);
      const u2 = await kv.update(`${p}a`, bytes('v3'), u1.revision);
      succeeded(u2);
      const compactAt = d.revision;
      await kv.compact(compactAt);
      assert.equal(await kv.compactedRevision(), compactAt);

      await assertTooOld(kv.get(`${p}a`, c.revision), compactAt);
      await assertTooOld(kv.get(`${p}a`, compactAt - 1), compactAt);
      await assertTooOld(kv.list(p, { revision: c.revision }), compactAt);

      // The compacted revision itself and everything after stay readable.
      const atCompact = await kv.list(p, { revision: compactAt });
      assert.deepEqual(atCompact.kvs.map((x) => [x.key.slice(p.length), text(x.value)]), [['a', 'v2']]);
      assert.equal(text((await kv.get(`${p}a`, compactAt)).kv?.value), 'v2');
      assert.equal(text((await kv.get(`${p}a`)).kv?.value), 'v3');
      assert.equal((await kv.get(`${p}b`)).kv, undefined);
      assert.equal(await kv.count(p), 1);

      const tooOld = new WatchCollector(kv, p, c.revision);
      try {
        await tooOld.waitFor('the watch error', () => tooOld.error !== undefined);
        assert.ok(isStorageError(tooOld.error, 'ResourceVersionTooOld'), `want ResourceVersionTooOld, got ${String(tooOld.error)}`);
        assert.equal(tooOld.error.revision, compactAt);
      } finally {
        tooOld.cancel();
      }

      const fine = new WatchCollector(kv, p, compactAt);
      try {
        await fine.waitForEvents(1);
        assert.equal(fine.error, undefined);
        assert.equal(text(fine.events[0]!.kv.value), 'v3');
        assert.equal(text(fine.events[0]!.prevKv?.value), 'v2');
      } finally {
        fine.cancel();
      }

      // Writes continue normally after compaction.
      const u3 = await kv.update(`${p}a`, bytes('v4'), u2.revision);
      succeeded(u3);
      assert.equal(u3.revision, u2.revision + 1);
    });

    it('compacting at or below the compacted revision is harmless', async (kv, p) => {
      const c = await kv.create(`${p}a`, bytes('v1'));
      succeeded(c);
      const u = await kv.update(`${p}a`, bytes('v2'), c.revision);
      succeeded(u);
      await kv.compact(u.revision);
      await kv.compact(c.revision).catch((err: unknown) => {
        assert.ok(isStorageError(err, 'ResourceVersionTooOld'), `an older compaction may only fail as ResourceVersionTooOld, got ${String(err)}`);
      });
      assert.equal(await kv.compactedRevision(), u.revision);
      assert.equal(text((await kv.get(`${p}a`)).kv?.value), 'v2');
    });

    checkSkipsNameCases(skip, cases.map(([title]) => title));
    for (const [title, fn] of cases) {
      test(title, { skip: skipReason(skip, title) }, async () => {
        const { kv, cleanup } = await open();
        try {
          await fn(kv, uniquePrefix());
        } finally {
          await cleanup();
        }
      });
    }
  });
}


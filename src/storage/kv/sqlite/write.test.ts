import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { StorageError } from '../../interface.ts';
import type { KvEvent, TxnResult } from '../interface.ts';
import { SqliteGet } from './get.ts';
import { openSqliteKv } from './index.ts';
import { SqliteList } from './list.ts';
import { prepareDatabase } from './schema.ts';
import type { SqliteState } from './state.ts';
import { GroupCommitter } from './write.ts';
import { WriterThread } from './writer-thread.ts';

interface Fixture {
  path: string;
  state: SqliteState;
  thread: WriterThread;
  committer: GroupCommitter;
  published: KvEvent[][];
  /** Another connection, as another process would have. */
  other: DatabaseSync;
  done: () => Promise<void>;
}

function setUp(busyTimeoutMs = 10_000): Fixture {
  const dir = mkdtempSync(join(tmpdir(), 'orch-kv-commit-'));
  const path = join(dir, 'orch.db');
  const db = new DatabaseSync(path);
  prepareDatabase(db);
  const state: SqliteState = { db, revision: 0, unacked: new Map(), compactRev: 0, closed: false };
  const thread = new WriterThread({ path, revision: 0, busyTimeoutMs });
  const published: KvEvent[][] = [];
  const committer = new GroupCommitter(state, thread, (events) => published.push(events));
  const other = new DatabaseSync(path);
  return {
    path,
    state,
    thread,
    committer,
    published,
    other,
    done: async () => {
      if (other.isTransaction) other.exec('ROLLBACK');
      other.close();
      state.closed = true;
      committer.abort();
      await committer.drain();
      db.close();
      await thread.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const enc = new TextEncoder();
const dec = new TextDecoder();
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function settled(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  p.then(
    () => (done = true),
    () => (done = true),
  );
  await sleep(0);
  return done;
}

function committedIds(db: DatabaseSync): number[] {
  return (db.prepare('SELECT id FROM kv_log ORDER BY id').all() as Array<{ id: number }>).map((r) => r.id);
}

function isUnreachable(pattern: RegExp): (err: unknown) => boolean {
  return (err: unknown) => {
    assert.ok(err instanceof StorageError, `expected a StorageError, got ${String(err)}`);
    assert.equal(err.code, 'Unreachable');
    assert.match(err.message, pattern);
    return true;
  };
}

test('a write is acknowledged and published only once its transaction has committed', async () => {
  const f = setUp();
  try {
    // Another connection holds the write lock, so the writer thread cannot commit yet.
    f.other.exec('BEGIN IMMEDIATE');
    const write = f.committer.submit({ kind: 'create', key: '/a', value: enc.encode('1') });
    await sleep(100);
    assert.equal(await settled(write), false, 'not acknowledged before the commit');
    assert.equal(f.published.length, 0, 'watchers see nothing before the commit');
    assert.equal(f.state.revision, 0);
    f.other.exec('ROLLBACK');
    assert.deepEqual(await write, { succeeded: true, revision: 1 });
    assert.deepEqual(committedIds(f.other), [1], 'an acknowledged write is committed for every connection');
    assert.equal(f.state.revision, 1);
    assert.equal(f.published.length, 1);
    assert.equal(dec.decode(f.published[0]![0]!.kv.value), '1');
  } finally {
    await f.done();
  }
});

test('writes submitted while a batch is in the writer thread form the next batch, decided in arrival order', async () => {
  const f = setUp();
  try {
    f.other.exec('BEGIN IMMEDIATE');
    const first = f.committer.submit({ kind: 'create', key: '/a', value: enc.encode('a1') });
    await sleep(50);
    const results: Promise<TxnResult>[] = [
      f.committer.submit({ kind: 'create', key: '/b', value: enc.encode('b1') }),
      f.committer.submit({ kind: 'create', key: '/a', value: enc.encode('clash') }),
      f.committer.submit({ kind: 'update', key: '/b', value: enc.encode('b2'), expected: 2 }),
      f.committer.submit({ kind: 'update', key: '/b', value: enc.encode('stale'), expected: 2 }),
      f.committer.submit({ kind: 'delete', key: '/a', expected: 1 }),
      f.committer.submit({ kind: 'delete', key: '/missing', expected: 7 }),
    ];
    f.other.exec('ROLLBACK');
    assert.deepEqual(await first, { succeeded: true, revision: 1 });
    const [b, clash, update, stale, del, missing] = await Promise.all(results);
    assert.deepEqual(b, { succeeded: true, revision: 2 });
    assert.deepEqual(clash, { succeeded: false, current: { key: '/a', value: enc.encode('a1'), createRevision: 1, modRevision: 1 } });
    assert.deepEqual(update, { succeeded: true, revision: 3 }, 'a write sees the earlier writes of its batch');
    assert.equal(stale.succeeded, false);
    assert.equal(!stale.succeeded && stale.current?.modRevision, 3);
    assert.deepEqual(del, { succeeded: true, revision: 4 });
    assert.deepEqual(missing, { succeeded: false });
    assert.deepEqual(
      f.published.map((events) => events.map((e) => e.kv.modRevision)),
      [[1], [2, 3, 4]],
      'one batch after the other, each published once, in revision order',
    );
    const [created, updated, deleted] = f.published[1]!;
    assert.equal(created!.isCreate, true);
    assert.deepEqual(updated!.prevKv, { key: '/b', value: enc.encode('b1'), createRevision: 2, modRevision: 2 });
    assert.equal(updated!.kv.createRevision, 2);
    assert.equal(deleted!.type, 'DELETE');
    assert.equal(dec.decode(deleted!.kv.value), 'a1', 'a delete carries the last value');
    assert.equal(f.state.revision, 4);
  } finally {
    await f.done();
  }
});

test('many concurrent writes get dense revisions and are published in order', async () => {
  const f = setUp();
  try {
    const writes = Array.from({ length: 3000 }, (_, i) => f.committer.submit({ kind: 'create', key: `/k/${i}`, value: enc.encode(String(i)) }));
    // More than MAX_BATCH × MAX_IN_FLIGHT writes at once: some wait in the queue.
    const revisions = (await Promise.all(writes)).map((r) => (r.succeeded ? r.revision : 0));
    assert.deepEqual(revisions, Array.from({ length: 3000 }, (_, i) => i + 1), 'revisions follow arrival order');
    const seen = f.published.flat().map((e) => e.kv.modRevision);
    assert.deepEqual(seen, revisions);
    assert.ok(f.published.length >= 2, 'no more than MAX_BATCH writes in one transaction');
  } finally {
    await f.done();
  }
});

test('reads stay at the acknowledged revision while the writer thread has committed more', async () => {
  const f = setUp();
  const reader = new SqliteGet(f.state);
  const lister = new SqliteList(f.state);
  try {
    const a = await f.committer.submit({ kind: 'create', key: '/a', value: enc.encode('a1') });
    const b = await f.committer.submit({ kind: 'create', key: '/b', value: enc.encode('b1') });
    assert.ok(a.succeeded && b.succeeded);
    const writes = [
      f.committer.submit({ kind: 'update', key: '/a', value: enc.encode('a2'), expected: a.revision }),
      f.committer.submit({ kind: 'delete', key: '/b', expected: b.revision }),
      f.committer.submit({ kind: 'create', key: '/c', value: enc.encode('c1') }),
    ];
    // Runs after the flush that hands the batch to the writer thread, before its answer can.
    await new Promise<void>((resolve) => setImmediate(resolve));
    // Block the event loop until the batch is committed, so its answer cannot have been handled.
    const deadline = Date.now() + 5000;
    while (committedIds(f.other).length < 5 && Date.now() < deadline);
    assert.deepEqual(committedIds(f.other), [1, 2, 3, 4, 5], 'the writer thread has committed');
    assert.equal(f.state.revision, 2);
    assert.equal(dec.decode(reader.get('/a').kv!.value), 'a1');
    assert.equal(reader.get('/a').kv!.modRevision, 1);
    assert.equal(dec.decode(reader.get('/b').kv!.value), 'b1', 'an unacknowledged delete is not seen');
    assert.equal(reader.get('/c').kv, undefined, 'an unacknowledged create is not seen');
    const page = lister.list('/');
    assert.deepEqual(
      page.kvs.map((kv) => [kv.key, kv.modRevision]),
      [
        ['/a', 1],
        ['/b', 2],
      ],
    );
    assert.equal(page.revision, 2);
    assert.equal(lister.count('/'), 2);
    await Promise.all(writes);
    assert.equal(f.state.revision, 5);
    assert.equal(dec.decode(reader.get('/a').kv!.value), 'a2');
    assert.equal(reader.get('/b').kv, undefined);
    assert.deepEqual(
      lister.list('/').kvs.map((kv) => kv.key),
      ['/a', '/c'],
    );
    assert.equal(lister.count('/'), 2);
  } finally {
    await f.done();
  }
});

test('a failed transaction rejects its whole batch as Unreachable, gives its revisions back, and later writes work', async () => {
  const f = setUp();
  try {
    f.other.exec(`CREATE TRIGGER refuse BEFORE INSERT ON kv_log WHEN NEW.name = '/boom' BEGIN SELECT RAISE(ABORT, 'refused by a trigger'); END`);
    const ok = f.committer.submit({ kind: 'create', key: '/ok', value: enc.encode('x') });
    const boom = f.committer.submit({ kind: 'create', key: '/boom', value: enc.encode('x') });
    await assert.rejects(ok, isUnreachable(/write transaction failed: refused by a trigger/));
    await assert.rejects(boom, isUnreachable(/write transaction failed: refused by a trigger/));
    assert.deepEqual(committedIds(f.other), [], 'nothing of the batch is committed');
    assert.equal(f.published.length, 0);
    assert.equal(f.state.unacked.size, 0);
    f.other.exec('DROP TRIGGER refuse');
    assert.deepEqual(await f.committer.submit({ kind: 'create', key: '/ok', value: enc.encode('x') }), { succeeded: true, revision: 1 });
  } finally {
    await f.done();
  }
});

test('a full batch goes to the writer thread at once, while the event loop is still busy', async () => {
  const f = setUp();
  try {
    const writes = Array.from({ length: 40 }, (_, i) => f.committer.submit({ kind: 'create', key: `/k/${i}`, value: enc.encode(String(i)) }));
    // Still in the same turn of the event loop: the first 32 writes are committed meanwhile.
    const deadline = Date.now() + 5000;
    let committed = committedIds(f.other);
    while (committed.length < 32 && Date.now() < deadline) committed = committedIds(f.other);
    assert.deepEqual(committed, Array.from({ length: 32 }, (_, i) => i + 1));
    assert.deepEqual((await Promise.all(writes)).map((r) => r.succeeded && r.revision), Array.from({ length: 40 }, (_, i) => i + 1));
  } finally {
    await f.done();
  }
});

test('batches waiting for the writer thread are committed together: in order, each answered, all or nothing', async () => {
  const f = setUp();
  // While the writer thread waits for the write lock with one write, three full batches queue up.
  const queueBehindLock = async (prefix: string) => {
    f.other.exec('BEGIN IMMEDIATE');
    const ahead = f.committer.submit({ kind: 'create', key: `/${prefix}/ahead`, value: enc.encode('x') });
    await sleep(50);
    const behind = Array.from({ length: 96 }, (_, i) => f.committer.submit({ kind: 'create', key: `/${prefix}/${i}`, value: enc.encode(String(i)) }));
    await sleep(50);
    f.other.exec('ROLLBACK');
    return { ahead, behind };
  };
  try {
    const first = await queueBehindLock('a');
    assert.deepEqual(await first.ahead, { succeeded: true, revision: 1 });
    const revisions = (await Promise.all(first.behind)).map((r) => (r.succeeded ? r.revision : 0));
    assert.deepEqual(revisions, Array.from({ length: 96 }, (_, i) => i + 2));
    assert.deepEqual(f.published.map((events) => events.length), [1, 32, 32, 32], 'each batch is published on its own, in order');

    // Again, with one write in the last batch refused: the three batches share one transaction.
    f.other.exec(`CREATE TRIGGER refuse BEFORE INSERT ON kv_log WHEN NEW.name = '/b/80' BEGIN SELECT RAISE(ABORT, 'refused by a trigger'); END`);
    const second = await queueBehindLock('b');
    assert.deepEqual(await second.ahead, { succeeded: true, revision: 98 });
    for (const outcome of await Promise.allSettled(second.behind)) {
      assert.equal(outcome.status, 'rejected');
      isUnreachable(/write transaction failed: refused by a trigger/)((outcome as PromiseRejectedResult).reason);
    }
    assert.deepEqual(committedIds(f.other), Array.from({ length: 98 }, (_, i) => i + 1), 'nothing of the three batches is committed');
    assert.equal(f.published.length, 5);
    f.other.exec('DROP TRIGGER refuse');
    assert.deepEqual(await f.committer.submit({ kind: 'create', key: '/c', value: enc.encode('x') }), { succeeded: true, revision: 99 }, 'the failed revisions are given back');
  } finally {
    await f.done();
  }
});

test('a batch that cannot get the write lock in time fails as Unreachable and the next one commits', async () => {
  const f = setUp(50);
  try {
    f.other.exec('BEGIN IMMEDIATE');
    await assert.rejects(f.committer.submit({ kind: 'create', key: '/a', value: enc.encode('x') }), isUnreachable(/write transaction failed: database is locked/));
    f.other.exec('ROLLBACK');
    assert.deepEqual(await f.committer.submit({ kind: 'create', key: '/a', value: enc.encode('x') }), { succeeded: true, revision: 1 });
  } finally {
    await f.done();
  }
});

test('a writer thread that dies fails the writes given to it and every later write as Unreachable', async () => {
  const f = setUp(200);
  try {
    assert.equal((await f.committer.submit({ kind: 'create', key: '/a', value: enc.encode('x') })).succeeded, true);
    f.other.exec('BEGIN IMMEDIATE');
    const inFlight = f.committer.submit({ kind: 'create', key: '/b', value: enc.encode('x') });
    await sleep(20);
    await f.thread.terminate();
    f.other.exec('ROLLBACK');
    await assert.rejects(inFlight, isUnreachable(/writer thread|database is locked/));
    await assert.rejects(f.committer.submit({ kind: 'create', key: '/c', value: enc.encode('x') }), isUnreachable(/the writer thread exited/));
    assert.ok(f.thread.dead);
  } finally {
    await f.done();
  }
});

test('close commits or rejects every submitted write, closes the file cleanly and refuses later writes', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'orch-kv-close-'));
  const path = join(dir, 'orch.db');
  try {
    const kv = await openSqliteKv(path);
    const writes = Array.from({ length: 200 }, (_, i) => kv.create(`/close/${i}`, enc.encode(String(i))));
    await sleep(0);
    const more = Array.from({ length: 200 }, (_, i) => kv.create(`/late/${i}`, enc.encode(String(i))));
    const all = Promise.allSettled([...writes, ...more]);
    await kv.close();
    const outcomes = await all;
    const acknowledged = new Set<string>();
    outcomes.forEach((o, i) => {
      const key = i < 200 ? `/close/${i}` : `/late/${i - 200}`;
      if (o.status === 'fulfilled') {
        assert.equal(o.value.succeeded, true);
        acknowledged.add(key);
      } else {
        isUnreachable(/closed/)(o.reason);
      }
    });
    assert.equal(acknowledged.size >= 200, true, 'writes handed to the writer thread before close are committed');
    await assert.rejects(kv.create('/after', enc.encode('x')), isUnreachable(/closed/));
    assert.equal(existsSync(`${path}-wal`), false, 'the last connection checkpointed and removed the WAL');

    const reopened = await openSqliteKv(path);
    try {
      const stored = await reopened.list('/');
      assert.deepEqual(new Set(stored.kvs.map((kv) => kv.key)), acknowledged, 'exactly the acknowledged writes are stored');
    } finally {
      await reopened.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { StorageError } from '../../interface.ts';
import type { KvEvent, TxnResult } from '../interface.ts';
import { SqliteGet } from './get.ts';
import { prepareDatabase } from './schema.ts';
import type { SqliteState } from './state.ts';
import { WalSyncer } from './wal-sync.ts';
import { GroupCommitter } from './write.ts';

/** A syncer whose syncs end when the test says so. */
class HeldSyncer extends WalSyncer {
  readonly held: { resolve: () => void; reject: (err: Error) => void }[] = [];
  override sync(): Promise<void> {
    return new Promise((resolve, reject) => this.held.push({ resolve, reject }));
  }
}

function setUp(): { committer: GroupCommitter; syncer: HeldSyncer; published: KvEvent[][]; state: SqliteState; done: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'orch-kv-commit-'));
  const path = join(dir, 'orch.db');
  const db = new DatabaseSync(path);
  prepareDatabase(db);
  const state: SqliteState = { db, revision: 0, compactRev: 0, closed: false };
  const syncer = new HeldSyncer(path);
  const published: KvEvent[][] = [];
  const committer = new GroupCommitter(state, new SqliteGet(state), syncer, (events) => published.push(events));
  return {
    committer,
    syncer,
    published,
    state,
    done: () => {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const value = (s: string) => new TextEncoder().encode(s);
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

async function settled(p: Promise<TxnResult>): Promise<boolean> {
  let done = false;
  p.then(
    () => (done = true),
    () => (done = true),
  );
  await turn();
  return done;
}

test('a write is acknowledged and published only after the WAL sync that follows its commit', async () => {
  const { committer, syncer, published, state, done } = setUp();
  try {
    const write = committer.submit({ kind: 'create', key: '/a', value: value('1') });
    await turn();
    assert.equal(syncer.held.length, 1, 'the commit asks for one sync');
    assert.equal(state.revision, 1, 'the transaction is committed');
    assert.equal(await settled(write), false, 'not acknowledged before the sync ends');
    assert.equal(published.length, 0, 'watchers see nothing before the sync ends');
    syncer.held[0]!.resolve();
    assert.deepEqual(await write, { succeeded: true, revision: 1 });
    assert.equal(published.length, 1);
    assert.equal(published[0]![0]!.kv.key, '/a');
  } finally {
    done();
  }
});

test('writes submitted while a sync runs go in one transaction after it, in order', async () => {
  const { committer, syncer, published, done } = setUp();
  try {
    const first = committer.submit({ kind: 'create', key: '/a', value: value('1') });
    await turn();
    const second = committer.submit({ kind: 'create', key: '/b', value: value('2') });
    const clash = committer.submit({ kind: 'create', key: '/a', value: value('3') });
    await turn();
    assert.equal(syncer.held.length, 1, 'no second commit while the first is being synced');
    syncer.held[0]!.resolve();
    await first;
    await turn();
    assert.equal(syncer.held.length, 2, 'the queued writes commit together once the first sync ends');
    syncer.held[1]!.resolve();
    assert.deepEqual(await second, { succeeded: true, revision: 2 });
    const lost = await clash;
    assert.equal(lost.succeeded, false, 'compare-and-swap still decides inside the transaction');
    assert.deepEqual(
      published.map((events) => events.map((e) => e.kv.modRevision)),
      [[1], [2]],
      'watchers see revisions in order',
    );
  } finally {
    done();
  }
});

test('a failed sync rejects the batch with an Unreachable storage error and later writes still go through', async () => {
  const { committer, syncer, published, done } = setUp();
  try {
    const write = committer.submit({ kind: 'create', key: '/a', value: value('1') });
    await turn();
    syncer.held[0]!.reject(new Error('EIO: i/o error, fsync'));
    await assert.rejects(write, (err: unknown) => {
      assert.ok(err instanceof StorageError);
      assert.equal(err.code, 'Unreachable');
      assert.match(err.message, /syncing the write-ahead log failed: EIO/);
      return true;
    });
    assert.equal(published.length, 0, 'an unsynced write is never published');
    const next = committer.submit({ kind: 'create', key: '/b', value: value('2') });
    await turn();
    syncer.held[1]!.resolve();
    assert.equal((await next).succeeded, true);
  } finally {
    done();
  }
});

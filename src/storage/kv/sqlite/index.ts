// The embedded KV store on node:sqlite: an MVCC log (one row per revision) with group commit on
// a writer thread, reads on the event loop's own connection, in-process watch fan-out, TTL expiry
// as real deletes, and compaction that gives space back.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Kv, KvListOptions, KvListResult, KvWatch, KvWatchCallbacks, KvWatchOptions, KeyValue, TxnResult } from '../interface.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import { SqliteCompactor } from './compact.ts';
import { SqliteGet } from './get.ts';
import { SqliteList } from './list.ts';
import { prepareDatabase, readCurrentRevision, readMeta } from './schema.ts';
import type { SqliteState } from './state.ts';
import { TtlSweeper } from './ttl.ts';
import { WatchHub } from './watch.ts';
import { GroupCommitter } from './write.ts';
import { WriterThread } from './writer-thread.ts';

const log = klog('storage/kv/sqlite');
/** How long the writer thread waits for a lock held by another process before failing a batch. */
const BUSY_TIMEOUT_MS = 5000;

class SqliteKv implements Kv {
  private readonly state: SqliteState;
  private readonly reader: SqliteGet;
  private readonly lister: SqliteList;
  private readonly writer: GroupCommitter;
  private readonly thread: WriterThread;
  private readonly hub: WatchHub;
  private readonly compactor: SqliteCompactor;
  private readonly sweeper: TtlSweeper;
  private closing: Promise<void> | undefined;

  constructor(db: DatabaseSync, path: string) {
    const revision = readCurrentRevision(db);
    this.state = { db, revision, unacked: new Map(), compactRev: readMeta(db, 'compact_rev'), closed: false };
    this.reader = new SqliteGet(this.state);
    this.lister = new SqliteList(this.state);
    this.hub = new WatchHub(this.state);
    this.thread = new WriterThread({ path, revision, busyTimeoutMs: BUSY_TIMEOUT_MS });
    this.writer = new GroupCommitter(this.state, this.thread, (events) => this.hub.publish(events));
    this.compactor = new SqliteCompactor(this.state, this.writer);
    this.sweeper = new TtlSweeper(this.state, this.writer);
    this.sweeper.start();
    void this.compactor.resume().catch((err: unknown) => log.error('resuming compaction failed', { err }));
  }

  async get(key: string, revision?: number): Promise<{ kv?: KeyValue; revision: number }> {
    return this.reader.get(key, revision);
  }

  async list(prefix: string, opts?: KvListOptions): Promise<KvListResult> {
    return this.lister.list(prefix, opts);
  }

  create(key: string, value: Uint8Array, ttlSeconds?: number): Promise<TxnResult> {
    return this.writer.submit({ kind: 'create', key, value, ttlSeconds });
  }

  update(key: string, value: Uint8Array, expectedModRevision: number, ttlSeconds?: number): Promise<TxnResult> {
    return this.writer.submit({ kind: 'update', key, value, expected: expectedModRevision, ttlSeconds });
  }

  delete(key: string, expectedModRevision: number): Promise<TxnResult> {
    return this.writer.submit({ kind: 'delete', key, expected: expectedModRevision });
  }

  watch(prefix: string, opts: KvWatchOptions, callbacks: KvWatchCallbacks): KvWatch {
    return this.hub.watch(prefix, opts, callbacks);
  }

  async currentRevision(): Promise<number> {
    return this.state.revision;
  }

  async compactedRevision(): Promise<number> {
    return this.state.compactRev;
  }

  compact(revision: number): Promise<void> {
    return this.compactor.compact(revision);
  }

  async count(prefix: string): Promise<number> {
    return this.lister.count(prefix);
  }

  async dbSize(): Promise<number> {
    const db = this.state.db;
    const pages = (db.prepare('PRAGMA page_count').get() as { page_count: number }).page_count;
    const pageSize = (db.prepare('PRAGMA page_size').get() as { page_size: number }).page_size;
    return pages * pageSize;
  }

  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  private async shutdown(): Promise<void> {
    this.sweeper.stop();
    // Let writes already submitted commit before the file closes.
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.state.closed = true;
    this.writer.abort();
    // The batch in the writer thread is committed and acknowledged (or fails) before the end.
    await this.writer.drain();
    this.hub.close();
    await this.compactor.resume().catch(() => undefined);
    // Close this connection first, so the writer thread's is the last and checkpoints there.
    this.state.db.close();
    await this.thread.stop();
  }
}

/** Opens (creating if needed) the SQLite file at path as a Kv. */
export async function openSqliteKv(path: string): Promise<Kv> {
  mkdirSync(dirname(path), { recursive: true });
  const db = new DatabaseSync(path);
  try {
    prepareDatabase(db);
  } catch (err) {
    db.close();
    throw err;
  }
  const kv = new SqliteKv(db, path);
  log.info('opened key-value store', { path, revision: await kv.currentRevision() }, 1);
  return kv;
}

// Group commit: the writes submitted while the previous commit was being synced are applied in
// one transaction. Compare-and-swap decisions are made inside that transaction in arrival order,
// revisions are handed out densely, and a write's promise settles only after the WAL holding the
// commit has been fsynced (off the event loop, by WalSyncer). One commit is being synced at a
// time, so committed events go to the watch hub in revision order, once durable.
import type { StatementSync } from 'node:sqlite';
import { StorageError } from '../../interface.ts';
import type { KvEvent, TxnResult } from '../interface.ts';
import type { SqliteGet } from './get.ts';
import { toKeyValue, type SqliteState } from './state.ts';
import type { WalSyncer } from './wal-sync.ts';

export type WriteOp =
  | { kind: 'create'; key: string; value: Uint8Array; ttlSeconds?: number }
  | { kind: 'update'; key: string; value: Uint8Array; expected: number; ttlSeconds?: number }
  | { kind: 'delete'; key: string; expected: number };

interface Pending {
  op: WriteOp;
  resolve: (r: TxnResult) => void;
  reject: (err: Error) => void;
}

/** Most writes per transaction; the rest wait for the next one. */
const MAX_BATCH = 2000;

export class GroupCommitter {
  private readonly state: SqliteState;
  private readonly reader: SqliteGet;
  private readonly syncer: WalSyncer;
  private readonly onCommit: (events: KvEvent[]) => void;
  private readonly insertLog: StatementSync;
  private readonly upsertCurrent: StatementSync;
  private readonly deleteCurrent: StatementSync;
  private readonly lastRow: StatementSync;
  private queue: Pending[] = [];
  /** A flush is queued or a commit is being synced; new writes wait for the next flush. */
  private busy = false;

  constructor(state: SqliteState, reader: SqliteGet, syncer: WalSyncer, onCommit: (events: KvEvent[]) => void) {
    this.state = state;
    this.reader = reader;
    this.syncer = syncer;
    this.onCommit = onCommit;
    const db = state.db;
    this.insertLog = db.prepare(
      `INSERT INTO kv_log (id, name, created, deleted, create_revision, prev_revision, expires_at, value)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.upsertCurrent = db.prepare(
      `INSERT INTO kv_current (name, id, expires_at) VALUES (?, ?, ?)
       ON CONFLICT (name) DO UPDATE SET id = excluded.id, expires_at = excluded.expires_at`,
    );
    this.deleteCurrent = db.prepare('DELETE FROM kv_current WHERE name = ?');
    this.lastRow = db.prepare('SELECT max(id) AS id FROM kv_log WHERE name = ?');
  }

  submit(op: WriteOp): Promise<TxnResult> {
    if (this.state.closed) return Promise.reject(new StorageError('Unreachable', op.key, 'the key-value store is closed'));
    return new Promise<TxnResult>((resolve, reject) => {
      this.queue.push({ op, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.busy) return;
    this.busy = true;
    setImmediate(() => this.flush());
  }

  private idle(): void {
    this.busy = false;
    if (this.queue.length > 0) this.schedule();
  }

  /** Rejects writes still queued (the store is closing). */
  abort(): void {
    const queue = this.queue;
    this.queue = [];
    for (const p of queue) p.reject(new StorageError('Unreachable', p.op.key, 'the key-value store is closed'));
  }

  private flush(): void {
    const batch = this.queue.splice(0, MAX_BATCH);
    if (batch.length === 0 || this.state.closed) {
      for (const p of batch) p.reject(new StorageError('Unreachable', p.op.key, 'the key-value store is closed'));
      this.idle();
      return;
    }
    const db = this.state.db;
    const startRevision = this.state.revision;
    const results: TxnResult[] = [];
    const events: KvEvent[] = [];
    try {
      db.exec('BEGIN IMMEDIATE');
      for (const p of batch) results.push(this.apply(p.op, events));
      db.exec('COMMIT');
    } catch (err) {
      if (db.isTransaction) db.exec('ROLLBACK');
      this.state.revision = startRevision;
      const failure = new StorageError('Unreachable', batch[0]!.op.key, `write transaction failed: ${(err as Error).message}`);
      for (const p of batch) p.reject(failure);
      this.idle();
      return;
    }
    this.syncer.sync().then(
      () => {
        if (events.length > 0) this.onCommit(events);
        for (let i = 0; i < batch.length; i++) batch[i]!.resolve(results[i]!);
        this.idle();
      },
      (err: unknown) => {
        const failure = new StorageError('Unreachable', batch[0]!.op.key, `syncing the write-ahead log failed: ${(err as Error).message}`);
        for (const p of batch) p.reject(failure);
        this.idle();
      },
    );
  }

  private apply(op: WriteOp, events: KvEvent[]): TxnResult {
    const current = this.reader.currentRow(op.key);
    const now = Date.now();
    if (op.kind === 'create') {
      if (current) return { succeeded: false, current: toKeyValue(current) };
      const rev = ++this.state.revision;
      const tombstone = (this.lastRow.get(op.key) as { id: number | null }).id ?? 0;
      const expiresAt = op.ttlSeconds && op.ttlSeconds > 0 ? now + op.ttlSeconds * 1000 : null;
      this.insertLog.run(rev, op.key, 1, 0, rev, tombstone, expiresAt, op.value);
      this.upsertCurrent.run(op.key, rev, expiresAt);
      events.push({ type: 'PUT', kv: { key: op.key, value: op.value, createRevision: rev, modRevision: rev }, isCreate: true });
      return { succeeded: true, revision: rev };
    }
    if (!current || current.id !== op.expected) return current ? { succeeded: false, current: toKeyValue(current) } : { succeeded: false };
    const rev = ++this.state.revision;
    const prevKv = toKeyValue(current);
    if (op.kind === 'update') {
      const expiresAt = op.ttlSeconds && op.ttlSeconds > 0 ? now + op.ttlSeconds * 1000 : null;
      this.insertLog.run(rev, op.key, 0, 0, current.create_revision, current.id, expiresAt, op.value);
      this.upsertCurrent.run(op.key, rev, expiresAt);
      events.push({ type: 'PUT', kv: { key: op.key, value: op.value, createRevision: current.create_revision, modRevision: rev }, prevKv, isCreate: false });
      return { succeeded: true, revision: rev };
    }
    // A tombstone keeps no value: the last value is the previous row's, which compaction keeps
    // as long as the tombstone is newer than the compacted revision.
    this.insertLog.run(rev, op.key, 0, 1, current.create_revision, current.id, null, null);
    this.deleteCurrent.run(op.key);
    events.push({ type: 'DELETE', kv: { ...prevKv, modRevision: rev }, prevKv, isCreate: false });
    return { succeeded: true, revision: rev };
  }
}

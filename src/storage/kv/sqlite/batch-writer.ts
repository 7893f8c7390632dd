// One group-commit transaction for one or more batches, run on the writer thread: compare-and-swap
// decisions in arrival order and dense revisions, committed with synchronous=FULL so the commit
// returns only once it is on disk. A failed transaction rolls back whole and gives its revisions
// back.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { LogRow } from './schema.ts';
import type { WireOp, WireResult } from './writer-protocol.ts';

export class BatchWriter {
  private readonly db: DatabaseSync;
  private revision: number;
  private readonly currentRow: StatementSync;
  private readonly insertLog: StatementSync;
  private readonly upsertCurrent: StatementSync;
  private readonly deleteCurrent: StatementSync;
  private readonly lastRow: StatementSync;

  constructor(db: DatabaseSync, revision: number) {
    this.db = db;
    this.revision = revision;
    this.currentRow = db.prepare('SELECT l.id, l.create_revision, l.value FROM kv_current c JOIN kv_log l ON l.id = c.id WHERE c.name = ?');
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

  /**
   * Applies batches of ops in one transaction and returns one result per op, batch by batch;
   * throws if the transaction failed (then none of them is written).
   */
  write(batches: readonly (readonly WireOp[])[]): WireResult[][] {
    const startRevision = this.revision;
    try {
      this.db.exec('BEGIN IMMEDIATE');
      const now = Date.now();
      const results = batches.map((ops) => ops.map((op) => this.apply(op, now)));
      this.db.exec('COMMIT');
      return results;
    } catch (err) {
      if (this.db.isTransaction) this.db.exec('ROLLBACK');
      this.revision = startRevision;
      throw err;
    }
  }

  private apply(op: WireOp, now: number): WireResult {
    const value = op.value;
    const found = this.currentRow.get(op.key) as Pick<LogRow, 'id' | 'create_revision' | 'value'> | undefined;
    const row = found && { id: found.id, createRevision: found.create_revision, value: found.value };
    const expiresAt = op.ttlSeconds > 0 ? now + op.ttlSeconds * 1000 : null;
    if (op.kind === 'create') {
      if (row) return { revision: 0, row };
      const rev = ++this.revision;
      const tombstone = (this.lastRow.get(op.key) as { id: number | null }).id ?? 0;
      this.insertLog.run(rev, op.key, 1, 0, rev, tombstone, expiresAt, value);
      this.upsertCurrent.run(op.key, rev, expiresAt);
      return { revision: rev };
    }
    if (!row || row.id !== op.expected) return row ? { revision: 0, row } : { revision: 0 };
    const rev = ++this.revision;
    if (op.kind === 'update') {
      this.insertLog.run(rev, op.key, 0, 0, row.createRevision, row.id, expiresAt, value);
      this.upsertCurrent.run(op.key, rev, expiresAt);
      return { revision: rev, row };
    }
    // A tombstone keeps no value: the last value is the previous row's, which compaction keeps
    // as long as the tombstone is newer than the compacted revision.
    this.insertLog.run(rev, op.key, 0, 1, row.createRevision, row.id, null, null);
    this.deleteCurrent.run(op.key);
    return { revision: rev, row };
  }
}

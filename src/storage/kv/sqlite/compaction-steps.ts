// The writes of compaction, run on the writer thread between write batches so that neither the
// event loop nor a write ever waits for another connection's lock. The order of steps is
// compact.ts's.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { writeMeta } from './schema.ts';

export class CompactionSteps {
  private readonly db: DatabaseSync;
  private readonly deleteSuperseded: StatementSync;
  private readonly deleteTombstones: StatementSync;

  constructor(db: DatabaseSync) {
    this.db = db;
    this.deleteSuperseded = db.prepare(
      'DELETE FROM kv_log WHERE id IN (SELECT prev_revision FROM kv_log WHERE id > ? AND id <= ? AND prev_revision > 0)',
    );
    this.deleteTombstones = db.prepare('DELETE FROM kv_log WHERE id > ? AND id <= ? AND deleted = 1');
  }

  /** Records the compacted revision, and the revision counter in case compaction removes the newest row (a tombstone). */
  mark(revision: number, floor: number): void {
    this.transaction(() => {
      writeMeta(this.db, 'compact_rev', revision);
      writeMeta(this.db, 'rev_floor', floor);
    });
  }

  /** Removes the rows that revisions in (from, to] superseded, and tombstones in that range. */
  removeChunk(from: number, to: number): void {
    this.transaction(() => {
      this.deleteSuperseded.run(from, to);
      this.deleteTombstones.run(from, to);
      writeMeta(this.db, 'compact_done', to);
    });
  }

  /** Gives free pages back to the file system and empties the WAL. */
  release(): void {
    this.db.exec('PRAGMA incremental_vacuum');
    this.db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  }

  private transaction(body: () => void): void {
    this.db.exec('BEGIN IMMEDIATE');
    try {
      body();
      this.db.exec('COMMIT');
    } catch (err) {
      if (this.db.isTransaction) this.db.exec('ROLLBACK');
      throw err;
    }
  }
}

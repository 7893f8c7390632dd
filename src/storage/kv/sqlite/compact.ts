// Compaction: forget history at or below a revision. A row is removed when a newer row of the same
// key at or below that revision supersedes it, and a tombstone at or below it is removed outright.
// The compacted revision is recorded first (so older reads fail instead of seeing half-removed
// history), then rows go in chunks so writes keep flowing, then free pages go back to the disk.
import type { StatementSync } from 'node:sqlite';
import { StorageError } from '../../interface.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import { readMeta, writeMeta } from './schema.ts';
import type { SqliteState } from './state.ts';

const log = klog('storage/kv/sqlite');
const CHUNK_REVISIONS = 5000;

export class SqliteCompactor {
  private readonly state: SqliteState;
  private readonly deleteSuperseded: StatementSync;
  private readonly deleteTombstones: StatementSync;
  private running: Promise<void> = Promise.resolve();

  constructor(state: SqliteState) {
    this.state = state;
    this.deleteSuperseded = state.db.prepare(
      'DELETE FROM kv_log WHERE id IN (SELECT prev_revision FROM kv_log WHERE id > ? AND id <= ? AND prev_revision > 0)',
    );
    this.deleteTombstones = state.db.prepare('DELETE FROM kv_log WHERE id > ? AND id <= ? AND deleted = 1');
  }

  compact(revision: number): Promise<void> {
    if (this.state.closed) return Promise.reject(new StorageError('Unreachable', '', 'the key-value store is closed'));
    if (revision > this.state.revision) {
      return Promise.reject(new StorageError('ResourceVersionTooLarge', '', `cannot compact to future revision ${revision}`, this.state.revision));
    }
    if (revision <= this.state.compactRev) return this.running;
    this.state.compactRev = revision;
    const db = this.state.db;
    db.exec('BEGIN IMMEDIATE');
    writeMeta(db, 'compact_rev', revision);
    // Keep the revision counter even if compaction removes the newest row (a tombstone).
    writeMeta(db, 'rev_floor', this.state.revision);
    db.exec('COMMIT');
    this.running = this.running.then(() => this.removeHistory());
    return this.running;
  }

  /** Finishes a compaction that a crash interrupted. */
  resume(): Promise<void> {
    this.running = this.running.then(() => this.removeHistory());
    return this.running;
  }

  private async removeHistory(): Promise<void> {
    const db = this.state.db;
    let done = readMeta(db, 'compact_done');
    const target = readMeta(db, 'compact_rev');
    if (done >= target) return;
    const started = Date.now();
    while (done < target && !this.state.closed) {
      const hi = Math.min(done + CHUNK_REVISIONS, target);
      db.exec('BEGIN IMMEDIATE');
      try {
        this.deleteSuperseded.run(done, hi);
        this.deleteTombstones.run(done, hi);
        writeMeta(db, 'compact_done', hi);
        db.exec('COMMIT');
      } catch (err) {
        if (db.isTransaction) db.exec('ROLLBACK');
        throw new StorageError('Unreachable', '', `compaction failed: ${(err as Error).message}`);
      }
      done = hi;
      // Let queued writes and reads run between chunks.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    if (this.state.closed) return;
    db.exec('PRAGMA incremental_vacuum');
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    log.info('compacted', { revision: target, ms: Date.now() - started }, 2);
  }
}

// Compaction: forget history at or below a revision. A row is removed when a newer row of the same
// key at or below that revision supersedes it, and a tombstone at or below it is removed outright.
// The compacted revision is recorded first (so older reads fail instead of seeing half-removed
// history), then rows go in chunks, then free pages go back to the disk. Every one of these writes
// runs on the writer thread (compaction-steps.ts), queued between write batches, so the event loop
// never waits for a lock and writes keep flowing between chunks.
import { StorageError } from '../../interface.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import { readMeta } from './schema.ts';
import type { SqliteState } from './state.ts';
import type { GroupCommitter } from './write.ts';

const log = klog('storage/kv/sqlite');
const CHUNK_REVISIONS = 5000;

export class SqliteCompactor {
  private readonly state: SqliteState;
  private readonly writer: GroupCommitter;
  private running: Promise<void> = Promise.resolve();

  constructor(state: SqliteState, writer: GroupCommitter) {
    this.state = state;
    this.writer = writer;
  }

  compact(revision: number): Promise<void> {
    if (this.state.closed) return Promise.reject(new StorageError('Unreachable', '', 'the key-value store is closed'));
    if (revision > this.state.revision) {
      return Promise.reject(new StorageError('ResourceVersionTooLarge', '', `cannot compact to future revision ${revision}`, this.state.revision));
    }
    if (revision <= this.state.compactRev) return this.running;
    this.state.compactRev = revision;
    const marked = this.step({ type: 'compact-mark', revision, floor: this.state.revision });
    marked.catch(() => undefined);
    this.running = this.settled().then(() => marked).then(() => this.removeHistory());
    return this.running;
  }

  /** Finishes a compaction that a crash interrupted. */
  resume(): Promise<void> {
    this.running = this.settled().then(() => this.removeHistory());
    return this.running;
  }

  /** The previous compaction's end; its failure was reported to its caller and does not stop the next. */
  private settled(): Promise<void> {
    return this.running.catch(() => undefined);
  }

  private async removeHistory(): Promise<void> {
    const db = this.state.db;
    let done = readMeta(db, 'compact_done');
    const target = readMeta(db, 'compact_rev');
    if (done >= target) return;
    const started = Date.now();
    while (done < target && !this.state.closed) {
      const hi = Math.min(done + CHUNK_REVISIONS, target);
      await this.step({ type: 'compact-chunk', from: done, to: hi });
      done = hi;
    }
    if (this.state.closed) return;
    await this.step({ type: 'compact-release' });
    log.info('compacted', { revision: target, ms: Date.now() - started }, 2);
  }

  private async step(request: Parameters<GroupCommitter['maintain']>[0]): Promise<void> {
    try {
      await this.writer.maintain(request);
    } catch (err) {
      throw new StorageError('Unreachable', '', `compaction failed: ${(err as Error).message}`);
    }
  }
}

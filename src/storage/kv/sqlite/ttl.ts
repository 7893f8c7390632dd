// Expiry of keys written with a TTL: a timer finds keys whose time has passed and deletes them
// through the ordinary write path, so the expiry is a new revision that watchers see.
import type { StatementSync } from 'node:sqlite';
import { klog } from '../../../component-base/logs/klog.ts';
import type { SqliteState } from './state.ts';
import type { GroupCommitter } from './write.ts';

const log = klog('storage/kv/sqlite');
const SWEEP_INTERVAL_MS = 250;
const SWEEP_BATCH = 1000;

export class TtlSweeper {
  private readonly state: SqliteState;
  private readonly writer: GroupCommitter;
  private readonly expired: StatementSync;
  private timer: NodeJS.Timeout | undefined;
  private sweeping = false;

  constructor(state: SqliteState, writer: GroupCommitter) {
    this.state = state;
    this.writer = writer;
    this.expired = state.db.prepare('SELECT name, id FROM kv_current WHERE expires_at IS NOT NULL AND expires_at <= ? ORDER BY expires_at LIMIT ?');
  }

  start(): void {
    this.timer = setInterval(() => void this.sweep(), SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  async sweep(): Promise<void> {
    if (this.sweeping || this.state.closed) return;
    this.sweeping = true;
    try {
      const rows = this.expired.all(Date.now(), SWEEP_BATCH) as unknown as Array<{ name: string; id: number }>;
      // A CAS on the row we saw: a key rewritten meanwhile (with a new TTL or none) is left alone.
      await Promise.all(rows.map((r) => this.writer.submit({ kind: 'delete', key: r.name, expected: r.id })));
      if (rows.length > 0) log.info('expired keys', { count: rows.length }, 4);
    } catch (err) {
      if (!this.state.closed) log.warning('expiring keys failed', { err });
    } finally {
      this.sweeping = false;
    }
  }
}

// Point reads: the current value from the latest-row table, or a value as of an older revision
// from the log's (name, id) index.
import type { StatementSync } from 'node:sqlite';
import type { KeyValue } from '../interface.ts';
import type { LogRow } from './schema.ts';
import { readRevision, toKeyValue, type SqliteState } from './state.ts';

export class SqliteGet {
  private readonly state: SqliteState;
  private readonly current: StatementSync;
  private readonly atRevision: StatementSync;

  constructor(state: SqliteState) {
    this.state = state;
    this.current = state.db.prepare(
      'SELECT l.id, l.name, l.create_revision, l.value FROM kv_current c JOIN kv_log l ON l.id = c.id WHERE c.name = ?',
    );
    this.atRevision = state.db.prepare(
      'SELECT id, name, deleted, create_revision, value FROM kv_log WHERE name = ? AND id <= ? ORDER BY id DESC LIMIT 1',
    );
  }

  get(key: string, revision?: number): { kv?: KeyValue; revision: number } {
    const rev = readRevision(this.state, key, revision);
    // The latest-row table answers for the acknowledged revision unless a batch in the writer
    // thread holds this key; then the log is read at that revision.
    if (rev === this.state.revision && !this.state.unacked.has(key)) {
      const row = this.current.get(key) as LogRow | undefined;
      return row ? { kv: toKeyValue(row), revision: rev } : { revision: rev };
    }
    const row = this.atRevision.get(key, rev) as LogRow | undefined;
    return row && !row.deleted ? { kv: toKeyValue(row), revision: rev } : { revision: rev };
  }
}

// Range reads under a prefix. The current state comes from the latest-row table (an index range
// scan); an older revision walks the log's (name, id) index over the range, picking each key's
// last row at or below that revision.
import type { StatementSync } from 'node:sqlite';
import type { KeyValue, KvListOptions, KvListResult } from '../interface.ts';
import { prefixEnd, readRevision, unackedInRange, type SqliteState } from './state.ts';

/** A page row as an array (id, name, create_revision, value): no object per row for large lists. */
type PageRow = [number, string, number, Uint8Array | null];

const EMPTY = new Uint8Array(0);

const AT_REVISION_WHERE = `
  l.name >= ? AND l.name < ? AND l.id <= ? AND l.deleted = 0
  AND l.id = (SELECT max(m.id) FROM kv_log m WHERE m.name = l.name AND m.id <= ?)`;

export class SqliteList {
  private readonly state: SqliteState;
  private readonly currentPage: StatementSync;
  private readonly currentCount: StatementSync;
  private readonly oldPage: StatementSync;
  private readonly oldCount: StatementSync;

  constructor(state: SqliteState) {
    this.state = state;
    this.currentPage = state.db.prepare(
      `SELECT l.id, l.name, l.create_revision, l.value FROM kv_current c JOIN kv_log l ON l.id = c.id
       WHERE c.name >= ? AND c.name < ? ORDER BY c.name LIMIT ?`,
    );
    this.currentPage.setReturnArrays(true);
    this.currentCount = state.db.prepare('SELECT count(*) AS n FROM kv_current WHERE name >= ? AND name < ?');
    this.oldPage = state.db.prepare(
      `SELECT l.id, l.name, l.create_revision, l.value FROM kv_log l WHERE ${AT_REVISION_WHERE} ORDER BY l.name LIMIT ?`,
    );
    this.oldPage.setReturnArrays(true);
    this.oldCount = state.db.prepare(`SELECT count(*) AS n FROM kv_log l WHERE ${AT_REVISION_WHERE}`);
  }

  list(prefix: string, opts: KvListOptions = {}): KvListResult {
    const rev = readRevision(this.state, prefix, opts.revision);
    const start = opts.startKey !== undefined && opts.startKey > prefix ? opts.startKey : prefix;
    const end = prefixEnd(prefix);
    const limit = opts.limit && opts.limit > 0 ? opts.limit : -1;
    // Ask for one more row than the page to learn whether more follow.
    const sqlLimit = limit > 0 ? limit + 1 : -1;
    // The latest-row table is the acknowledged state unless a batch in the writer thread touches
    // the range; then the log is read at the acknowledged revision.
    const atCurrent = rev === this.state.revision && !unackedInRange(this.state, start, end);
    const rows = (atCurrent ? this.currentPage.all(start, end, sqlLimit) : this.oldPage.all(start, end, rev, rev, sqlLimit)) as unknown as PageRow[];
    const more = limit > 0 && rows.length > limit;
    if (more) rows.length = limit;
    let count = rows.length;
    if (more) {
      const row = (atCurrent ? this.currentCount.get(start, end) : this.oldCount.get(start, end, rev, rev)) as { n: number };
      count = row.n;
    }
    const kvs = new Array<KeyValue>(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const [id, name, createRevision, value] = rows[i]!;
      kvs[i] = { key: name, value: value ?? EMPTY, createRevision, modRevision: id };
    }
    return { kvs, revision: rev, more, count };
  }

  count(prefix: string): number {
    const rev = readRevision(this.state, prefix, undefined);
    const end = prefixEnd(prefix);
    const row = unackedInRange(this.state, prefix, end) ? this.oldCount.get(prefix, end, rev, rev) : this.currentCount.get(prefix, end);
    return (row as { n: number }).n;
  }
}

// The on-disk layout of the SQLite KV store: an append-only MVCC log in the style of kine, where a
// row's id is the revision, plus a table of each live key's latest row so that current-state
// reads never scan the log.
import type { DatabaseSync } from 'node:sqlite';

/** One row of the log. */
export interface LogRow {
  id: number;
  name: string;
  created: number;
  deleted: number;
  create_revision: number;
  prev_revision: number;
  expires_at: number | null;
  value: Uint8Array | null;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS kv_log (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  created INTEGER NOT NULL,
  deleted INTEGER NOT NULL,
  create_revision INTEGER NOT NULL,
  prev_revision INTEGER NOT NULL,
  expires_at INTEGER,
  value BLOB
);
CREATE INDEX IF NOT EXISTS kv_log_name_id ON kv_log (name, id);
CREATE TABLE IF NOT EXISTS kv_current (
  name TEXT PRIMARY KEY,
  id INTEGER NOT NULL,
  expires_at INTEGER
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS kv_current_expiry ON kv_current (expires_at) WHERE expires_at IS NOT NULL;
CREATE TABLE IF NOT EXISTS kv_meta (
  key TEXT PRIMARY KEY,
  value INTEGER NOT NULL
) WITHOUT ROWID;
`;

/** Sets the durability pragmas and creates the tables on a fresh file. */
export function prepareDatabase(db: DatabaseSync): void {
  // auto_vacuum only takes effect before the first table exists, so set it first.
  db.exec('PRAGMA auto_vacuum = INCREMENTAL');
  db.exec('PRAGMA journal_mode = WAL');
  // This connection reads; after creating the tables it never writes. Writes, their fsyncs
  // (synchronous=FULL) and WAL checkpoints happen on the writer thread's connection
  // (writer-worker.ts), so this one never checkpoints: a checkpoint fsyncs the WAL and the file.
  db.exec('PRAGMA synchronous = FULL');
  db.exec('PRAGMA wal_autocheckpoint = 0');
  // Readers wait only in rare cases (another connection recovering or resetting the WAL).
  db.exec('PRAGMA busy_timeout = 5000');
  db.exec(SCHEMA);
}

export type MetaKey = 'compact_rev' | 'compact_done' | 'rev_floor';

export function readMeta(db: DatabaseSync, key: MetaKey): number {
  const row = db.prepare('SELECT value FROM kv_meta WHERE key = ?').get(key) as { value: number } | undefined;
  return row?.value ?? 0;
}

export function writeMeta(db: DatabaseSync, key: MetaKey, value: number): void {
  db.prepare('INSERT INTO kv_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, value);
}

/** The highest revision ever written: the log's last id, or what compaction recorded if it removed that row. */
export function readCurrentRevision(db: DatabaseSync): number {
  const row = db.prepare('SELECT max(id) AS id FROM kv_log').get() as { id: number | null };
  return Math.max(row.id ?? 0, readMeta(db, 'rev_floor'), readMeta(db, 'compact_rev'));
}

// State shared by the SQLite KV modules: the open database and the revisions every read checks.
import type { DatabaseSync } from 'node:sqlite';
import { StorageError } from '../../interface.ts';
import type { KeyValue } from '../interface.ts';
import type { LogRow } from './schema.ts';

export interface SqliteState {
  db: DatabaseSync;
  /**
   * Revision of the last acknowledged write. The writer thread commits on its own connection, so
   * this connection can see rows above it before their batch is answered; every read is made at
   * this revision or below, never beyond it.
   */
  revision: number;
  /** Keys written by batches in the writer thread (with their number of writes): their latest-row entries may be above `revision`. */
  unacked: Map<string, number>;
  /** Reads below this revision fail with ResourceVersionTooOld. */
  compactRev: number;
  closed: boolean;
}

/** True when a key in [start, end) may have a row above the acknowledged revision. */
export function unackedInRange(state: SqliteState, start: string, end: string): boolean {
  for (const key of state.unacked.keys()) if (key >= start && key < end) return true;
  return false;
}

/** Validates a read revision: 0/undefined means current; older than compaction or newer than now fails. */
export function readRevision(state: SqliteState, key: string, revision: number | undefined): number {
  if (state.closed) throw new StorageError('Unreachable', key, 'the key-value store is closed');
  if (!revision) return state.revision;
  if (revision < state.compactRev) {
    throw new StorageError('ResourceVersionTooOld', key, `required revision ${revision} has been compacted`, state.compactRev);
  }
  if (revision > state.revision) {
    throw new StorageError('ResourceVersionTooLarge', key, `required revision ${revision} is a future revision (current ${state.revision})`, state.revision);
  }
  return revision;
}

const EMPTY = new Uint8Array(0);

export function toKeyValue(row: Pick<LogRow, 'name' | 'id' | 'create_revision' | 'value'>): KeyValue {
  return { key: row.name, value: row.value ?? EMPTY, createRevision: row.create_revision, modRevision: row.id };
}

/** The first string greater than every string starting with prefix ("" has no end). */
export function prefixEnd(prefix: string): string {
  if (prefix === '') return '\u{10FFFF}';
  const last = prefix.charCodeAt(prefix.length - 1);
  return prefix.slice(0, -1) + String.fromCharCode(last + 1);
}

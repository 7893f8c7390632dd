// Watch fan-out inside the process: committed batches are pushed to watchers straight from the
// commit path, so there is no polling. A watch starting in the past first replays the log in
// chunks, then joins the live stream with no gap: the switch happens in one synchronous step.
import type { StatementSync } from 'node:sqlite';
import { StorageError } from '../../interface.ts';
import type { KvEvent, KvWatch, KvWatchCallbacks, KvWatchOptions } from '../interface.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import { prefixEnd, type SqliteState } from './state.ts';

const log = klog('storage/kv/sqlite');
const REPLAY_CHUNK = 1000;
const PROGRESS_INTERVAL_MS = 1000;

interface WatchEntry {
  prefix: string;
  callbacks: KvWatchCallbacks;
  progressNotify: boolean;
  /** Last revision this watcher has been given (or skipped as not under its prefix). */
  cursor: number;
  live: boolean;
  done: boolean;
}

interface ReplayRow {
  id: number;
  name: string;
  created: number;
  deleted: number;
  create_revision: number;
  value: Uint8Array | null;
  p_id: number | null;
  p_create_revision: number | null;
  p_value: Uint8Array | null;
}

const EMPTY = new Uint8Array(0);

export class WatchHub {
  private readonly state: SqliteState;
  private readonly replay: StatementSync;
  private readonly watchers = new Set<WatchEntry>();
  private progressTimer: NodeJS.Timeout | undefined;

  constructor(state: SqliteState) {
    this.state = state;
    this.replay = state.db.prepare(
      `SELECT l.id, l.name, l.created, l.deleted, l.create_revision, l.value,
              p.id AS p_id, p.create_revision AS p_create_revision, p.value AS p_value
       FROM kv_log l LEFT JOIN kv_log p ON l.created = 0 AND p.id = l.prev_revision
       WHERE l.id > ? AND l.id <= ? AND l.name >= ? AND l.name < ?
       ORDER BY l.id LIMIT ?`,
    );
  }

  get size(): number {
    return this.watchers.size;
  }

  watch(prefix: string, opts: KvWatchOptions, callbacks: KvWatchCallbacks): KvWatch {
    const entry: WatchEntry = { prefix, callbacks, progressNotify: !!opts.progressNotify, cursor: opts.afterRevision, live: false, done: false };
    this.watchers.add(entry);
    if (entry.progressNotify) this.ensureProgressTimer();
    // Never call back before the caller holds the handle.
    setImmediate(() => this.catchUp(entry));
    return { cancel: () => this.remove(entry) };
  }

  /** Called by the commit path with one transaction's events, in revision order. */
  publish(events: KvEvent[]): void {
    const last = events[events.length - 1]!.kv.modRevision;
    for (const entry of this.watchers) {
      if (!entry.live) continue;
      let mine: KvEvent[] | undefined;
      for (const ev of events) {
        if (ev.kv.modRevision > entry.cursor && ev.kv.key.startsWith(entry.prefix)) (mine ??= []).push(ev);
      }
      entry.cursor = last;
      if (mine) this.deliver(entry, mine);
    }
  }

  /** Ends every watch with an error: the store is going away. */
  close(): void {
    for (const entry of [...this.watchers]) this.fail(entry, new StorageError('Unreachable', entry.prefix, 'the key-value store is closed'));
    this.stopProgressTimer();
  }

  private catchUp(entry: WatchEntry): void {
    if (entry.done) return;
    if (this.state.closed) return this.fail(entry, new StorageError('Unreachable', entry.prefix, 'the key-value store is closed'));
    if (entry.cursor < this.state.compactRev) {
      const err = new StorageError('ResourceVersionTooOld', entry.prefix, `required revision ${entry.cursor} has been compacted`, this.state.compactRev);
      return this.fail(entry, err);
    }
    const upTo = this.state.revision;
    if (entry.cursor >= upTo) {
      entry.live = true;
      return;
    }
    const rows = this.replay.all(entry.cursor, upTo, entry.prefix, prefixEnd(entry.prefix), REPLAY_CHUNK) as unknown as ReplayRow[];
    const events = rows.map(toEvent);
    if (rows.length < REPLAY_CHUNK) {
      // Everything up to upTo is read; no commit can run before we go live.
      entry.cursor = upTo;
      entry.live = true;
    } else {
      entry.cursor = rows[rows.length - 1]!.id;
      setImmediate(() => this.catchUp(entry));
    }
    if (events.length > 0) this.deliver(entry, events);
  }

  private deliver(entry: WatchEntry, events: KvEvent[]): void {
    try {
      entry.callbacks.onEvents(events);
    } catch (err) {
      log.error('watch callback failed', { prefix: entry.prefix, err });
    }
  }

  private fail(entry: WatchEntry, err: Error): void {
    if (entry.done) return;
    this.remove(entry);
    try {
      entry.callbacks.onError(err);
    } catch (cbErr) {
      log.error('watch error callback failed', { prefix: entry.prefix, err: cbErr });
    }
  }

  private remove(entry: WatchEntry): void {
    entry.done = true;
    this.watchers.delete(entry);
    if (![...this.watchers].some((w) => w.progressNotify)) this.stopProgressTimer();
  }

  private ensureProgressTimer(): void {
    if (this.progressTimer) return;
    this.progressTimer = setInterval(() => {
      for (const entry of this.watchers) {
        if (!entry.live || !entry.progressNotify) continue;
        try {
          entry.callbacks.onProgress?.(entry.cursor);
        } catch (err) {
          log.error('watch progress callback failed', { prefix: entry.prefix, err });
        }
      }
    }, PROGRESS_INTERVAL_MS);
    this.progressTimer.unref();
  }

  private stopProgressTimer(): void {
    if (this.progressTimer) clearInterval(this.progressTimer);
    this.progressTimer = undefined;
  }
}

function toEvent(row: ReplayRow): KvEvent {
  const prevKv =
    row.p_id !== null ? { key: row.name, value: row.p_value ?? EMPTY, createRevision: row.p_create_revision!, modRevision: row.p_id } : undefined;
  if (row.deleted) {
    return { type: 'DELETE', kv: { key: row.name, value: prevKv?.value ?? EMPTY, createRevision: row.create_revision, modRevision: row.id }, prevKv, isCreate: false };
  }
  const kv = { key: row.name, value: row.value ?? EMPTY, createRevision: row.create_revision, modRevision: row.id };
  return row.created ? { type: 'PUT', kv, isCreate: true } : { type: 'PUT', kv, prevKv, isCreate: false };
}

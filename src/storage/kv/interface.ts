// The MVCC key-value seam: the few etcd v3 operations the object store needs, and nothing else.
// Two real implementations: embedded SQLite (./sqlite) and etcd v3 (./etcd). Revisions are
// cluster-wide and increase by one per write; a key's modRevision is its resourceVersion.

export interface KeyValue {
  key: string;
  value: Uint8Array;
  /** Revision of the write that created this key (this incarnation). */
  createRevision: number;
  /** Revision of the last write to this key. */
  modRevision: number;
}

export type KvEventType = 'PUT' | 'DELETE';

export interface KvEvent {
  type: KvEventType;
  /** For PUT the new value; for DELETE the key with its last value and modRevision = the delete's revision. */
  kv: KeyValue;
  /** The value before this write, when there was one. */
  prevKv?: KeyValue;
  /** True for a PUT that created the key. */
  isCreate: boolean;
}

export interface KvListOptions {
  /** Read at this revision (0: current). Older than the compacted revision: ResourceVersionTooOld. */
  revision?: number;
  /** Start at this key (inclusive), for pagination. */
  startKey?: string;
  /** At most this many (0: all). */
  limit?: number;
}

export interface KvListResult {
  kvs: KeyValue[];
  /** The revision the list was read at. */
  revision: number;
  /** True when more keys follow the last one returned. */
  more: boolean;
  /** Keys under the prefix from startKey on, at that revision (for remainingItemCount). */
  count: number;
}

/** Outcome of a compare-and-swap. On failure, `current` is the key's present state, if any. */
export type TxnResult = { succeeded: true; revision: number } | { succeeded: false; current?: KeyValue };

export interface KvWatchOptions {
  /** Deliver events with revision > afterRevision. Older than compaction: the callback gets an error. */
  afterRevision: number;
  /** Ask for progress notifications (current revision with no change) about once a second or more. */
  progressNotify?: boolean;
}

export interface KvWatchCallbacks {
  onEvents(events: KvEvent[]): void;
  /** A progress notification: everything up to `revision` has been delivered. */
  onProgress?(revision: number): void;
  /** The watch ended abnormally (compacted start, store gone). No more calls follow. */
  onError(err: Error): void;
}

export interface KvWatch {
  cancel(): void;
}

export interface Kv {
  get(key: string, revision?: number): Promise<{ kv?: KeyValue; revision: number }>;
  /** Keys with this prefix in key order. */
  list(prefix: string, opts?: KvListOptions): Promise<KvListResult>;
  /** Creates the key only if absent. ttlSeconds > 0: the key is deleted (a real, watched delete) after that long. */
  create(key: string, value: Uint8Array, ttlSeconds?: number): Promise<TxnResult>;
  /** Writes only if the key's modRevision is still expectedModRevision. */
  update(key: string, value: Uint8Array, expectedModRevision: number, ttlSeconds?: number): Promise<TxnResult>;
  /** Deletes only if the key's modRevision is still expectedModRevision. */
  delete(key: string, expectedModRevision: number): Promise<TxnResult>;
  watch(prefix: string, opts: KvWatchOptions, callbacks: KvWatchCallbacks): KvWatch;
  currentRevision(): Promise<number>;
  /** Lowest revision still readable. */
  compactedRevision(): Promise<number>;
  /** Drop history at or below this revision that is superseded. */
  compact(revision: number): Promise<void>;
  count(prefix: string): Promise<number>;
  /** Bytes used by the backing store. */
  dbSize(): Promise<number>;
  close(): Promise<void>;
}

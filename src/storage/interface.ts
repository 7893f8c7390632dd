// The object store the registry uses. Encoding, preconditions, retry-on-conflict,
// resourceVersion handling and watch filtering live behind this interface, written once over the
// key-value seam in ./kv/interface.ts. The watch cache decorates the same interface.

import type { ApiObject, ObjectMeta } from '../api/meta/v1/types.ts';

export type { ApiObject, ObjectMeta };

export type StorageErrorCode =
  | 'KeyExists'
  | 'NotFound'
  | 'Conflict'
  | 'ResourceVersionTooOld'
  | 'ResourceVersionTooLarge'
  | 'Timeout'
  | 'Unreachable'
  | 'InvalidObject'
  /** The caller's options cannot be honoured (a malformed resourceVersion or continue token). */
  | 'BadRequest';

/** A storage-layer failure. Only the registry turns these into API Status errors. */
export class StorageError extends Error {
  readonly code: StorageErrorCode;
  readonly key: string;
  /** Revision involved, when there is one (e.g. the compacted revision for ResourceVersionTooOld). */
  readonly revision: number | undefined;
  constructor(code: StorageErrorCode, key: string, message: string, revision?: number) {
    super(message);
    this.name = 'StorageError';
    this.code = code;
    this.key = key;
    this.revision = revision;
  }
}

export function isStorageError(err: unknown, code?: StorageErrorCode): err is StorageError {
  return err instanceof StorageError && (code === undefined || err.code === code);
}

export interface Preconditions {
  uid?: string;
  resourceVersion?: string;
}

/**
 * Label and field selection, compiled by the registry; storage only calls it. One marked
 * labelsOnly reads nothing but metadata.labels, so a cache may call it with those alone.
 */
export type Predicate<T extends ApiObject = ApiObject> = ((obj: T) => boolean) & { readonly labelsOnly?: boolean };

export type ResourceVersionMatch = 'NotOlderThan' | 'Exact';

export interface GetOptions {
  /** "" or absent: most recent; "0": any (the cache may answer); otherwise not older than this. */
  resourceVersion?: string;
  /** Return undefined instead of throwing NotFound. */
  ignoreNotFound?: boolean;
  /**
   * The caller only reads and serializes the result: a most-recent read may then be answered by
   * the watch cache, with an object it shares (frozen), once the cache holds everything the store
   * had when asked. Results for resourceVersion "0" are shared either way.
   */
  readOnly?: boolean;
}

export interface ListOptions<T extends ApiObject = ApiObject> {
  /** As in Kubernetes: "" most recent (consistent), "0" any, "N" with resourceVersionMatch. */
  resourceVersion?: string;
  resourceVersionMatch?: ResourceVersionMatch;
  /** Page size; 0 or absent returns everything. */
  limit?: number;
  /** Opaque continue token from a previous page. */
  continue?: string;
  predicate?: Predicate<T>;
  /** True: key is a prefix (a collection); false: key names one object. */
  recursive: boolean;
}

export interface ListResult<T extends ApiObject> {
  items: T[];
  /** The revision the list was read at. */
  resourceVersion: string;
  /** Token for the next page, absent on the last page. */
  continue?: string;
  /** Objects left after this page, when known. */
  remainingItemCount?: number;
}

/**
 * An object as read, perhaps still in the encoded form a watch cache keeps it in: readers that
 * only send JSON take `json` as it is and never decode.
 */
export interface StoredEntry<T extends ApiObject> {
  /** The object's JSON, exactly what JSON.stringify of object() gives, when it is kept encoded (shared: never change it). */
  readonly json?: Uint8Array;
  /** With `json`: its length, and a way to write it straight into a larger buffer (a list) without a copy of its own. */
  readonly jsonLength?: number;
  writeJson?(out: Buffer, at: number): number;
  /** The object, decoded on first use; frozen and possibly shared: copy it before changing it. */
  object(): T;
  /**
   * Set by a reader that found its served form of the object to be `json` itself (an opaque
   * token of its own), so that it need not keep a second copy.
   */
  servedAsIs?: object;
}

export interface EntryListResult<T extends ApiObject> extends Omit<ListResult<T>, 'items'> {
  items: Array<StoredEntry<T>>;
}

export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';

export interface WatchEvent<T extends ApiObject> {
  type: WatchEventType;
  /** For ERROR, a metav1 Status (as an object); for BOOKMARK, an object carrying only metadata.resourceVersion (and annotations). */
  readonly object: T;
  /** The same object as a watch cache keeps it (its JSON), when it does. */
  readonly entry?: StoredEntry<T>;
}

export interface WatchOptions<T extends ApiObject = ApiObject> {
  /** Start after this revision; "" or "0" starts from the current state (with initial ADDED events for "0"). */
  resourceVersion?: string;
  predicate?: Predicate<T>;
  recursive: boolean;
  /** Emit BOOKMARK events periodically. */
  progressNotify?: boolean;
  /** Send the current state as ADDED events first, then a BOOKMARK annotated `k8s.io/initial-events-end: "true"`. */
  sendInitialEvents?: boolean;
}

/** A running watch. Iterate events; stop() ends it and releases its resources. */
export interface Watcher<T extends ApiObject> extends AsyncIterable<WatchEvent<T>> {
  stop(): void;
}

export interface UpdateResult<T extends ApiObject> {
  object: T;
  /** Seconds to live, for resources with a TTL (events). */
  ttlSeconds?: number;
}

export interface GuaranteedUpdateOptions<T extends ApiObject> {
  preconditions?: Preconditions;
  /** When the key is missing, call tryUpdate with undefined (create-on-update) instead of NotFound. */
  ignoreNotFound?: boolean;
  /**
   * Computes the new object from the current one. Called again with a fresh read when a
   * concurrent write wins the race, unless the caller's precondition pins a resourceVersion.
   */
  tryUpdate: (current: T | undefined) => Promise<UpdateResult<T>> | UpdateResult<T>;
}

export interface DeleteOptions<T extends ApiObject> {
  preconditions?: Preconditions;
  /** Runs against the current object before it is removed; throw to refuse. */
  validateDeletion?: (current: T) => Promise<void> | void;
}

/**
 * The object store for one resource. Keys are full storage keys, e.g. /registry/events/ns/name.
 * Objects it hands out may be shared with other callers and frozen (what create and
 * guaranteedUpdate return, watch events, anything a watch cache serves): copy one before changing it.
 */
export interface Store<T extends ApiObject = ApiObject> {
  /** Stores a new object; KeyExists if present. Returns it with metadata.resourceVersion set. */
  create(key: string, obj: T, ttlSeconds?: number): Promise<T>;
  get(key: string, opts?: GetOptions): Promise<T | undefined>;
  /**
   * The object at `key` as a watch cache holds it, answered without waiting: undefined when the
   * cache does not hold it or is not ready yet (ask get with resourceVersion "0" then). Only
   * watch caches have it.
   */
  peek?(key: string): T | undefined;
  /** get and list whose objects may stay encoded (JSON). Only watch caches have them. */
  getEntry?(key: string, opts?: GetOptions): Promise<StoredEntry<T> | undefined>;
  listEntries?(key: string, opts: ListOptions<T>): Promise<EntryListResult<T>>;
  list(key: string, opts: ListOptions<T>): Promise<ListResult<T>>;
  guaranteedUpdate(key: string, opts: GuaranteedUpdateOptions<T>): Promise<T>;
  /** Removes the object and returns its last state (resourceVersion = the delete's revision). */
  delete(key: string, opts?: DeleteOptions<T>): Promise<T>;
  watch(key: string, opts: WatchOptions<T>): Promise<Watcher<T>>;
  /** The store's current revision, used for consistent reads and bookmarks. */
  currentRevision(): Promise<number>;
  /** Number of objects under a prefix. */
  count(prefix: string): Promise<number>;
  /** Release connections, timers and watchers. */
  close(): Promise<void>;
}

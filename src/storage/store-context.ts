// What the object store's parts share: the KV seam, the codec and the tunables, plus decoding a
// stored value into an object carrying its resourceVersion.
import type { Codec } from './codecs/codec.ts';
import { StorageError, type ApiObject } from './interface.ts';
import type { KeyValue, Kv } from './kv/interface.ts';
import { withResourceVersion } from './preconditions.ts';
import { deepFreeze, jsonCopyForSharing } from '../machinery/patch/json-value.ts';
import type { TransformedRead, ValueTransformer } from './transformers/transformer.ts';

export interface StoreContext {
  kv: Kv;
  codec: Codec;
  groupResource: { group: string; resource: string };
  /** How long a read "not older than N" waits for the store to reach N. */
  freshnessTimeoutMs: number;
  /** Events a watcher may fall behind by before it is ended with 410 Expired. */
  watchQueueSize: number;
  /** Between the codec and the KV (encryption at rest); absent: values are stored as encoded. */
  transformer?: ValueTransformer;
}

/** The encoded bytes of a stored value (decrypted when a transformer is configured). */
export function readValue(ctx: StoreContext, kv: KeyValue): TransformedRead {
  if (!ctx.transformer) return { data: kv.value, stale: false };
  try {
    return ctx.transformer.fromStorage(kv.value, kv.key);
  } catch (err) {
    throw new StorageError('InvalidObject', kv.key, `stored object at ${kv.key} cannot be decrypted: ${(err as Error).message}`);
  }
}

/** Decodes a stored value; resourceVersion is `revision` (default: the value's modRevision). */
export function decodeStored<T extends ApiObject>(ctx: StoreContext, kv: KeyValue, revision = kv.modRevision): T {
  let obj: ApiObject;
  const value = readValue(ctx, kv).data;
  try {
    obj = ctx.codec.decode(value);
  } catch (err) {
    throw new StorageError('InvalidObject', kv.key, `stored object at ${kv.key} cannot be decoded: ${(err as Error).message}`);
  }
  return withResourceVersion(obj as T, revision);
}

// A value just written is decoded once for the writer's reply and every watcher of its store:
// the decoded form is kept per stored value (the same bytes travel from the write to the watch
// events, and belong to one store), frozen, and handed to all of them.
const sharedDecodes = new WeakMap<Uint8Array, ApiObject>();

/**
 * Records `obj` as the decoded form of a value about to be written, when the codec makes a JSON
 * copy equal to decoding: the writer's reply and the watchers then need not decode it at all.
 */
export function rememberWritten(ctx: StoreContext, value: Uint8Array, obj: ApiObject): void {
  if (ctx.codec.jsonRoundTrip) sharedDecodes.set(value, jsonCopyForSharing(obj));
}

/**
 * Like decodeStored, but the result is shared by every caller of the same stored value and
 * frozen: read it, or copy it before changing it.
 */
export function decodeStoredShared<T extends ApiObject>(ctx: StoreContext, kv: KeyValue, revision = kv.modRevision): T {
  let obj = sharedDecodes.get(kv.value);
  if (!obj) {
    obj = decodeStored<ApiObject>(ctx, kv, revision);
    sharedDecodes.set(kv.value, obj);
  } else if (!Object.isFrozen(obj)) {
    withResourceVersion(obj, revision);
  } else if (obj.metadata.resourceVersion !== String(revision)) {
    // The same value at another revision (a delete's last state): a shallow copy saying so.
    return Object.freeze({ ...obj, metadata: Object.freeze({ ...obj.metadata, resourceVersion: String(revision) }) }) as T;
  }
  return deepFreeze(obj) as T;
}

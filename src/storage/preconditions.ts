// Object metadata the store manages: resourceVersion is the key's modRevision, set on every
// object handed out and never stored; preconditions compare uid and resourceVersion.
import { StorageError, type ApiObject, type Preconditions } from './interface.ts';
import { metadataInOrder } from './object-meta-order.ts';

export function withResourceVersion<T extends ApiObject>(obj: T, revision: number): T {
  if (!obj.metadata || typeof obj.metadata !== 'object') obj.metadata = {};
  const rv = String(revision);
  // Where it already is, it keeps its place; otherwise it goes where Go writes it.
  if (Object.hasOwn(obj.metadata, 'resourceVersion')) obj.metadata.resourceVersion = rv;
  else obj.metadata = metadataInOrder(obj.metadata as Record<string, unknown>, noField, rv);
  return obj;
}

const noField = () => false;
const notStored = (field: string) => field === 'resourceVersion' || field === 'selfLink';

/** A shallow copy whose metadata lacks resourceVersion, ready to encode. */
export function forStorage<T extends ApiObject>(obj: T): T {
  // Copied key by key rather than spread and deleted from: deleting turns an object into a slow
  // dictionary, and this one is serialized and copied on every write. The copy takes ObjectMeta's
  // order, which system fields set after decoding would otherwise break.
  return { ...obj, metadata: metadataInOrder((obj.metadata ?? {}) as Record<string, unknown>, notStored) };
}

/** Fails with Conflict when the stored object does not satisfy the caller's preconditions. */
export function checkPreconditions(key: string, pre: Preconditions | undefined, current: ApiObject | undefined, currentRevision: number): void {
  if (!pre) return;
  if (pre.uid !== undefined && pre.uid !== '') {
    const uid = current?.metadata.uid ?? '';
    if (uid !== pre.uid) {
      throw new StorageError('Conflict', key, `Precondition failed: UID in precondition: ${pre.uid}, UID in object meta: ${uid}`);
    }
  }
  if (pre.resourceVersion !== undefined && pre.resourceVersion !== '') {
    const rv = current ? String(currentRevision) : '';
    if (rv !== pre.resourceVersion) {
      throw new StorageError('Conflict', key, `Precondition failed: ResourceVersion in precondition: ${pre.resourceVersion}, ResourceVersion in object meta: ${rv}`);
    }
  }
}

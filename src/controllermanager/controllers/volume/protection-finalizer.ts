// The two questions both storage protection controllers ask of an object and its finalizer, as
// Kubernetes' protectionutil asks them, and the object with the finalizer added or taken out.
import type { ObjectMeta } from '../../../api/meta/v1/types.ts';

interface Finalizable {
  metadata: ObjectMeta;
}

const has = (obj: Finalizable, finalizer: string) => (obj.metadata.finalizers ?? []).includes(finalizer);

/** Being deleted and still held by the finalizer: the controller decides whether to let it go. */
export function isDeletionCandidate(obj: Finalizable, finalizer: string): boolean {
  return Boolean(obj.metadata.deletionTimestamp) && has(obj, finalizer);
}

/** Not being deleted and lacking the finalizer (created before the admission plugin ran). */
export function needsFinalizer(obj: Finalizable, finalizer: string): boolean {
  return !obj.metadata.deletionTimestamp && !has(obj, finalizer);
}

/** A copy with the finalizer appended. */
export function withFinalizer<T extends Finalizable>(obj: T, finalizer: string): T {
  return { ...obj, metadata: { ...obj.metadata, finalizers: [...(obj.metadata.finalizers ?? []), finalizer] } };
}

/** A copy without any occurrence of the finalizer. */
export function withoutFinalizer<T extends Finalizable>(obj: T, finalizer: string): T {
  return { ...obj, metadata: { ...obj.metadata, finalizers: (obj.metadata.finalizers ?? []).filter((f) => f !== finalizer) } };
}

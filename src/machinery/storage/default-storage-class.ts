// Which storage class is the default: one annotated storageclass.orch.io/is-default-class (or its
// beta spelling) "true"; when several are, the newest, and among equally new the first by name,
// as Kubernetes' GetDefaultClass chooses. The DefaultStorageClass admission plugin and the binder
// (which gives the default to claims created before one existed) both ask it.
import { BETA_DEFAULT_STORAGE_CLASS_ANNOTATION, DEFAULT_STORAGE_CLASS_ANNOTATION, type StorageClass } from '../../api/storage/v1/types.ts';

export function isDefaultStorageClass(sc: { metadata: StorageClass['metadata'] }): boolean {
  const annotations = sc.metadata.annotations ?? {};
  return annotations[DEFAULT_STORAGE_CLASS_ANNOTATION] === 'true' || annotations[BETA_DEFAULT_STORAGE_CLASS_ANNOTATION] === 'true';
}

export function defaultStorageClassOf<T extends { metadata: StorageClass['metadata'] }>(classes: readonly T[]): T | undefined {
  const marked = classes.filter(isDefaultStorageClass);
  const created = (sc: T) => Date.parse(sc.metadata.creationTimestamp ?? '') || 0;
  const byName = (a: T, b: T) => ((a.metadata.name ?? '') < (b.metadata.name ?? '') ? -1 : 1);
  marked.sort((a, b) => created(b) - created(a) || byName(a, b));
  return marked[0];
}

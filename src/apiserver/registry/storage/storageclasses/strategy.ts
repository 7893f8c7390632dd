// What a write may change on a StorageClass: bodies get Kubernetes' defaults (reclaim policy
// Delete, binding mode Immediate) as its decoder gives them; the rest is validation.
import type { StorageClass } from '../../../../api/storage/v1/types.ts';
import { validatingStrategy, type ResourceStrategy } from '../../resource.ts';
import { validateStorageClass, validateStorageClassUpdate } from './validation.ts';

export function defaultStorageClass(sc: StorageClass): StorageClass {
  sc.reclaimPolicy ??= 'Delete';
  sc.volumeBindingMode ??= 'Immediate';
  return sc;
}

export const storageClassStrategy: ResourceStrategy<StorageClass> = {
  ...validatingStrategy({ validate: validateStorageClass, validateUpdate: validateStorageClassUpdate, allowCreateOnUpdate: false }),
  prepareForCreate: (sc) => void defaultStorageClass(sc),
  prepareForUpdate: (sc) => void defaultStorageClass(sc),
};

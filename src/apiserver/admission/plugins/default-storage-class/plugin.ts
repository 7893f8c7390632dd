// DefaultStorageClass admission, as Kubernetes 1.35's: a new claim that names no storage class
// (no spec.storageClassName, not even "", and no volume.beta.orch.io/storage-class annotation)
// gets the default StorageClass's name: the class annotated storageclass.orch.io/is-default-class
// "true" (or its beta spelling), the newest when several are. Without a default it is left as is.
import type { PersistentVolumeClaim } from '../../../../api/core/v1/volume-types.ts';
import { STORAGE_GROUP, type StorageClass } from '../../../../api/storage/v1/types.ts';
import { defaultStorageClassOf } from '../../../../machinery/storage/default-storage-class.ts';
import type { StoredObjects } from '../../stored-objects.ts';
import type { AdmissionPlugin } from '../../types.ts';
import { BETA_STORAGE_CLASS_ANNOTATION } from '../pvc-resize/plugin.ts';
import { coreObject } from '../core-v1/targets.ts';

function hasClass(pvc: PersistentVolumeClaim): boolean {
  return pvc.metadata.annotations?.[BETA_STORAGE_CLASS_ANNOTATION] !== undefined || pvc.spec?.storageClassName != null;
}

export function defaultStorageClass(deps: { objects?: () => StoredObjects | undefined } = {}): AdmissionPlugin {
  return {
    name: 'DefaultStorageClass',
    handles: (op) => op === 'CREATE',
    async admit(attrs) {
      const pvc = coreObject<PersistentVolumeClaim>(attrs, 'persistentvolumeclaims');
      if (!pvc?.metadata || hasClass(pvc)) return;
      const classes = (await deps.objects?.()?.list<StorageClass>(STORAGE_GROUP, 'storageclasses', '')) ?? [];
      const chosen = defaultStorageClassOf(classes);
      if (!chosen) return;
      pvc.spec = { ...pvc.spec, storageClassName: chosen.metadata.name };
    },
  };
}

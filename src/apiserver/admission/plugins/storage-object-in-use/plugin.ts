// StorageObjectInUseProtection: every new PersistentVolumeClaim gets the orch.io/pvc-protection
// finalizer and every new PersistentVolume orch.io/pv-protection, so that deleting one still in
// use only marks it; the protection controllers remove the finalizer once nothing uses it.
import type { AdmissionAttributes, AdmissionPlugin } from '../../types.ts';
import { PV_PROTECTION_FINALIZER, PVC_PROTECTION_FINALIZER } from '../../../../api/core/v1/well-known-finalizers.ts';

const FINALIZER_OF: Readonly<Record<string, string>> = {
  persistentvolumeclaims: PVC_PROTECTION_FINALIZER,
  persistentvolumes: PV_PROTECTION_FINALIZER,
};

export function storageObjectInUseProtection(): AdmissionPlugin {
  return {
    name: 'StorageObjectInUseProtection',
    handles: (op) => op === 'CREATE',
    admit(attrs: AdmissionAttributes) {
      if (attrs.resource.group !== '' || attrs.subresource) return;
      const finalizer = FINALIZER_OF[attrs.resource.resource];
      const meta = attrs.object?.metadata;
      if (!finalizer || !meta) return;
      const finalizers = meta.finalizers ?? [];
      if (!finalizers.includes(finalizer)) meta.finalizers = [...finalizers, finalizer];
    },
  };
}

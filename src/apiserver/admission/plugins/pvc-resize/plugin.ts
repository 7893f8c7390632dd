// PersistentVolumeClaimResize: a claim's storage request may grow only while the claim is bound,
// and only when the claim and the stored claim name the same StorageClass and that class allows
// volume expansion. A class that cannot be found (deleted, or storage.orch.io turned off)
// allows nothing, as in Kubernetes when the lookup fails. Shrinking is left to validation.
import type { PersistentVolumeClaim } from '../../../../api/core/v1/volume-types.ts';
import { compareQuantities, parseQuantity } from '../../../../machinery/quantity/quantity.ts';
import { admissionForbidden } from '../../forbidden.ts';
import type { StoredObjects } from '../../stored-objects.ts';
import type { AdmissionAttributes, AdmissionPlugin } from '../../types.ts';

/** The deprecated way a claim names its class, which still wins over spec.storageClassName. */
export const BETA_STORAGE_CLASS_ANNOTATION = 'volume.beta.orch.io/storage-class';

function claimClass(pvc: PersistentVolumeClaim): string {
  return pvc.metadata.annotations?.[BETA_STORAGE_CLASS_ANNOTATION] ?? pvc.spec?.storageClassName ?? '';
}

/** The requested storage grew; an unreadable quantity never counts as growth. */
function grew(pvc: PersistentVolumeClaim, old: PersistentVolumeClaim): boolean {
  const next = pvc.spec?.resources?.requests?.['storage'];
  const prev = old.spec?.resources?.requests?.['storage'];
  try {
    return compareQuantities(parseQuantity(next ?? '0'), parseQuantity(prev ?? '0')) > 0;
  } catch {
    return false;
  }
}

export function persistentVolumeClaimResize(deps: { objects?: () => StoredObjects | undefined } = {}): AdmissionPlugin {
  async function allowResize(pvc: PersistentVolumeClaim, old: PersistentVolumeClaim): Promise<boolean> {
    const name = claimClass(pvc);
    if (!name || name !== claimClass(old)) return false;
    const sc = await deps.objects?.()?.get('storage.orch.io', 'storageclasses', '', name);
    return sc?.['allowVolumeExpansion'] === true;
  }

  return {
    name: 'PersistentVolumeClaimResize',
    handles: (op) => op === 'UPDATE',
    async validate(attrs: AdmissionAttributes) {
      if (attrs.resource.group !== '' || attrs.resource.resource !== 'persistentvolumeclaims' || attrs.subresource) return;
      const pvc = attrs.object as PersistentVolumeClaim | undefined;
      const old = attrs.oldObject as PersistentVolumeClaim | undefined;
      if (!pvc?.metadata || !old?.metadata || !grew(pvc, old)) return;
      if (old.status?.phase !== 'Bound') throw admissionForbidden(attrs, 'Only bound persistent volume claims can be expanded');
      if (!(await allowResize(pvc, old))) {
        throw admissionForbidden(attrs, 'only dynamically provisioned pvc can be resized and the storageclass that provisions the pvc must support resize');
      }
    },
  };
}

// What every write of a PersistentVolumeClaim gets filled in, as Kubernetes' decoder fills it
// (SetDefaults_PersistentVolumeClaim and of its spec): volume mode Filesystem, status phase Pending.
import type { PersistentVolumeClaim } from '../../../../api/core/v1/volume-types.ts';
import { defaultClaimSpec } from './claim-spec.ts';

export function defaultPersistentVolumeClaim(pvc: PersistentVolumeClaim): PersistentVolumeClaim {
  defaultClaimSpec((pvc.spec ??= {}));
  const status = (pvc.status ??= {});
  status.phase ||= 'Pending';
  return pvc;
}

// What every write of a PersistentVolume gets filled in, as Kubernetes' decoder fills it
// (SetDefaults_PersistentVolume and the defaults of the sources it shares with pods): reclaim
// policy Retain, volume mode Filesystem, status phase Pending, a host path's type "".
import type { PersistentVolume } from '../../../../api/core/v1/volume-types.ts';
import { defaultSharedSources } from '../pods/volumes/defaults.ts';

export function defaultPersistentVolume(pv: PersistentVolume): PersistentVolume {
  const spec = (pv.spec ??= {});
  spec.persistentVolumeReclaimPolicy ||= 'Retain';
  spec.volumeMode ??= 'Filesystem';
  defaultSharedSources(spec);
  const status = (pv.status ??= {});
  status.phase ||= 'Pending';
  return pv;
}

// The columns `kubectl get sc` shows, as Kubernetes prints them: NAME (with " (default)" after
// a class marked default), PROVISIONER, RECLAIMPOLICY, VOLUMEBINDINGMODE, ALLOWVOLUMEEXPANSION,
// AGE; unset fields print as their defaults.
import type { StorageClass } from '../../../../api/storage/v1/types.ts';
import type { ResourceTable } from '../../resource.ts';
import { AGE_COLUMN, NAME_COLUMN } from '../../simple-table.ts';
import { timestampSince } from '../../human-duration.ts';
import { isDefaultStorageClass } from '../../../../machinery/storage/default-storage-class.ts';

const column = (name: string, description: string) => ({ name, type: 'string', format: '', priority: 0, description });

export function storageClassTable(): ResourceTable<StorageClass> {
  return {
    columns: [
      NAME_COLUMN,
      column('Provisioner', 'The provisioner that makes volumes of the class.'),
      column('ReclaimPolicy', 'What happens to a provisioned volume once its claim is released.'),
      column('VolumeBindingMode', 'When claims of the class are provisioned and bound.'),
      column('AllowVolumeExpansion', 'Whether claims of the class may grow.'),
      AGE_COLUMN,
    ],
    row: (sc) => [
      isDefaultStorageClass(sc) ? `${sc.metadata.name ?? ''} (default)` : (sc.metadata.name ?? ''),
      sc.provisioner,
      sc.reclaimPolicy ?? 'Delete',
      sc.volumeBindingMode ?? 'Immediate',
      sc.allowVolumeExpansion ?? false,
      timestampSince(sc.metadata.creationTimestamp, new Date()),
    ],
  };
}

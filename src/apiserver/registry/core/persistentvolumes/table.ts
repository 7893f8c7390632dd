// The columns `kubectl get pv` shows, as Kubernetes prints them: NAME CAPACITY ACCESS MODES
// RECLAIM POLICY STATUS CLAIM STORAGECLASS VOLUMEATTRIBUTESCLASS REASON AGE, and VOLUMEMODE with
// -o wide. A volume being deleted shows Terminating.
import type { PersistentVolume } from '../../../../api/core/v1/volume-types.ts';
import { parseQuantity, quantityString } from '../../../../machinery/quantity/quantity.ts';
import { timestampSince } from '../../human-duration.ts';
import type { ResourceTable } from '../../resource.ts';
import { accessModesText, BETA_STORAGE_CLASS_ANNOTATION } from '../persistentvolumeclaims/table.ts';

const column = (name: string, description: string, priority = 0) => ({ name, type: 'string', format: name === 'Name' ? 'name' : '', priority, description });

export function persistentVolumeTable(): ResourceTable<PersistentVolume> {
  return {
    columns: [
      column('Name', 'Name of the volume, unique in the cluster.'),
      column('Capacity', 'The storage the volume holds.'),
      column('Access Modes', 'How the volume may be mounted: RWO, ROX, RWX, RWOP.'),
      column('Reclaim Policy', 'What happens to the volume when its claim is deleted.'),
      column('Status', 'The phase of the volume.'),
      column('Claim', 'The claim the volume is bound to, as namespace/name.'),
      column('StorageClass', 'StorageClass of the pv'),
      column('VolumeAttributesClass', 'VolumeAttributesClass of the pv'),
      column('Reason', 'Why the volume is in its phase.'),
      column('Age', 'Time since the volume was created.'),
      column('VolumeMode', 'Filesystem or Block.', 1),
    ],
    row(pv) {
      const spec = pv.spec ?? {};
      const claim = spec.claimRef ? `${spec.claimRef.namespace ?? ''}/${spec.claimRef.name ?? ''}` : '';
      const storage = spec.capacity?.['storage'];
      const phase = pv.metadata.deletionTimestamp ? 'Terminating' : (pv.status?.phase ?? '');
      const storageClass = pv.metadata.annotations?.[BETA_STORAGE_CLASS_ANNOTATION] ?? spec.storageClassName ?? '';
      return [
        pv.metadata.name ?? '', storage === undefined ? '0' : quantityString(parseQuantity(storage)), accessModesText(spec.accessModes), spec.persistentVolumeReclaimPolicy ?? '',
        phase, claim, storageClass, spec.volumeAttributesClassName ?? '<unset>', pv.status?.reason ?? '', timestampSince(pv.metadata.creationTimestamp, new Date()),
        spec.volumeMode ?? '<unset>',
      ];
    },
  };
}

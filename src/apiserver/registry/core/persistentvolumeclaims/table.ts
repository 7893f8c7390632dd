// The columns `kubectl get pvc` shows, as Kubernetes prints them: NAME STATUS VOLUME CAPACITY
// ACCESS MODES STORAGECLASS VOLUMEATTRIBUTESCLASS AGE, and VOLUMEMODE with -o wide. Capacity and
// access modes come from the status once the claim names a volume; a claim being deleted shows
// Terminating. Access modes are abbreviated as kubectl abbreviates them, for volumes too.
import type { PersistentVolumeClaim } from '../../../../api/core/v1/volume-types.ts';
import { parseQuantity, quantityString } from '../../../../machinery/quantity/quantity.ts';
import { timestampSince } from '../../human-duration.ts';
import type { ResourceTable } from '../../resource.ts';

/** The storage class annotation that came before storageClassName, and still wins over it. */
export const BETA_STORAGE_CLASS_ANNOTATION = 'volume.beta.orch.io/storage-class';

const ABBREVIATIONS: readonly [string, string][] = [['ReadWriteOnce', 'RWO'], ['ReadOnlyMany', 'ROX'], ['ReadWriteMany', 'RWX'], ['ReadWriteOncePod', 'RWOP']];

/** RWO,ROX,RWX,RWOP in that order, each once, unknown modes left out. */
export function accessModesText(modes: readonly string[] | undefined): string {
  return ABBREVIATIONS.filter(([mode]) => modes?.includes(mode)).map(([, short]) => short).join(',');
}

const column = (name: string, description: string, priority = 0) => ({ name, type: 'string', format: name === 'Name' ? 'name' : '', priority, description });

export function persistentVolumeClaimTable(): ResourceTable<PersistentVolumeClaim> {
  return {
    columns: [
      column('Name', 'Name of the claim, unique within its namespace.'),
      column('Status', 'The phase of the claim.'),
      column('Volume', 'The persistent volume the claim is bound to.'),
      column('Capacity', 'The storage the bound volume holds.'),
      column('Access Modes', 'How the bound volume may be mounted: RWO, ROX, RWX, RWOP.'),
      column('StorageClass', 'StorageClass of the pvc'),
      column('VolumeAttributesClass', 'VolumeAttributesClass of the pvc'),
      column('Age', 'Time since the claim was created.'),
      column('VolumeMode', 'Filesystem or Block.', 1),
    ],
    row(pvc) {
      const spec = pvc.spec ?? {};
      const phase = pvc.metadata.deletionTimestamp ? 'Terminating' : (pvc.status?.phase ?? '');
      let capacity = '';
      let modes = '';
      if (spec.volumeName) {
        const storage = pvc.status?.capacity?.['storage'];
        capacity = storage === undefined ? '0' : quantityString(parseQuantity(storage));
        modes = accessModesText(pvc.status?.accessModes);
      }
      const storageClass = pvc.metadata.annotations?.[BETA_STORAGE_CLASS_ANNOTATION] ?? spec.storageClassName ?? '';
      return [
        pvc.metadata.name ?? '', phase, spec.volumeName ?? '', capacity, modes, storageClass, spec.volumeAttributesClassName ?? '<unset>',
        timestampSince(pvc.metadata.creationTimestamp, new Date()), spec.volumeMode ?? '<unset>',
      ];
    },
  };
}

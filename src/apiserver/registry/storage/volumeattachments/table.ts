// The columns `kubectl get volumeattachments` shows, as Kubernetes prints them: NAME, ATTACHER,
// PV (the persistent volume's name, empty for inline specs), NODE, ATTACHED, AGE.
import type { VolumeAttachment } from '../../../../api/storage/v1/types.ts';
import type { ResourceTable } from '../../resource.ts';
import { nameAgeTable } from '../../simple-table.ts';

export function volumeAttachmentTable(): ResourceTable<VolumeAttachment> {
  return nameAgeTable<VolumeAttachment>(
    [
      { name: 'Attacher', type: 'string', format: 'name', priority: 0, description: 'The volume driver that carries out the attachment.' },
      { name: 'PV', type: 'string', format: '', priority: 0, description: 'The persistent volume to attach.' },
      { name: 'Node', type: 'string', format: '', priority: 0, description: 'The node to attach the volume to.' },
      { name: 'Attached', type: 'boolean', format: '', priority: 0, description: 'Whether the volume is attached.' },
    ],
    (va) => [va.spec?.attacher ?? '', va.spec?.source?.persistentVolumeName ?? '', va.spec?.nodeName ?? '', va.status?.attached ?? false],
  );
}

// The columns `kubectl get csidrivers` shows, as Kubernetes prints them: NAME, ATTACHREQUIRED,
// PODINFOONMOUNT, STORAGECAPACITY, TOKENREQUESTS (the audiences, or <unset>), REQUIRESREPUBLISH,
// MODES (comma-separated, or <none>), AGE.
import type { CSIDriver } from '../../../../api/storage/v1/types.ts';
import type { ResourceTable } from '../../resource.ts';
import { nameAgeTable } from '../../simple-table.ts';

const column = (name: string, type: string, description: string) => ({ name, type, format: '', priority: 0, description });

export function csiDriverTable(): ResourceTable<CSIDriver> {
  return nameAgeTable<CSIDriver>(
    [
      column('AttachRequired', 'boolean', 'Whether volumes must be attached before they are mounted.'),
      column('PodInfoOnMount', 'boolean', 'Whether the driver is told about the pod when mounting.'),
      column('StorageCapacity', 'boolean', 'Whether scheduling considers the capacity the driver publishes.'),
      column('TokenRequests', 'string', 'The audiences of the service account tokens the driver is given.'),
      column('RequiresRepublish', 'boolean', 'Whether volumes are published again periodically.'),
      column('Modes', 'string', 'The kinds of volume the driver serves.'),
    ],
    (d) => {
      const spec = d.spec ?? {};
      const tokens = spec.tokenRequests ? spec.tokenRequests.map((t) => t.audience).join(',') : '<unset>';
      const modes = (spec.volumeLifecycleModes ?? []).join(',') || '<none>';
      return [spec.attachRequired ?? true, spec.podInfoOnMount ?? false, spec.storageCapacity ?? false, tokens, spec.requiresRepublish ?? false, modes];
    },
  );
}

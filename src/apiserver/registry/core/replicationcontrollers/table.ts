// The columns `kubectl get rc` shows, as Kubernetes prints them: NAME, DESIRED (spec.replicas),
// CURRENT and READY (from the status), AGE; -o wide adds the template's CONTAINERS and IMAGES and
// the SELECTOR.
import type { ReplicationController } from '../../../../api/core/v1/pod-types.ts';
import { timestampSince } from '../../human-duration.ts';
import type { ResourceTable } from '../../resource.ts';
import { AGE_COLUMN, NAME_COLUMN } from '../../simple-table.ts';
import { containerCells, formatLabels } from '../pods/template-cells.ts';

export function replicationControllerTable(): ResourceTable<ReplicationController> {
  return {
    columns: [
      NAME_COLUMN,
      { name: 'Desired', type: 'integer', format: '', priority: 0, description: 'The number of pods wanted.' },
      { name: 'Current', type: 'integer', format: '', priority: 0, description: 'The number of pods last observed.' },
      { name: 'Ready', type: 'integer', format: '', priority: 0, description: 'The number of ready pods last observed.' },
      AGE_COLUMN,
      { name: 'Containers', type: 'string', format: '', priority: 1, description: 'The names of the template\'s containers.' },
      { name: 'Images', type: 'string', format: '', priority: 1, description: 'The images of the template\'s containers.' },
      { name: 'Selector', type: 'string', format: '', priority: 1, description: 'The labels a pod must have to be counted.' },
    ],
    row(rc) {
      const [names, images] = containerCells(rc.spec?.template?.spec?.containers);
      return [
        rc.metadata.name ?? '',
        rc.spec?.replicas ?? 0,
        rc.status?.replicas ?? 0,
        rc.status?.readyReplicas ?? 0,
        timestampSince(rc.metadata.creationTimestamp, new Date()),
        names,
        images,
        formatLabels(rc.spec?.selector),
      ];
    },
  };
}

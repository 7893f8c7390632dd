// The columns `kubectl get rs` shows, as Kubernetes prints them: NAME, DESIRED (spec.replicas),
// CURRENT and READY (from the status), AGE; -o wide adds the template's CONTAINERS and IMAGES and
// the SELECTOR as a label query.
import type { ReplicaSet } from '../../../../api/apps/v1/types.ts';
import { timestampSince } from '../../human-duration.ts';
import type { ResourceTable } from '../../resource.ts';
import { labelSelectorString } from '../../scale/scale-view.ts';
import { AGE_COLUMN, NAME_COLUMN } from '../../simple-table.ts';
import { containerCells } from '../../core/pods/template-cells.ts';
import { CONTAINERS_COLUMN, IMAGES_COLUMN, SELECTOR_COLUMN, column } from '../workload/columns.ts';

export function replicaSetTable(): ResourceTable<ReplicaSet> {
  return {
    columns: [
      NAME_COLUMN,
      column('Desired', 'integer', 'The number of pods wanted (spec.replicas).'),
      column('Current', 'integer', 'The number of pods last observed.'),
      column('Ready', 'integer', 'The number of ready pods last observed.'),
      AGE_COLUMN,
      CONTAINERS_COLUMN,
      IMAGES_COLUMN,
      SELECTOR_COLUMN,
    ],
    row(rs) {
      const [names, images] = containerCells(rs.spec?.template?.spec?.containers);
      return [
        rs.metadata.name ?? '',
        rs.spec?.replicas ?? 0,
        rs.status?.replicas ?? 0,
        rs.status?.readyReplicas ?? 0,
        timestampSince(rs.metadata.creationTimestamp, new Date()),
        names,
        images,
        labelSelectorString(rs.spec?.selector),
      ];
    },
  };
}

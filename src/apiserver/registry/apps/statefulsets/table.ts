// The columns `kubectl get statefulsets` shows, as Kubernetes prints them: NAME, READY (ready of
// wanted, "2/3"), AGE; -o wide adds the template's CONTAINERS and IMAGES.
import type { StatefulSet } from '../../../../api/apps/v1/types.ts';
import { timestampSince } from '../../human-duration.ts';
import type { ResourceTable } from '../../resource.ts';
import { AGE_COLUMN, NAME_COLUMN } from '../../simple-table.ts';
import { containerCells } from '../../core/pods/template-cells.ts';
import { CONTAINERS_COLUMN, IMAGES_COLUMN, column } from '../workload/columns.ts';

export function statefulSetTable(): ResourceTable<StatefulSet> {
  return {
    columns: [NAME_COLUMN, column('Ready', 'string', 'Ready pods of those wanted.'), AGE_COLUMN, CONTAINERS_COLUMN, IMAGES_COLUMN],
    row(set) {
      const [names, images] = containerCells(set.spec?.template?.spec?.containers);
      return [set.metadata.name ?? '', `${set.status?.readyReplicas ?? 0}/${set.spec?.replicas ?? 0}`, timestampSince(set.metadata.creationTimestamp, new Date()), names, images];
    },
  };
}

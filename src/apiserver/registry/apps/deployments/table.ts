// The columns `kubectl get deployments` shows, as Kubernetes prints them: NAME, READY (ready of
// wanted, "2/3"), UP-TO-DATE and AVAILABLE from the status, AGE; -o wide adds the template's
// CONTAINERS and IMAGES and the SELECTOR as a label query.
import type { Deployment } from '../../../../api/apps/v1/types.ts';
import { timestampSince } from '../../human-duration.ts';
import type { ResourceTable } from '../../resource.ts';
import { labelSelectorString } from '../../scale/scale-view.ts';
import { AGE_COLUMN, NAME_COLUMN } from '../../simple-table.ts';
import { containerCells } from '../../core/pods/template-cells.ts';
import { CONTAINERS_COLUMN, IMAGES_COLUMN, SELECTOR_COLUMN, column } from '../workload/columns.ts';

export function deploymentTable(): ResourceTable<Deployment> {
  return {
    columns: [
      NAME_COLUMN,
      column('Ready', 'string', 'Ready pods of those wanted.'),
      column('Up-to-date', 'integer', 'Pods running the current template.'),
      column('Available', 'integer', 'Pods ready for at least minReadySeconds.'),
      AGE_COLUMN,
      CONTAINERS_COLUMN,
      IMAGES_COLUMN,
      SELECTOR_COLUMN,
    ],
    row(d) {
      const [names, images] = containerCells(d.spec?.template?.spec?.containers);
      return [
        d.metadata.name ?? '',
        `${d.status?.readyReplicas ?? 0}/${d.spec?.replicas ?? 0}`,
        d.status?.updatedReplicas ?? 0,
        d.status?.availableReplicas ?? 0,
        timestampSince(d.metadata.creationTimestamp, new Date()),
        names,
        images,
        labelSelectorString(d.spec?.selector),
      ];
    },
  };
}

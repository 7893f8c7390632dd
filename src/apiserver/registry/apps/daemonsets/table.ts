// The columns `kubectl get daemonsets` shows, as Kubernetes prints them: NAME, DESIRED, CURRENT,
// READY, UP-TO-DATE and AVAILABLE from the status, the template's NODE SELECTOR, AGE; -o wide
// adds the template's CONTAINERS and IMAGES and the SELECTOR as a label query.
import type { DaemonSet } from '../../../../api/apps/v1/types.ts';
import { timestampSince } from '../../human-duration.ts';
import type { ResourceTable } from '../../resource.ts';
import { labelSelectorString } from '../../scale/scale-view.ts';
import { AGE_COLUMN, NAME_COLUMN } from '../../simple-table.ts';
import { containerCells, formatLabels } from '../../core/pods/template-cells.ts';
import { CONTAINERS_COLUMN, IMAGES_COLUMN, SELECTOR_COLUMN, column } from '../workload/columns.ts';

export function daemonSetTable(): ResourceTable<DaemonSet> {
  return {
    columns: [
      NAME_COLUMN,
      column('Desired', 'integer', 'Nodes that should run the pod.'),
      column('Current', 'integer', 'Nodes that should run the pod and run at least one.'),
      column('Ready', 'integer', 'Nodes that should run the pod and run a ready one.'),
      column('Up-to-date', 'integer', 'Nodes running a pod of the current template.'),
      column('Available', 'integer', 'Nodes running a pod ready for at least minReadySeconds.'),
      column('Node Selector', 'string', 'The node labels the template\'s pods require.'),
      AGE_COLUMN,
      CONTAINERS_COLUMN,
      IMAGES_COLUMN,
      SELECTOR_COLUMN,
    ],
    row(ds) {
      const s = ds.status;
      const [names, images] = containerCells(ds.spec?.template?.spec?.containers);
      return [
        ds.metadata.name ?? '',
        s?.desiredNumberScheduled ?? 0,
        s?.currentNumberScheduled ?? 0,
        s?.numberReady ?? 0,
        s?.updatedNumberScheduled ?? 0,
        s?.numberAvailable ?? 0,
        formatLabels(ds.spec?.template?.spec?.nodeSelector),
        timestampSince(ds.metadata.creationTimestamp, new Date()),
        names,
        images,
        labelSelectorString(ds.spec?.selector),
      ];
    },
  };
}

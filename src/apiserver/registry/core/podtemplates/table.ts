// The columns `kubectl get podtemplates` shows, as Kubernetes prints them: NAME, the template's
// CONTAINERS and IMAGES, and its POD LABELS.
import type { PodTemplate } from '../../../../api/core/v1/pod-types.ts';
import type { ResourceTable } from '../../resource.ts';
import { NAME_COLUMN } from '../../simple-table.ts';
import { containerCells, formatLabels } from '../pods/template-cells.ts';

export function podTemplateTable(): ResourceTable<PodTemplate> {
  return {
    columns: [
      NAME_COLUMN,
      { name: 'Containers', type: 'string', format: '', priority: 0, description: 'The names of the template\'s containers.' },
      { name: 'Images', type: 'string', format: '', priority: 0, description: 'The images of the template\'s containers.' },
      { name: 'Pod Labels', type: 'string', format: '', priority: 0, description: 'The labels pods made from the template get.' },
    ],
    row(tpl) {
      const [names, images] = containerCells(tpl.template?.spec?.containers);
      return [tpl.metadata.name ?? '', names, images, formatLabels(tpl.template?.metadata?.labels)];
    },
  };
}

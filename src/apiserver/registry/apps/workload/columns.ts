// Table columns the apps kinds share: the template's containers and images and the selector,
// shown by -o wide.
import type { TableColumnDefinition } from '../../resource.ts';

export function column(name: string, type: string, description: string, priority = 0): TableColumnDefinition {
  return { name, type, format: '', priority, description };
}

export const CONTAINERS_COLUMN = column('Containers', 'string', 'The names of the template\'s containers.', 1);
export const IMAGES_COLUMN = column('Images', 'string', 'The images of the template\'s containers.', 1);
export const SELECTOR_COLUMN = column('Selector', 'string', 'The label query selecting the pods.', 1);

// The columns `kubectl get crd` shows: Kubernetes serves definitions through its default table
// convertor, NAME and CREATED AT (the creation time as RFC 3339, not an age).
import type { CustomResourceDefinition } from '../../../../api/apiextensions/v1/types.ts';
import type { ResourceTable } from '../../resource.ts';

export function customResourceDefinitionTable(): ResourceTable<CustomResourceDefinition> {
  return {
    columns: [
      { name: 'Name', type: 'string', format: 'name', priority: 0, description: 'The definition\'s name, <plural>.<group>.' },
      { name: 'Created At', type: 'date', format: '', priority: 0, description: 'When the definition was created (metadata.creationTimestamp).' },
    ],
    row: (crd) => [crd.metadata.name ?? '', crd.metadata.creationTimestamp ?? '0001-01-01T00:00:00Z'],
  };
}

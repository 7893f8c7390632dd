// The table of a custom resource: NAME, then the version's additionalPrinterColumns (each a
// JSONPath into the object), or AGE when it declares none. Values are cells as Kubernetes' table
// convertor makes them: a date as its age, numbers and booleans as they are, strings as text.
import type { CustomResourceColumnDefinition } from '../../api/apiextensions/v1/types.ts';
import type { ApiObject } from '../../api/meta/v1/types.ts';
import { compileJsonPath } from '../../machinery/jsonpath/jsonpath.ts';
import { timestampSince } from '../registry/human-duration.ts';
import type { ResourceTable, TableColumnDefinition } from '../registry/resource.ts';
import { NAME_COLUMN } from '../registry/simple-table.ts';

const DEFAULT_COLUMNS: CustomResourceColumnDefinition[] = [
  { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp', description: 'The time since the object was created.' },
];

function cell(type: string, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  switch (type) {
    case 'date':
      return typeof value === 'string' ? timestampSince(value, new Date()) : null;
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value) ? value : null;
    case 'number':
      return typeof value === 'number' ? value : null;
    case 'boolean':
      return typeof value === 'boolean' ? value : null;
    default:
      return typeof value === 'string' ? value : JSON.stringify(value);
  }
}

export function customResourceTable(columns: readonly CustomResourceColumnDefinition[] | undefined): ResourceTable<ApiObject> {
  const declared = columns?.length ? columns : DEFAULT_COLUMNS;
  const paths = declared.map((c) => compileJsonPath(c.jsonPath));
  const definitions: TableColumnDefinition[] = [
    NAME_COLUMN,
    // Dates are shown as ages, whose column Kubernetes types as a string.
    ...declared.map((c) => ({ name: c.name, type: c.type === 'date' ? 'date' : c.type, format: c.format ?? '', description: c.description ?? '', priority: c.priority ?? 0 })),
  ];
  return {
    columns: definitions,
    row: (obj) => [obj.metadata.name ?? '', ...declared.map((c, i) => cell(c.type, paths[i]!.evaluate(obj)[0]))],
  };
}

// NAME ... AGE tables for resources whose printer is a few plain columns.
import type { ApiObject } from '../../api/meta/v1/types.ts';
import type { ResourceTable, TableColumnDefinition } from './resource.ts';
import { timestampSince } from './human-duration.ts';

export const NAME_COLUMN: TableColumnDefinition = {
  name: 'Name', type: 'string', format: 'name', priority: 0,
  description: 'Name must be unique within a namespace; clients use it to refer to the object.',
};

export const AGE_COLUMN: TableColumnDefinition = {
  name: 'Age', type: 'string', format: '', priority: 0,
  description: 'Time since the object was created (metadata.creationTimestamp).',
};

/** Name, the given columns, Age. */
export function nameAgeTable<T extends ApiObject>(middle: readonly TableColumnDefinition[], cells: (obj: T) => unknown[]): ResourceTable<T> {
  return {
    columns: [NAME_COLUMN, ...middle, AGE_COLUMN],
    row: (obj) => [obj.metadata.name ?? '', ...cells(obj), timestampSince(obj.metadata.creationTimestamp, new Date())],
  };
}

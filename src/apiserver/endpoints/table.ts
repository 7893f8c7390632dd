// meta.v1 Table output (`as=Table`), answered in the group/version the client asked for.
import type { ApiObject } from '../../api/meta/v1/types.ts';
import { badRequest } from '../../machinery/status.ts';
import type { ResourceDeclaration } from '../registry/resource.ts';

export type IncludeObject = 'None' | 'Metadata' | 'Object';

export function parseIncludeObject(query: URLSearchParams): IncludeObject {
  const v = query.get('includeObject') ?? '';
  if (v === '' || v === 'Metadata') return 'Metadata';
  if (v === 'None' || v === 'Object') return v;
  throw badRequest(`includeObject: Unsupported value: ${JSON.stringify(v)}: supported values: "Metadata", "None", "Object"`);
}

export function rowObject(obj: ApiObject, include: IncludeObject, asApiVersion: string): unknown {
  if (include === 'Object') return obj;
  if (include === 'None') return undefined;
  return { kind: 'PartialObjectMetadata', apiVersion: asApiVersion, metadata: obj.metadata };
}

export interface ListMeta {
  resourceVersion?: string;
  continue?: string;
  remainingItemCount?: number;
}

export function toTable(
  decl: ResourceDeclaration<any, any>,
  items: readonly ApiObject[],
  listMeta: ListMeta,
  asApiVersion: string,
  include: IncludeObject,
  withColumns = true,
): Record<string, unknown> {
  const rows = items.map((obj) => {
    const row: Record<string, unknown> = { cells: decl.table.row(obj) };
    const o = rowObject(obj, include, asApiVersion);
    if (o !== undefined) row['object'] = o;
    return row;
  });
  const table: Record<string, unknown> = { kind: 'Table', apiVersion: asApiVersion, metadata: listMeta };
  if (withColumns) table['columnDefinitions'] = decl.table.columns;
  table['rows'] = rows;
  return table;
}

/** PartialObjectMetadata of one object or of a list. */
export function toPartialMetadata(obj: ApiObject, asApiVersion: string): Record<string, unknown> {
  return { kind: 'PartialObjectMetadata', apiVersion: asApiVersion, metadata: obj.metadata };
}

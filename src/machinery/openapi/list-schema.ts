// What every kind's definition shares: the descriptions of its apiVersion, kind and metadata
// fields, and its List (apiVersion, items of the kind, kind, ListMeta), with Kubernetes' field
// numbers for the List message.
import { META_V1 } from './names.ts';
import { tag } from './protobuf-extension.ts';
import { object, refArray, refProp, str, type Dialect, type Schema } from './schema-builder.ts';

export const API_VERSION_DOC = 'The versioned schema of this representation of an object.';
export const KIND_DOC = 'The REST resource this object represents, in CamelCase.';
export const METADATA_DOC = 'Standard object metadata.';

export interface ListOf {
  /** The item's definition name, e.g. io.orch.api.core.v1.ConfigMap. */
  item: string;
  group: string;
  version?: string;
  /** The list's kind, e.g. ConfigMapList. */
  kind: string;
  doc: string;
}

export function listSchema(d: Dialect, list: ListOf): Schema {
  const itemKind = list.item.slice(list.item.lastIndexOf('.') + 1);
  return object(
    list.doc,
    {
      apiVersion: str(API_VERSION_DOC),
      items: tag(2, refArray(d, list.item, `The ${itemKind} objects.`)),
      kind: str(KIND_DOC),
      metadata: tag(1, refProp(d, `${META_V1}.ListMeta`, 'Standard list metadata.', true)),
    },
    { required: ['items'], gvk: [{ group: list.group, kind: list.kind, version: list.version ?? 'v1' }] },
  );
}

// GET a collection (namespaced or across namespaces).
import { apiVersionOf } from '../../registry/resource.ts';
import { listObjects } from '../../registry/generic/list.ts';
import { parseListQuery } from '../../registry/generic/list-options.ts';
import { negotiateOutput } from '../negotiation.ts';
import { prettyFor, writeEncoded, writeObject } from '../respond.ts';
import { encodeJsonList } from '../list-json.ts';
import { jsonMediaType } from '../../../machinery/codecs/media-types.ts';
import { parseIncludeObject, toPartialMetadata, toTable, type ListMeta } from '../table.ts';
import { protobufKind, requestNamespace, type Scope } from './scope.ts';

export async function handleList(scope: Scope): Promise<void> {
  const decl = scope.resource.declaration;
  const choice = negotiateOutput(scope.req.headers.accept, ['Table', 'PartialObjectMetadataList'], { kind: protobufKind(scope) });
  const query = parseListQuery(scope.query);
  const out = await listObjects(scope.resource, requestNamespace(scope), query);
  const meta: ListMeta = { resourceVersion: out.resourceVersion };
  if (out.continue) meta.continue = out.continue;
  if (out.remainingItemCount !== undefined) meta.remainingItemCount = out.remainingItemCount;
  let body: object;
  if (choice.as === 'Table') {
    body = toTable(decl, out.items, meta, choice.asApiVersion!, parseIncludeObject(scope.query));
  } else if (choice.as === 'PartialObjectMetadataList') {
    body = { kind: 'PartialObjectMetadataList', apiVersion: choice.asApiVersion, metadata: meta, items: out.items.map((o) => toPartialMetadata(o, choice.asApiVersion!)) };
  } else {
    const list = { kind: decl.listKind, apiVersion: apiVersionOf(decl), metadata: meta, items: out.items };
    if (choice.mediaType === jsonMediaType && !prettyFor(scope.req, choice)) {
      writeEncoded(scope.req, scope.res, 200, list, encodeJsonList(decl, list, out.stored), choice);
      return;
    }
    body = list;
  }
  await writeObject(scope.req, scope.res, 200, body, choice);
}

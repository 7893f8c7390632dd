// GET a collection (namespaced or across namespaces).
import { apiVersionOf } from '../../registry/resource.ts';
import { listObjects, servedItems } from '../../registry/generic/list.ts';
import { servedForReading } from '../../registry/generic/context.ts';
import { logsResponseObject } from '../../audit/request-audit.ts';
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
  const head = { kind: decl.listKind, apiVersion: apiVersionOf(decl), metadata: meta };
  if (!choice.as && choice.mediaType === jsonMediaType && !prettyFor(scope.req, choice)) {
    // Most items' JSON is kept from earlier lists, so items are served only where it is not, or
    // for an audit event that logs the whole response.
    const encoded = encodeJsonList(decl, head, out.entries, (s) => servedForReading(decl, s));
    const logged = logsResponseObject(scope.req) ? { ...head, items: servedItems(decl, out.entries) } : head;
    writeEncoded(scope.req, scope.res, 200, logged, encoded, choice);
    return;
  }
  const items = servedItems(decl, out.entries);
  let body: object;
  if (choice.as === 'Table') {
    body = toTable(decl, items, meta, choice.asApiVersion!, parseIncludeObject(scope.query));
  } else if (choice.as === 'PartialObjectMetadataList') {
    body = { kind: 'PartialObjectMetadataList', apiVersion: choice.asApiVersion, metadata: meta, items: items.map((o) => toPartialMetadata(o, choice.asApiVersion!)) };
  } else {
    body = { ...head, items };
  }
  writeObject(scope.req, scope.res, 200, body, choice);
}

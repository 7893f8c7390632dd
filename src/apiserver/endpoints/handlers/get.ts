// GET one object.
import { getObject, getStoredEntry } from '../../registry/generic/get.ts';
import { servedForReading } from '../../registry/generic/context.ts';
import { apiVersionOf } from '../../registry/resource.ts';
import { logsResponseObject } from '../../audit/request-audit.ts';
import { jsonMediaType } from '../../../machinery/codecs/media-types.ts';
import { negotiateOutput } from '../negotiation.ts';
import { prettyFor, writeEncoded, writeObject } from '../respond.ts';
import { servedJson } from '../served-json.ts';
import { parseIncludeObject, toPartialMetadata, toTable } from '../table.ts';
import { protobufKind, requestNamespace, type Scope } from './scope.ts';

const NEWLINE = Buffer.from('\n');

export async function handleGet(scope: Scope): Promise<void> {
  const choice = negotiateOutput(scope.req.headers.accept, ['Table', 'PartialObjectMetadata'], { kind: protobufKind(scope) });
  const resourceVersion = scope.query.get('resourceVersion') ?? '';
  if (!choice.as && choice.mediaType === jsonMediaType && !prettyFor(scope.req, choice)) {
    // Plain JSON: the watch cache's bytes, sent as they are when they are the served form.
    const decl = scope.resource.declaration;
    const entry = await getStoredEntry(scope.resource, scope.info.name, requestNamespace(scope), resourceVersion);
    if (entry) {
      // A JSON body ends with a newline, as Kubernetes writes it.
      const encoded = Buffer.concat([servedJson(decl, entry, (s) => servedForReading(decl, s)), NEWLINE]);
      const logged = logsResponseObject(scope.req) ? servedForReading(decl, entry.object()) : { kind: decl.kind, apiVersion: apiVersionOf(decl) };
      writeEncoded(scope.req, scope.res, 200, logged, encoded, choice);
      return;
    }
  }
  // Only serialized: the object may be shared with the watch cache.
  const obj = await getObject(scope.resource, scope.info.name, requestNamespace(scope), resourceVersion, true);
  let body: object = obj;
  if (choice.as === 'Table') {
    body = toTable(scope.resource.declaration, [obj], { resourceVersion: obj.metadata.resourceVersion }, choice.asApiVersion!, parseIncludeObject(scope.query));
  } else if (choice.as === 'PartialObjectMetadata') {
    body = toPartialMetadata(obj, choice.asApiVersion!);
  }
  writeObject(scope.req, scope.res, 200, body, choice);
}

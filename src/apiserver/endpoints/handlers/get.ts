// GET one object.
import { getObject } from '../../registry/generic/get.ts';
import { negotiateOutput } from '../negotiation.ts';
import { writeObject } from '../respond.ts';
import { parseIncludeObject, toPartialMetadata, toTable } from '../table.ts';
import { protobufKind, requestNamespace, type Scope } from './scope.ts';

export async function handleGet(scope: Scope): Promise<void> {
  const choice = negotiateOutput(scope.req.headers.accept, ['Table', 'PartialObjectMetadata'], { kind: protobufKind(scope) });
  // Only serialized: the object may be shared with the watch cache.
  const obj = await getObject(scope.resource, scope.info.name, requestNamespace(scope), scope.query.get('resourceVersion') ?? '', true);
  let body: object = obj;
  if (choice.as === 'Table') {
    body = toTable(scope.resource.declaration, [obj], { resourceVersion: obj.metadata.resourceVersion }, choice.asApiVersion!, parseIncludeObject(scope.query));
  } else if (choice.as === 'PartialObjectMetadata') {
    body = toPartialMetadata(obj, choice.asApiVersion!);
  }
  writeObject(scope.req, scope.res, 200, body, choice);
}

// DELETE a collection: 200 with the list of deleted objects.
import { apiVersionOf } from '../../registry/resource.ts';
import { deleteCollection } from '../../registry/generic/delete-collection.ts';
import { parseListQuery } from '../../registry/generic/list-options.ts';
import { negotiateOutput } from '../negotiation.ts';
import { writeObject } from '../respond.ts';
import { readDeleteOptions } from './delete-options.ts';
import { protobufKind, requestNamespace, type Scope } from './scope.ts';

export async function handleDeleteCollection(scope: Scope): Promise<void> {
  const decl = scope.resource.declaration;
  const choice = negotiateOutput(scope.req.headers.accept, [], { kind: protobufKind(scope) });
  const opts = await readDeleteOptions(scope);
  const query = parseListQuery(scope.query);
  const out = await deleteCollection(scope.resource, requestNamespace(scope), query, { ...opts, workers: scope.config.deleteCollectionWorkers });
  const meta: Record<string, unknown> = { resourceVersion: out.resourceVersion };
  if (out.continue) meta['continue'] = out.continue;
  if (out.remainingItemCount !== undefined) meta['remainingItemCount'] = out.remainingItemCount;
  writeObject(scope.req, scope.res, 200, { kind: decl.listKind, apiVersion: apiVersionOf(decl), metadata: meta, items: out.items }, choice);
}

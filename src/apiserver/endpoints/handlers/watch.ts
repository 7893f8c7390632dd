// GET with watch=true (or the legacy /watch/ paths): stream changes of a collection or one object.
import { requestContext } from '../../../component-base/serving/request-context.ts';
import { parseListQuery } from '../../registry/generic/list-options.ts';
import { compileSelection } from '../../registry/generic/selection.ts';
import { collectionPrefix } from '../../registry/generic/keys.ts';
import { negotiateOutput } from '../negotiation.ts';
import { parseIncludeObject } from '../table.ts';
import { serveWatch } from '../watch.ts';
import { protobufKind, requestNamespace, type Scope } from './scope.ts';
import type { ApiObject } from '../../../api/meta/v1/types.ts';

export async function handleWatch(scope: Scope): Promise<void> {
  const { resource, info } = scope;
  const decl = resource.declaration;
  const output = negotiateOutput(scope.req.headers.accept, ['Table'], { kind: protobufKind(scope), stream: true });
  const query = parseListQuery(scope.query, true);
  let fieldSelector = query.fieldSelector;
  if (info.parts.length >= 2 && info.name) fieldSelector = fieldSelector ? `${fieldSelector},metadata.name=${info.name}` : `metadata.name=${info.name}`;
  const predicate = compileSelection(decl, query.labelSelector, fieldSelector);
  const timeoutMs =
    query.timeoutSeconds !== undefined && query.timeoutSeconds > 0
      ? query.timeoutSeconds * 1000
      : Math.floor((1 + Math.random()) * scope.config.minRequestTimeoutSeconds * 1000);
  const prefix = collectionPrefix(decl, requestNamespace(scope));
  await serveWatch(scope.req, scope.res, {
    decl,
    open: () =>
      resource.store.watch(prefix, {
        recursive: true,
        // "" and "0" start with the current state unless sendInitialEvents=false (the store decides).
        resourceVersion: query.resourceVersion,
        predicate: predicate as ((o: ApiObject) => boolean) | undefined,
        progressNotify: query.allowWatchBookmarks,
        sendInitialEvents: query.sendInitialEvents,
      }),
    output,
    includeObject: parseIncludeObject(scope.query),
    allowBookmarks: query.allowWatchBookmarks,
    timeoutMs,
    signal: requestContext(scope.req).signal,
    requestedResourceVersion: query.resourceVersion,
    storeName: resource.storeName,
  });
}

// Turns declarations into routes: /api/v1/... and /apis/<group>/<version>/..., namespaced and
// all-namespaces collections, legacy /watch/ paths (parsed by RequestInfo), discovery and OpenAPI.
import type { Handler, Request, Response } from '../../component-base/serving/request-context.ts';
import { requestURL } from '../filters/with-request-info.ts';
import { requestContext } from '../../component-base/serving/request-context.ts';
import { setWarnings, writeStatus } from '../../component-base/serving/responses.ts';
import { internalError, methodNotAllowed, pathNotFound } from '../../machinery/status.ts';
import { klog } from '../../component-base/logs/klog.ts';
import { asStatusError } from '../../component-base/logs/internal-error.ts';
import type { InstalledResource } from '../registry/generic/context.ts';
import type { Verb } from '../registry/resource.ts';
import { serveDiscovery } from './discovery/handler.ts';
import { createOpenApiServer, type OpenApiSchemas } from './openapi/handler.ts';
import type { HandlerConfig, Scope, VerbHandler } from './handlers/scope.ts';
import { handleGet } from './handlers/get.ts';
import { handleList } from './handlers/list.ts';
import { handleWatch } from './handlers/watch.ts';
import { handleCreate } from './handlers/create.ts';
import { handleUpdate } from './handlers/update.ts';
import { handlePatch } from './handlers/patch.ts';
import { handleDelete } from './handlers/delete.ts';
import { handleDeleteCollection } from './handlers/delete-collection.ts';
import { subresourceOf } from './subresources.ts';
import { handleAction } from './handlers/action.ts';
import { actionOf } from '../registry/generic/action.ts';
import { ServedResources } from './served-resources.ts';
import type { DelegatedApis } from './delegated-apis.ts';

export type { InstalledResource } from '../registry/generic/context.ts';

const log = klog('endpoints/installer');

const HANDLERS: Record<Verb, VerbHandler> = {
  get: handleGet,
  list: handleList,
  watch: handleWatch,
  create: handleCreate,
  update: handleUpdate,
  patch: handlePatch,
  delete: handleDelete,
  deletecollection: handleDeleteCollection,
};

/** Verbs that address one named object; the others address a collection. */
const ITEM_VERBS = new Set<string>(['get', 'update', 'patch', 'delete']);

export interface ApiHandlerOptions {
  /** What is served: a fixed list, or a registry that CustomResourceDefinitions add to while the server runs. */
  resources: InstalledResource<any, any>[] | ServedResources;
  /** Schemas for /openapi (definitions the paths refer to); without them the paths are served bare. */
  openapi?: OpenApiSchemas;
  config?: Partial<HandlerConfig>;
  /** Serves what is neither a resource, discovery nor OpenAPI path; default 404. */
  fallback?: Handler;
  /**
   * Group-versions other servers serve (remote APIServices): their requests are passed on before
   * any route here is looked at, and discovery and the OpenAPI v3 index list them.
   */
  delegated?: DelegatedApis;
}

export const DEFAULT_HANDLER_CONFIG: HandlerConfig = {
  deleteCollectionWorkers: 1,
  minRequestTimeoutSeconds: 1800,
  bookmarkIntervalMs: 60_000,
};

export function buildApiHandler(opts: ApiHandlerOptions): Handler {
  const config: HandlerConfig = { ...DEFAULT_HANDLER_CONFIG, ...opts.config };
  const { delegated } = opts;
  const served = opts.resources instanceof ServedResources ? opts.resources : new ServedResources(opts.resources, opts.openapi);
  // The OpenAPI documents are built again once the served resources have changed.
  let openapi: { generation: number; serve: ReturnType<typeof createOpenApiServer> } | undefined;
  const serveOpenApi = (req: Request, res: Response, path: string): boolean => {
    if (openapi?.generation !== served.generation) openapi = { generation: served.generation, serve: createOpenApiServer(served.declarations(), served.openApiSchemas(), delegated && (() => delegated.openapiV3Paths())) };
    return openapi.serve(req, res, path);
  };

  async function serveNonResource(req: Request, res: Response, path: string): Promise<void> {
    if (serveDiscovery(req, res, path, served.declarations(), delegated)) return;
    if (delegated && path.startsWith('/openapi/v3/') && (await delegated.serveOpenApiV3(req, res, path.slice('/openapi/v3/'.length)))) return;
    if (path.startsWith('/openapi/') && serveOpenApi(req, res, path)) return;
    if (opts.fallback) return opts.fallback(req, res);
    throw pathNotFound();
  }

  return async function apiHandler(req: Request, res: Response): Promise<void> {
    try {
      const info = requestContext(req).requestInfo;
      if (!info) throw internalError('no request info on the request');
      const path = info.path.length > 1 && info.path.endsWith('/') ? info.path.replace(/\/+$/, '') : info.path;
      // /apis/<group>/<version>[/...] of a group-version another server serves is passed on to it.
      const [root, group, version] = path.split('/').filter(Boolean);
      if (delegated && root === 'apis' && group && version && (await delegated.serve(req, res, group, version))) return;
      if (!info.isResourceRequest) return await serveNonResource(req, res, path);
      const parent = served.find(`${info.apiPrefix}/${info.apiGroup}/${info.apiVersion}/${info.resource}`);
      const resource = parent && info.subresource ? subresourceOf(parent, info.subresource) : parent;
      if (!resource) throw pathNotFound();
      const decl = resource.declaration;
      // A cluster-scoped resource has no path under namespaces/<namespace>/.
      if (!decl.namespaced && info.underNamespace) throw pathNotFound();
      const verb = info.verb as Verb;
      const connect = info.subresource ? parent!.declaration.subresources?.[info.subresource]?.connect : undefined;
      if (connect) {
        const connector = Object.hasOwn(parent!.connectors ?? {}, info.subresource) ? parent!.connectors![info.subresource] : undefined;
        if (!connector) throw pathNotFound();
        if (!decl.verbs.includes(verb) || !info.name || (decl.namespaced && !info.namespace)) throw methodNotAllowed(req.method ?? '', 'the requested resource');
        const path = info.parts.length > 3 ? `/${info.parts.slice(3).join('/')}${info.path.endsWith('/') ? '/' : ''}` : '';
        return await connector({ req, res, verb, name: info.name, namespace: info.namespace, path, query: requestURL(req).searchParams });
      }
      if (actionOf(resource)) {
        if (verb !== 'create' || !info.name || (decl.namespaced && !info.namespace)) throw methodNotAllowed(req.method ?? '', 'the requested resource');
        return await handleAction({ req, res, info, query: requestURL(req).searchParams, resource, config });
      }
      const handler = HANDLERS[verb] as VerbHandler | undefined;
      // A list's name may come from a metadata.name field selector; only the path names an item.
      const addressesItem = info.parts.length >= 2;
      const allowed =
        handler &&
        decl.verbs.includes(verb) &&
        (verb === 'watch' || ITEM_VERBS.has(verb) === addressesItem) &&
        // The all-namespaces path of a namespaced resource only lists and watches.
        (!decl.namespaced || info.namespace !== '' || verb === 'list' || verb === 'watch');
      if (!allowed) {
        if (decl.namespaced && !info.namespace && addressesItem) throw pathNotFound();
        throw methodNotAllowed(req.method ?? '', 'the requested resource');
      }
      if (decl.deprecationWarning) setWarnings(res, [decl.deprecationWarning]);
      // The query as the request-info filter parsed it (handlers only read it).
      const scope: Scope = { req, res, info, query: requestURL(req).searchParams, resource, config };
      await handler!(scope);
    } catch (err) {
      const status = asStatusError(log, 'request failed', err, { path: req.url });
      if (res.headersSent) {
        if (!res.writableEnded) res.end();
        return;
      }
      writeStatus(req, res, status);
    }
  };
}


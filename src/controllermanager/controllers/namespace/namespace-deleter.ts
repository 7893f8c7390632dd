// One pass over one namespace, as Kubernetes' namespace deleter: nothing to do unless it is being
// deleted and still carries the `orch` finalizer; otherwise empty it, record the outcome in its
// status conditions, and once nothing is left remove the finalizer through /finalize.
import type { Namespace } from '../../../api/core/v1/namespace-types.ts';
import { NAMESPACE_FINALIZER } from '../../../api/core/v1/namespace-types.ts';
import type { RestClient } from '../../../client/rest/client.ts';
import { isConflict, isNotFound } from '../../../machinery/status.ts';
import type { DiscoveryClient } from '../../../client/discovery/discovery-client.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import { updatedConditions } from './deletion-conditions.ts';
import { deleteAllContent } from './namespace-content-deleter.ts';

const log = klog('controllermanager/namespace');
const JSON_TYPE = 'application/json';

/** Content is still going away; look again after `estimateSeconds`. */
export class ContentRemainingError extends Error {
  readonly estimateSeconds: number;

  constructor(estimateSeconds: number, message: string) {
    super(message);
    this.estimateSeconds = estimateSeconds;
  }
}

export interface NamespaceDeleterDeps {
  client: RestClient;
  discovery: DiscoveryClient;
  now?: () => Date;
}

const nsPath = (name: string) => `/api/v1/namespaces/${encodeURIComponent(name)}`;

/** Resolves when the namespace needs nothing more; throws to be retried. */
export async function syncNamespace(name: string, deps: NamespaceDeleterDeps, signal?: AbortSignal): Promise<void> {
  let ns: Namespace;
  try {
    ns = await deps.client.request<Namespace>({ path: nsPath(name), contentType: JSON_TYPE, signal });
  } catch (err) {
    if (isNotFound(err)) return;
    throw err;
  }
  if (!ns.metadata.deletionTimestamp) return;
  if (!(ns.spec?.finalizers ?? []).includes(NAMESPACE_FINALIZER)) return;

  const discovered = await deps.discovery.serverPreferredResources(signal);
  if (discovered.resources.length === 0 && discovered.failed.length > 0) {
    await recordConditions(ns, { discoveryErrors: discovered.failed.map((f) => `${f.groupVersion}: ${f.error.message}`), contentErrors: [], remainingByResource: new Map(), remainingByFinalizer: new Map() }, deps, signal);
    throw new Error(`discovery failed for namespace ${name}`);
  }
  const outcome = await deleteAllContent(deps.client, name, discovered, signal);
  ns = (await recordConditions(ns, outcome, deps, signal)) ?? ns;
  if (outcome.contentErrors.length > 0 || outcome.discoveryErrors.length > 0) {
    throw new Error(`namespace ${name} could not be emptied: ${[...outcome.discoveryErrors, ...outcome.contentErrors].join('; ')}`);
  }
  if (outcome.estimateSeconds > 0) {
    throw new ContentRemainingError(outcome.estimateSeconds, `some content remains in namespace ${name}, waiting on finalizers`);
  }
  await finalize(ns, deps, signal);
  log.info('Namespace emptied and finalized', { namespace: name }, 2);
}

/** Writes the conditions through /status when they changed; a conflict re-reads once per attempt. */
async function recordConditions(ns: Namespace, outcome: Parameters<typeof updatedConditions>[1], deps: NamespaceDeleterDeps, signal?: AbortSignal): Promise<Namespace | undefined> {
  let current = ns;
  for (let attempt = 0; attempt < 3; attempt++) {
    const now = (deps.now?.() ?? new Date()).toISOString().replace(/\.\d+Z$/, 'Z');
    const conditions = updatedConditions(current.status?.conditions ?? [], outcome, now);
    if (!conditions) return current;
    const next: Namespace = { ...current, status: { ...current.status, conditions } };
    try {
      return await deps.client.request<Namespace>({ method: 'PUT', path: `${nsPath(ns.metadata.name!)}/status`, body: next, contentType: JSON_TYPE, signal });
    } catch (err) {
      if (isNotFound(err)) return undefined;
      if (!isConflict(err)) throw err;
      current = await deps.client.request<Namespace>({ path: nsPath(ns.metadata.name!), contentType: JSON_TYPE, signal });
    }
  }
  return current;
}

/** Removes the `orch` finalizer; the server deletes the namespace once no finalizer is left. */
async function finalize(ns: Namespace, deps: NamespaceDeleterDeps, signal?: AbortSignal): Promise<void> {
  let current = ns;
  for (let attempt = 0; ; attempt++) {
    const finalizers = (current.spec?.finalizers ?? []).filter((f) => f !== NAMESPACE_FINALIZER);
    try {
      await deps.client.request({ method: 'PUT', path: `${nsPath(ns.metadata.name!)}/finalize`, body: { ...current, spec: { ...current.spec, finalizers } }, contentType: JSON_TYPE, signal });
      return;
    } catch (err) {
      if (isNotFound(err)) return;
      if (!isConflict(err) || attempt >= 3) throw err;
      current = await deps.client.request<Namespace>({ path: nsPath(ns.metadata.name!), contentType: JSON_TYPE, signal });
    }
  }
}

// Empties a terminating namespace, as Kubernetes' namespaced-resources deleter does: every
// namespaced resource the server serves with `delete` is emptied by one deletecollection (or, where
// that verb is missing, by listing and deleting each object), then listed again to see what is
// left. Objects held by finalizers make the namespace wait; anything else left is an error.
import type { RestClient } from '../../../client/rest/client.ts';
import { collectionPath } from '../../../client/rest/resource.ts';
import { isNotFound } from '../../../machinery/status.ts';
import { withVerbs, type ApiResource, type DiscoveredResources } from '../../../client/discovery/discovery-client.ts';
import type { DeletionOutcome } from './deletion-conditions.ts';

/** Kubernetes' estimate of how long finalizers take: the namespace is looked at again after half of it. */
export const FINALIZER_ESTIMATE_SECONDS = 15;

const JSON_TYPE = 'application/json';
const BACKGROUND = { kind: 'DeleteOptions', apiVersion: 'v1', propagationPolicy: 'Background' };

interface Listed {
  items?: Array<{ metadata?: { name?: string; finalizers?: string[] } }>;
}

export interface ContentDeletion extends DeletionOutcome {
  /** Seconds until the remaining content is expected to be gone; 0 when nothing waits on finalizers. */
  estimateSeconds: number;
}

/** `configmaps` for the core group, `leases.coordination.orch.io` for others. */
export function groupResource(r: { group: string; resource: string }): string {
  return r.group ? `${r.resource}.${r.group}` : r.resource;
}

export async function deleteAllContent(client: RestClient, namespace: string, discovered: DiscoveredResources, signal?: AbortSignal): Promise<ContentDeletion> {
  const outcome: ContentDeletion = {
    discoveryErrors: discovered.failed.map((f) => `${f.groupVersion}: ${f.error.message}`),
    contentErrors: [],
    remainingByResource: new Map(),
    remainingByFinalizer: new Map(),
    estimateSeconds: 0,
  };
  const deletable = withVerbs(discovered.resources, 'delete').filter((r) => r.namespaced);
  for (const resource of deletable) {
    try {
      await deleteResourceContent(client, namespace, resource, outcome, signal);
    } catch (err) {
      if (signal?.aborted) throw err;
      outcome.contentErrors.push(`${groupResource(resource)}: ${(err as Error).message}`);
    }
  }
  return outcome;
}

async function deleteResourceContent(client: RestClient, namespace: string, resource: ApiResource, outcome: ContentDeletion, signal?: AbortSignal): Promise<void> {
  const path = collectionPath(resource, namespace);
  const canList = resource.verbs.includes('list');
  if (resource.verbs.includes('deletecollection')) {
    await client.request({ method: 'DELETE', path, body: BACKGROUND, contentType: JSON_TYPE, signal });
  } else if (canList) {
    const listed = await client.request<Listed>({ path, contentType: JSON_TYPE, signal });
    for (const item of listed.items ?? []) {
      const name = item.metadata?.name ?? '';
      await client.request({ method: 'DELETE', path: `${path}/${encodeURIComponent(name)}`, body: BACKGROUND, contentType: JSON_TYPE, signal }).catch((err) => {
        if (!isNotFound(err)) throw err;
      });
    }
  } else {
    return; // Neither collection delete nor list: nothing can be found to delete.
  }
  if (!canList) return;
  const left = await client.request<Listed>({ path, contentType: JSON_TYPE, signal });
  const items = left.items ?? [];
  if (items.length === 0) return;
  const name = groupResource(resource);
  outcome.remainingByResource.set(name, items.length);
  let held = 0;
  for (const item of items) {
    const finalizers = item.metadata?.finalizers ?? [];
    if (finalizers.length > 0) held++;
    for (const f of finalizers) outcome.remainingByFinalizer.set(f, (outcome.remainingByFinalizer.get(f) ?? 0) + 1);
  }
  if (held > 0) outcome.estimateSeconds = Math.max(outcome.estimateSeconds, FINALIZER_ESTIMATE_SECONDS);
  if (held < items.length) outcome.contentErrors.push(`${name}: unexpected items still remain in namespace: ${namespace}`);
}

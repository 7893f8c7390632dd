// One sync of the endpointslice-mirroring controller (Kubernetes' syncEndpoints): the Endpoints of
// a service without a selector are mirrored into slices; when the service is gone or has a
// selector, the Endpoints are gone, or they must not be mirrored (the skip-mirror label, a
// leader election record), the mirrored slices are deleted instead. A cache older than this
// controller's own writes makes the sync wait.
import type { Endpoints } from '../../../api/core/v1/endpoints-types.ts';
import type { Service } from '../../../api/core/v1/service-types.ts';
import type { EndpointSlice } from '../../../api/discovery/v1/types.ts';
import type { Indexer } from '../../../client/cache/store.ts';
import { isNotFound } from '../../../machinery/status.ts';
import { StaleInformerCacheError } from '../endpointslice/sync-service.ts';
import { managedSlicesOf } from '../endpointslice/util/slice-index.ts';
import type { EndpointSliceTracker } from '../endpointslice/util/slice-tracker.ts';
import type { SliceApi } from '../endpointslice/util/slice-writes.ts';
import { ENDPOINTSLICE_MIRRORING_CONTROLLER, LEADER_ELECTION_ANNOTATION, SKIP_MIRROR_LABEL } from '../endpointslice/util/well-known.ts';
import { reconcileMirroring, type MirroringDeps } from './mirroring-reconciler.ts';

export interface MirroringSyncDeps extends MirroringDeps {
  services: Indexer<Service>;
  endpoints: Indexer<Endpoints>;
  slices: Indexer<EndpointSlice>;
  tracker: EndpointSliceTracker;
  api: SliceApi;
}

/** Endpoints that are mirrored: not marked skip-mirror, not a leader election record. */
export function shouldMirror(ep: Endpoints | undefined): boolean {
  if (!ep) return false;
  return ep.metadata.labels?.[SKIP_MIRROR_LABEL] !== 'true' && ep.metadata.annotations?.[LEADER_ELECTION_ANNOTATION] === undefined;
}

/** A selector as the server keeps it: an empty one is none. */
export const hasSelector = (svc: Service) => Object.keys(svc.spec?.selector ?? {}).length > 0;

async function deleteMirroredSlices(deps: MirroringSyncDeps, key: string, namespace: string, name: string): Promise<void> {
  const slices = managedSlicesOf(deps.slices, key, ENDPOINTSLICE_MIRRORING_CONTROLLER);
  const errors: string[] = [];
  for (const slice of slices) {
    try {
      await deps.api.delete(namespace, slice.metadata.name ?? '');
      deps.tracker.expectDeletion(slice);
    } catch (err) {
      if (!isNotFound(err)) errors.push((err as Error).message);
    }
  }
  if (errors.length) throw new Error(`Error(s) deleting ${errors.length}/${slices.length} EndpointSlices for ${namespace}/${name} Endpoints, including: ${errors[0]}`);
}

export async function syncMirroredEndpoints(deps: MirroringSyncDeps, key: string): Promise<void> {
  const slash = key.indexOf('/');
  const namespace = key.slice(0, slash);
  const name = key.slice(slash + 1);
  const svc = deps.services.get(key);
  if (!svc) {
    deps.tracker.deleteService(namespace, name);
    return deleteMirroredSlices(deps, key, namespace, name);
  }
  if (hasSelector(svc)) return deleteMirroredSlices(deps, key, namespace, name);
  const ep = deps.endpoints.get(key);
  if (!ep || !shouldMirror(ep)) return deleteMirroredSlices(deps, key, namespace, name);
  const slices = managedSlicesOf(deps.slices, key, ENDPOINTSLICE_MIRRORING_CONTROLLER);
  if (deps.tracker.staleSlices(namespace, name, slices)) throw new StaleInformerCacheError('EndpointSlice informer cache is out of date');
  await reconcileMirroring(deps, ep, slices);
}

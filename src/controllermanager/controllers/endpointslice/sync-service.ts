// One sync of the endpointslice controller (Kubernetes' syncService): a service that is gone is
// forgotten (its slices go with it through their owner reference); ExternalName services and
// those without a selector get no slices from here; otherwise the slices this controller manages
// for the service are reconciled with the pods it selects, unless the cache shows slices older
// than this controller's own writes, in which case the sync waits for it.
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import type { Service } from '../../../api/core/v1/service-types.ts';
import type { EndpointSlice } from '../../../api/discovery/v1/types.ts';
import type { Indexer } from '../../../client/cache/store.ts';
import type { EventRecorder } from '../../../client/record/index.ts';
import type { SliceReconciler } from './reconciler.ts';
import { podsSelectedBy, serviceSelector } from './util/service-membership.ts';
import { managedSlicesOf } from './util/slice-index.ts';
import type { EndpointSliceTracker } from './util/slice-tracker.ts';
import type { TriggerTimeTracker } from './util/trigger-time-tracker.ts';
import { ENDPOINTSLICE_CONTROLLER } from './util/well-known.ts';

export interface SliceSyncDeps {
  services: Indexer<Service>;
  pods: Indexer<Pod>;
  slices: Indexer<EndpointSlice>;
  reconciler: SliceReconciler;
  tracker: EndpointSliceTracker;
  triggerTimes: TriggerTimeTracker;
  recorder: EventRecorder;
}

/** The cache is behind this controller's own writes: retried with back-off. */
export class StaleInformerCacheError extends Error {}

export async function syncServiceSlices(deps: SliceSyncDeps, key: string): Promise<void> {
  const slash = key.indexOf('/');
  const namespace = key.slice(0, slash);
  const name = key.slice(slash + 1);
  const svc = deps.services.get(key);
  if (!svc) {
    deps.triggerTimes.deleteService(namespace, name);
    deps.tracker.deleteService(namespace, name);
    return;
  }
  if (svc.spec?.type === 'ExternalName' || !serviceSelector(svc)) return;
  const pods = podsSelectedBy(svc, deps.pods);
  const slices = managedSlicesOf(deps.slices, key, ENDPOINTSLICE_CONTROLLER);
  if (deps.tracker.staleSlices(namespace, name, slices)) throw new StaleInformerCacheError('EndpointSlice informer cache is out of date');
  const triggerTime = deps.triggerTimes.compute(namespace, svc, pods);
  try {
    await deps.reconciler.reconcile(svc, pods, slices, triggerTime);
  } catch (err) {
    deps.recorder.eventf(svc, undefined, 'Warning', 'FailedToUpdateEndpointSlices', 'SyncService', `Error updating Endpoint Slices for Service ${namespace}/${name}: ${(err as Error).message}`);
    throw err;
  }
}

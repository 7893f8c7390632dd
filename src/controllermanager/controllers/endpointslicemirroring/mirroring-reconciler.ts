// The mirroring reconciler (Kubernetes' endpointslicemirroring reconciler): one slice per group
// of the desired state, named after the Endpoints, labelled and annotated as they are (but the
// trigger time and kubectl's last-applied configuration), the slice labels set (the service name
// under both its orch.io and Kubernetes names), and owned by the Endpoints. In each group the
// first existing slice is rewritten when its endpoints differ or it lacks Kubernetes' label, and
// the others go; groups no longer desired go. Skipped addresses are reported as events.
import type { Endpoints } from '../../../api/core/v1/endpoints-types.ts';
import type { EndpointPort, EndpointSlice } from '../../../api/discovery/v1/types.ts';
import type { EventRecorder } from '../../../client/record/index.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import { hasStatusCause } from '../../../machinery/status.ts';
import { endpointsEqualBeyondKey, type EndpointSet } from '../endpointslice/util/endpoint-set.ts';
import type { EndpointSliceTracker } from '../endpointslice/util/slice-tracker.ts';
import { recycleSlices, type SliceApi, type SliceChanges } from '../endpointslice/util/slice-writes.ts';
import { ENDPOINTSLICE_MIRRORING_CONTROLLER, KUBERNETES_SERVICE_NAME_LABEL, LAST_APPLIED_ANNOTATION, LAST_CHANGE_TRIGGER_TIME_ANNOTATION, MANAGED_BY_LABEL, SERVICE_NAME_LABEL } from '../endpointslice/util/well-known.ts';
import { desiredState, groupKey, type AddressType } from './desired-state.ts';

const log = klog('controllermanager/endpointslicemirroring');

export interface MirroringDeps {
  api: SliceApi;
  tracker: EndpointSliceTracker;
  recorder: EventRecorder;
  maxEndpointsPerSubset: number;
}

export function newMirroredSlice(ep: Endpoints, ports: EndpointPort[], addressType: AddressType, name?: string): EndpointSlice {
  const labels: Record<string, string> = { ...(ep.metadata.labels ?? {}) };
  labels[SERVICE_NAME_LABEL] = ep.metadata.name ?? '';
  labels[KUBERNETES_SERVICE_NAME_LABEL] = ep.metadata.name ?? '';
  labels[MANAGED_BY_LABEL] = ENDPOINTSLICE_MIRRORING_CONTROLLER;
  const annotations: Record<string, string> = { ...(ep.metadata.annotations ?? {}) };
  delete annotations[LAST_CHANGE_TRIGGER_TIME_ANNOTATION];
  delete annotations[LAST_APPLIED_ANNOTATION];
  const slice: EndpointSlice = {
    apiVersion: 'discovery.orch.io/v1',
    kind: 'EndpointSlice',
    metadata: {
      namespace: ep.metadata.namespace,
      labels,
      annotations,
      ownerReferences: [{ apiVersion: 'v1', kind: 'Endpoints', name: ep.metadata.name ?? '', uid: ep.metadata.uid ?? '', controller: true, blockOwnerDeletion: true }],
    },
    addressType,
    endpoints: [],
    ports,
  };
  if (name) slice.metadata.name = name;
  else slice.metadata.generateName = `${ep.metadata.name}-`;
  return slice;
}

/** Whether the slice holds exactly the desired endpoints, each the same beyond its key. */
function matches(slice: EndpointSlice, desired: EndpointSet): boolean {
  let found = 0;
  for (const ep of slice.endpoints ?? []) {
    const want = desired.get(ep);
    if (!want || !endpointsEqualBeyondKey(want, ep)) return false;
    found++;
  }
  return found === desired.size;
}

export function planMirroring(ep: Endpoints, existing: readonly EndpointSlice[], maxEndpointsPerSubset: number): SliceChanges & { invalid: number; skipped: number } {
  const desired = desiredState(ep, maxEndpointsPerSubset);
  const changes: SliceChanges = { toCreate: [], toUpdate: [], toDelete: [] };
  const existingByKey = new Map<string, EndpointSlice[]>();
  for (const slice of existing) {
    const key = groupKey(slice.addressType, slice.ports);
    existingByKey.set(key, [...(existingByKey.get(key) ?? []), slice]);
  }
  for (const [key, group] of desired.groups) {
    const slices = existingByKey.get(key) ?? [];
    if (group.endpoints.size === 0) {
      changes.toDelete.push(...slices);
      continue;
    }
    changes.toDelete.push(...slices.slice(1));
    // A slice written before it carried Kubernetes' service-name label is written again.
    if (slices.length > 0 && matches(slices[0]!, group.endpoints) && slices[0]!.metadata.labels?.[KUBERNETES_SERVICE_NAME_LABEL] === ep.metadata.name) continue;
    const slice = newMirroredSlice(ep, group.ports, group.addressType, slices[0]?.metadata.name);
    const eps = (slice.endpoints ??= []);
    while (group.endpoints.size > 0 && eps.length < maxEndpointsPerSubset) eps.push(group.endpoints.pop()!);
    (slice.metadata.name ? changes.toUpdate : changes.toCreate).push(slice);
  }
  for (const [key, slices] of existingByKey) if (!desired.groups.has(key)) changes.toDelete.push(...slices);
  return { ...changes, invalid: desired.invalidAddresses, skipped: desired.skippedAddresses };
}

export async function reconcileMirroring(deps: MirroringDeps, ep: Endpoints, existing: readonly EndpointSlice[]): Promise<void> {
  const plan = planMirroring(ep, existing, deps.maxEndpointsPerSubset);
  const id = `${ep.metadata.namespace}/${ep.metadata.name}`;
  const regarding = { ...ep, apiVersion: 'v1', kind: 'Endpoints' };
  if (plan.invalid > 0) {
    deps.recorder.eventf(regarding, undefined, 'Warning', 'InvalidIPAddress', 'Mirroring', `Skipped ${plan.invalid} invalid IP addresses when mirroring to EndpointSlices`);
  }
  if (plan.skipped > plan.invalid) {
    log.info('Addresses in Endpoints were skipped due to exceeding MaxEndpointsPerSubset', { skippedAddresses: plan.skipped, endpoints: id });
    deps.recorder.eventf(regarding, undefined, 'Warning', 'TooManyAddressesToMirror', 'Mirroring',
      `A max of ${deps.maxEndpointsPerSubset} addresses can be mirrored to EndpointSlices per Endpoints subset. ${plan.skipped} addresses were skipped`);
  }
  recycleSlices(plan, (old, created) => old.addressType === created.addressType);
  // No new slices while the Endpoints are being deleted.
  if (!ep.metadata.deletionTimestamp) {
    for (const slice of plan.toCreate) {
      try {
        deps.tracker.update(await deps.api.create(slice));
      } catch (err) {
        if (hasStatusCause(err, 'NamespaceTerminating')) return;
        throw new Error(`failed to create EndpointSlice for Endpoints ${id}: ${(err as Error).message}`);
      }
    }
  }
  for (const slice of plan.toUpdate) {
    try {
      deps.tracker.update(await deps.api.update(slice));
    } catch (err) {
      throw new Error(`failed to update ${slice.metadata.name} EndpointSlice for Endpoints ${id}: ${(err as Error).message}`);
    }
  }
  for (const slice of plan.toDelete) {
    try {
      await deps.api.delete(ep.metadata.namespace ?? '', slice.metadata.name ?? '');
    } catch (err) {
      throw new Error(`failed to delete ${slice.metadata.name} EndpointSlice for Endpoints ${id}: ${(err as Error).message}`);
    }
    deps.tracker.expectDeletion(slice);
  }
}

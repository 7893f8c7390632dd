// The endpointslice reconciler (Kubernetes' staging endpointslice Reconciler): slices of address
// types the service no longer has are deleted; for each address type it has, the plan is worked
// out and written: creates that a delete could serve become updates of the slice about to be
// deleted, new slices are not created while the service is being deleted, and every slice
// written carries the trigger time. Each write is told to the tracker.
import type { Node } from '../../../api/core/v1/node-types.ts';
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import type { Service } from '../../../api/core/v1/service-types.ts';
import type { EndpointSlice } from '../../../api/discovery/v1/types.ts';
import { hasStatusCause } from '../../../machinery/status.ts';
import type { EndpointSliceTracker } from './util/slice-tracker.ts';
import { recycleSlices, type SliceApi, type SliceChanges } from './util/slice-writes.ts';
import { setTriggerTimeAnnotation } from './util/trigger-time-tracker.ts';
import { LAST_CHANGE_TRIGGER_TIME_ANNOTATION } from './util/well-known.ts';
import { addressTypesForService, type AddressType } from './pod-to-endpoint.ts';
import { ownedBy, planSlices } from './plan-slices.ts';

export interface ReconcilerDeps {
  api: SliceApi;
  tracker: EndpointSliceTracker;
  maxEndpointsPerSlice: number;
  node(name: string): Node | undefined;
}

export class SliceReconciler {
  private readonly deps: ReconcilerDeps;

  constructor(deps: ReconcilerDeps) {
    this.deps = deps;
  }

  /** Makes the service's slices match its pods; throws the errors met, after doing what it could. */
  async reconcile(svc: Service, pods: readonly Pod[], existing: readonly EndpointSlice[], triggerTime: number | undefined): Promise<void> {
    const errors: string[] = [];
    const supported = addressTypesForService(svc);
    const unsupported: EndpointSlice[] = [];
    const byType = new Map<AddressType, EndpointSlice[]>();
    for (const slice of existing) {
      if (!supported.has(slice.addressType as AddressType)) {
        unsupported.push(slice);
        continue;
      }
      const list = byType.get(slice.addressType as AddressType) ?? [];
      list.push(slice);
      byType.set(slice.addressType as AddressType, list);
    }
    for (const addressType of supported) {
      const plan = planSlices({ service: svc, pods, existing: byType.get(addressType) ?? [], addressType, maxEndpointsPerSlice: this.deps.maxEndpointsPerSlice, node: this.deps.node });
      errors.push(...plan.errors);
      try {
        await this.finalize(svc, plan, triggerTime);
      } catch (err) {
        errors.push((err as Error).message);
      }
    }
    for (const slice of unsupported) {
      try {
        await this.deps.api.delete(svc.metadata.namespace ?? '', slice.metadata.name ?? '');
        this.deps.tracker.expectDeletion(slice);
      } catch (err) {
        errors.push(`error deleting ${slice.metadata.name} EndpointSlice for Service ${svc.metadata.namespace}/${svc.metadata.name}: ${(err as Error).message}`);
      }
    }
    if (errors.length === 1) throw new Error(errors[0]);
    if (errors.length > 1) throw new Error(`[${errors.join(', ')}]`);
  }

  private async finalize(svc: Service, changes: SliceChanges, triggerTime: number | undefined): Promise<void> {
    const id = `${svc.metadata.namespace}/${svc.metadata.name}`;
    // Slices of another service of the same name (being collected) are never taken over.
    recycleSlices(changes, (old, created) => old.addressType === created.addressType && ownedBy(old, svc));
    const annotate = (slice: EndpointSlice) => {
      const annotations = { ...(slice.metadata.annotations ?? {}) };
      setTriggerTimeAnnotation(annotations, LAST_CHANGE_TRIGGER_TIME_ANNOTATION, triggerTime);
      slice.metadata.annotations = annotations;
    };
    // No new slices for a service being deleted: the garbage collector is removing them.
    if (!svc.metadata.deletionTimestamp) {
      for (const slice of changes.toCreate) {
        annotate(slice);
        try {
          this.deps.tracker.update(await this.deps.api.create(slice));
        } catch (err) {
          if (hasStatusCause(err, 'NamespaceTerminating')) return;
          throw new Error(`failed to create EndpointSlice for Service ${id}: ${(err as Error).message}`);
        }
      }
    }
    for (const slice of changes.toUpdate) {
      annotate(slice);
      try {
        this.deps.tracker.update(await this.deps.api.update(slice));
      } catch (err) {
        throw new Error(`failed to update ${slice.metadata.name} EndpointSlice for Service ${id}: ${(err as Error).message}`);
      }
    }
    for (const slice of changes.toDelete) {
      try {
        await this.deps.api.delete(svc.metadata.namespace ?? '', slice.metadata.name ?? '');
      } catch (err) {
        throw new Error(`failed to delete ${slice.metadata.name} EndpointSlice for Service ${id}: ${(err as Error).message}`);
      }
      this.deps.tracker.expectDeletion(slice);
    }
  }
}

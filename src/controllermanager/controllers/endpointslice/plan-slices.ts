// What the slices of one address type of a service must become (the planning half of Kubernetes'
// reconcileByAddressType and reconcileByPortMapping): slices not owned by the service go; the
// desired endpoints are grouped by the ports they offer; in each group, slices keep the endpoints
// still desired (updated where they changed) and drop the rest, slices left empty go, changed
// slices are filled up first (the fullest first), then the remainder goes into the unchanged
// slice it fills best or into new slices of at most maxEndpointsPerSlice. Groups no longer
// desired go; a service with no slice at all keeps one empty placeholder.
import type { Node } from '../../../api/core/v1/node-types.ts';
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import type { Service } from '../../../api/core/v1/service-types.ts';
import type { Endpoint, EndpointPort, EndpointSlice } from '../../../api/discovery/v1/types.ts';
import type { OwnerReference } from '../../../api/meta/v1/types.ts';
import { EndpointSet, endpointsEqualBeyondKey, portMapKey, slicesByPortMap } from './util/endpoint-set.ts';
import { shouldPodBeInEndpoints } from './util/pod-endpoints.ts';
import type { SliceChanges } from './util/slice-writes.ts';
import { endpointPorts, podToEndpoint, type AddressType } from './pod-to-endpoint.ts';
import { sliceLabels } from './slice-labels.ts';

export interface PlanInput {
  service: Service;
  pods: readonly Pod[];
  /** The service's slices of this address type. */
  existing: readonly EndpointSlice[];
  addressType: AddressType;
  maxEndpointsPerSlice: number;
  /** The node of that name from the cache, or undefined when there is none. */
  node(name: string): Node | undefined;
}

export interface SlicePlan extends SliceChanges {
  /** Pods left out because their node is unknown: the sync fails so it is tried again. */
  errors: string[];
}

export function ownedBy(slice: EndpointSlice, svc: Service): boolean {
  return ((slice.metadata.ownerReferences ?? []) as OwnerReference[]).some((o) => o.uid === svc.metadata.uid && o.kind === 'Service' && o.apiVersion === 'v1');
}

export function newEndpointSlice(svc: Service, ports: EndpointPort[], addressType: AddressType): EndpointSlice {
  return {
    apiVersion: 'discovery.orch.io/v1',
    kind: 'EndpointSlice',
    metadata: {
      generateName: `${svc.metadata.name}-`,
      namespace: svc.metadata.namespace,
      labels: sliceLabels(undefined, svc).labels,
      ownerReferences: [{ apiVersion: 'v1', kind: 'Service', name: svc.metadata.name ?? '', uid: svc.metadata.uid ?? '', controller: true, blockOwnerDeletion: true }],
    },
    addressType,
    endpoints: [],
    ports,
  };
}

function sameLabels(a: Record<string, string> | undefined, b: Record<string, string> | undefined): boolean {
  const ka = Object.keys(a ?? {});
  return ka.length === Object.keys(b ?? {}).length && ka.every((k) => a![k] === b?.[k]);
}

/** Whether a slice about to go is just the placeholder that would be made again. */
function isPlaceholder(slice: EndpointSlice, placeholder: EndpointSlice): boolean {
  return slice.metadata.namespace === placeholder.metadata.namespace && sameLabels(slice.metadata.labels, placeholder.metadata.labels)
    && slice.addressType === placeholder.addressType && (slice.endpoints ?? []).length === 0 && (slice.ports ?? []).length === 0;
}

/** The unchanged slice whose room best fits n more endpoints, if any has room for them all. */
function sliceToFill(slices: EndpointSlice[], n: number, max: number): EndpointSlice | undefined {
  let closestDiff = max;
  let closest: EndpointSlice | undefined;
  for (const slice of slices) {
    const diff = max - (n + (slice.endpoints ?? []).length);
    if (diff >= 0 && diff < closestDiff) {
      closestDiff = diff;
      closest = slice;
      if (diff === 0) break;
    }
  }
  return closest;
}

function planPortGroup(input: PlanInput, existing: readonly EndpointSlice[], desired: EndpointSet, ports: EndpointPort[]): SliceChanges {
  const { service, maxEndpointsPerSlice: max } = input;
  const byName = new Map<string, EndpointSlice>();
  const unchanged = new Set<string>();
  const toUpdate = new Set<string>();
  const toDelete = new Set<string>();

  for (const slice of existing) {
    const name = slice.metadata.name ?? '';
    byName.set(name, slice);
    const kept: Endpoint[] = [];
    let endpointUpdated = false;
    for (const ep of slice.endpoints ?? []) {
      const want = desired.get(ep);
      if (!want) continue;
      kept.push(want);
      if (!endpointsEqualBeyondKey(want, ep)) endpointUpdated = true;
      desired.delete(ep);
    }
    const { labels, changed: labelsChanged } = sliceLabels(slice, service);
    if (endpointUpdated || kept.length !== (slice.endpoints ?? []).length) {
      if (kept.length === 0) {
        toDelete.add(name);
      } else {
        const copy = structuredClone(slice);
        copy.endpoints = kept;
        copy.metadata.labels = labels;
        byName.set(name, copy);
        toUpdate.add(name);
      }
    } else if (labelsChanged) {
      const copy = structuredClone(slice);
      copy.metadata.labels = labels;
      byName.set(name, copy);
      toUpdate.add(name);
    } else {
      unchanged.add(name);
    }
  }

  // Slices being written anyway take what they can hold, the fullest first.
  if (desired.size > 0 && toUpdate.size > 0) {
    const updating = [...toUpdate].map((n) => byName.get(n)!).sort((a, b) => (b.endpoints ?? []).length - (a.endpoints ?? []).length);
    for (const slice of updating) {
      const eps = (slice.endpoints ??= []);
      while (desired.size > 0 && eps.length < max) eps.push(desired.pop()!);
    }
  }

  const toCreate: EndpointSlice[] = [];
  while (desired.size > 0) {
    let fill: EndpointSlice | undefined;
    if (desired.size < max && unchanged.size > 0) {
      fill = sliceToFill([...unchanged].map((n) => byName.get(n)!), desired.size, max);
    }
    if (!fill) {
      fill = newEndpointSlice(service, ports, input.addressType);
    } else {
      fill = structuredClone(fill);
      byName.set(fill.metadata.name ?? '', fill);
    }
    const eps = (fill.endpoints ??= []);
    while (desired.size > 0 && eps.length < max) eps.push(desired.pop()!);
    if (fill.metadata.name) {
      toUpdate.add(fill.metadata.name);
      unchanged.delete(fill.metadata.name);
    } else {
      toCreate.push(fill);
    }
  }
  return { toCreate, toUpdate: [...toUpdate].map((n) => byName.get(n)!), toDelete: [...toDelete].map((n) => byName.get(n)!) };
}

export function planSlices(input: PlanInput): SlicePlan {
  const { service, addressType } = input;
  const plan: SlicePlan = { toCreate: [], toUpdate: [], toDelete: [], errors: [] };
  const owned: EndpointSlice[] = [];
  for (const slice of input.existing) (ownedBy(slice, service) ? owned : plan.toDelete).push(slice);
  const existingByPorts = slicesByPortMap(owned);

  const desiredByPorts = new Map<string, { set: EndpointSet; ports: EndpointPort[] }>();
  for (const pod of input.pods) {
    if (!shouldPodBeInEndpoints(pod, true)) continue;
    const ports = endpointPorts(service, pod);
    const key = portMapKey(ports);
    let group = desiredByPorts.get(key);
    if (!group) desiredByPorts.set(key, (group = { set: new EndpointSet(), ports }));
    const nodeName = pod.spec?.nodeName ?? '';
    const node = input.node(nodeName);
    if (!node && !service.spec?.publishNotReadyAddresses) {
      plan.errors.push(`skipping Pod ${pod.metadata.name} for Service ${service.metadata.namespace}/${service.metadata.name}: Node ${nodeName} Not Found`);
      continue;
    }
    const ep = podToEndpoint(pod, node, service, addressType);
    if (ep.addresses.length > 0) group.set.insert(ep);
  }

  for (const [key, { set, ports }] of desiredByPorts) {
    const changes = planPortGroup(input, existingByPorts.get(key) ?? [], set, ports);
    plan.toCreate.push(...changes.toCreate);
    plan.toUpdate.push(...changes.toUpdate);
    plan.toDelete.push(...changes.toDelete);
  }
  for (const [key, slices] of existingByPorts) if (!desiredByPorts.has(key)) plan.toDelete.push(...slices);

  // A service with no slice left keeps an empty one, so that clients see it has no endpoints.
  if (input.existing.length === plan.toDelete.length && plan.toCreate.length === 0) {
    const placeholder = newEndpointSlice(service, [], addressType);
    if (plan.toDelete.length === 1 && isPlaceholder(plan.toDelete[0]!, placeholder)) plan.toDelete = [];
    else plan.toCreate.push(placeholder);
  }
  return plan;
}

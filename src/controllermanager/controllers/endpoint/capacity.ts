// The capacity of an Endpoints object: at most 1000 addresses are kept. Past that, Kubernetes
// keeps ready addresses before not-ready ones, sharing what is left between the subsets in
// proportion to their sizes (rounded up, the last subsets taking what remains), and marks the
// object with the over-capacity annotation.
import type { EndpointSubset } from '../../../api/core/v1/endpoints-types.ts';
import { OVER_CAPACITY_ANNOTATION } from '../endpointslice/util/well-known.ts';

export const MAX_CAPACITY = 1000;
export const TRUNCATED = 'truncated';

function countAddresses(subsets: readonly EndpointSubset[]): { ready: number; notReady: number } {
  let ready = 0;
  let notReady = 0;
  for (const s of subsets) {
    ready += s.addresses?.length ?? 0;
    notReady += s.notReadyAddresses?.length ?? 0;
  }
  return { ready, notReady };
}

/** True when the annotation says what the subsets are: absent, and no more than the capacity. */
export function capacityAnnotationSetCorrectly(annotations: Record<string, string> | undefined, subsets: readonly EndpointSubset[] | undefined): boolean {
  const { ready, notReady } = countAddresses(subsets ?? []);
  if (ready + notReady > MAX_CAPACITY) return false;
  return annotations?.[OVER_CAPACITY_ANNOTATION] === undefined;
}

/** Cuts the subsets to the capacity in place; true when it had to. */
export function truncateSubsets(subsets: EndpointSubset[]): boolean {
  const { ready, notReady } = countAddresses(subsets);
  if (ready + notReady <= MAX_CAPACITY) return false;
  const truncateReady = ready > MAX_CAPACITY;
  const max = truncateReady ? MAX_CAPACITY : MAX_CAPACITY - ready;
  const total = truncateReady ? ready : notReady;
  let canBeAdded = max;
  for (const subset of subsets) {
    const inSubset = truncateReady ? subset.addresses?.length ?? 0 : subset.notReadyAddresses?.length ?? 0;
    const toBeAdded = Math.min(Math.ceil((inSubset / total) * max), canBeAdded);
    if (truncateReady) {
      subset.addresses = (subset.addresses ?? []).slice(0, toBeAdded);
      subset.notReadyAddresses = [];
      canBeAdded -= subset.addresses.length;
    } else {
      subset.notReadyAddresses = (subset.notReadyAddresses ?? []).slice(0, toBeAdded);
      canBeAdded -= subset.notReadyAddresses.length;
    }
  }
  return true;
}

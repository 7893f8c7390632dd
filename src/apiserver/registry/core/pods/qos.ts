// A pod's quality of service class, computed on create as Kubernetes' ComputePodQOS does: from
// the cpu and memory of the pod-level resources when the spec has them, else summed over its
// containers and init containers. No requests or limits at all is BestEffort; limits for both
// cpu and memory everywhere, equal to the requests, is Guaranteed; anything else is Burstable.
import type { PodQOSClass, PodSpec } from '../../../../api/core/v1/pod-types.ts';
import type { ResourceList } from '../../../../api/core/v1/policy-types.ts';
import { parseQuantity, scaledValue } from '../../../../machinery/quantity/quantity.ts';

const QOS_RESOURCES = ['cpu', 'memory'];

/** Adds the positive cpu and memory quantities of `list` into `sums` (nano units); the names found. */
function addList(sums: Map<string, bigint>, list: ResourceList | undefined): Set<string> {
  const found = new Set<string>();
  for (const [name, value] of Object.entries(list ?? {})) {
    if (!QOS_RESOURCES.includes(name)) continue;
    const nanos = scaledValue(parseQuantity(value), -9);
    if (nanos <= 0n) continue;
    found.add(name);
    sums.set(name, (sums.get(name) ?? 0n) + nanos);
  }
  return found;
}

export function computePodQOS(spec: PodSpec): PodQOSClass {
  const requests = new Map<string, bigint>();
  const limits = new Map<string, bigint>();
  let guaranteed = true;
  if (spec.resources) {
    addList(requests, spec.resources.requests);
    const found = addList(limits, spec.resources.limits);
    if (!QOS_RESOURCES.every((r) => found.has(r))) guaranteed = false;
  } else {
    // Ephemeral containers have no resources of their own.
    for (const c of [...(spec.containers ?? []), ...(spec.initContainers ?? [])]) {
      addList(requests, c.resources?.requests);
      const found = addList(limits, c.resources?.limits);
      if (!QOS_RESOURCES.every((r) => found.has(r))) guaranteed = false;
    }
  }
  if (requests.size === 0 && limits.size === 0) return 'BestEffort';
  if (guaranteed) {
    for (const [name, req] of requests) {
      if (limits.get(name) !== req) {
        guaranteed = false;
        break;
      }
    }
  }
  return guaranteed && requests.size === limits.size ? 'Guaranteed' : 'Burstable';
}

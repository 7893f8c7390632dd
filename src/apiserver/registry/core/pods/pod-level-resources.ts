// Defaults of pod-level resources (spec.resources), which Kubernetes fills only when a pod sets
// some already: hugepage limits from the containers' when the pod limits some resource;
// requests from the containers' effective requests (else the pod's limits) when it sets limits;
// cpu and memory limits from the containers' when it sets requests but no limits and every
// container limits that resource. A pod's effective requests or limits of a resource are the
// larger of its regular and sidecar containers' sum and what any init container needs while it
// runs beside the sidecars started before it.
import type { PodSpec } from '../../../../api/core/v1/pod-types.ts';
import type { ResourceList } from '../../../../api/core/v1/policy-types.ts';
import { canonicalQuantity, parseQuantity, scaledValue } from '../../../../machinery/quantity/quantity.ts';
import { isHugePageResourceName, isOvercommitAllowed } from '../resource-names.ts';

type Amounts = Map<string, { nanos: bigint; text: string }>;

const isPodLevel = (name: string) => name === 'cpu' || name === 'memory' || isHugePageResourceName(name);

function add(into: Amounts, list: ResourceList | undefined): void {
  for (const [name, text] of Object.entries(list ?? {})) {
    const nanos = scaledValue(parseQuantity(text), -9);
    const had = into.get(name);
    into.set(name, had ? { nanos: had.nanos + nanos, text: '' } : { nanos, text });
  }
}

function max(into: Amounts, other: Amounts): void {
  for (const [name, v] of other) {
    const had = into.get(name);
    if (!had || v.nanos > had.nanos) into.set(name, v);
  }
}

/** A summed amount written as Kubernetes writes a quantity; a single addend keeps its text. */
function quantityText(name: string, v: { nanos: bigint; text: string }): string {
  if (v.text) return v.text;
  const binary = name === 'memory' || isHugePageResourceName(name);
  return canonicalQuantity({ unscaled: v.nanos, scale: -9, format: binary ? 'BinarySI' : 'DecimalSI', small: false });
}

/** AggregateContainerRequests / AggregateContainerLimits. */
function aggregate(spec: PodSpec, which: 'requests' | 'limits'): Amounts {
  const total: Amounts = new Map();
  for (const c of spec.containers ?? []) add(total, c.resources?.[which]);
  const sidecars: Amounts = new Map();
  const initPeak: Amounts = new Map();
  for (const c of spec.initContainers ?? []) {
    const own = c.resources?.[which];
    if (c.restartPolicy === 'Always') {
      add(total, own);
      add(sidecars, own);
      max(initPeak, sidecars);
    } else {
      const running: Amounts = new Map();
      add(running, own);
      for (const [name, v] of sidecars) running.set(name, { nanos: (running.get(name)?.nanos ?? 0n) + v.nanos, text: running.has(name) ? '' : v.text });
      max(initPeak, running);
    }
  }
  max(total, initPeak);
  return total;
}

const allContainersLimit = (spec: PodSpec, name: string) => [...(spec.initContainers ?? []), ...(spec.containers ?? [])].every((c) => c.resources?.limits?.[name] !== undefined);

export function defaultPodLevelResources(spec: PodSpec): void {
  const r = spec.resources;
  if (!r) return;
  // Hugepage limits, when the pod sets any limits or requests.
  if (Object.keys(r.limits ?? {}).length || Object.keys(r.requests ?? {}).length) {
    const limits = { ...(r.limits ?? {}) };
    for (const [name, v] of aggregate(spec, 'limits')) {
      if (isPodLevel(name) && isHugePageResourceName(name) && r.requests?.[name] === undefined && limits[name] === undefined) limits[name] = quantityText(name, v);
    }
    if (Object.keys(limits).length) r.limits = limits;
  }
  // Requests, when the pod sets limits.
  if (Object.keys(r.limits ?? {}).length) {
    const requests = { ...(r.requests ?? {}) };
    for (const [name, v] of aggregate(spec, 'requests')) {
      if (requests[name] === undefined && isPodLevel(name) && isOvercommitAllowed(name)) requests[name] = quantityText(name, v);
    }
    for (const [name, text] of Object.entries(r.limits ?? {})) if (requests[name] === undefined && isPodLevel(name)) requests[name] = text;
    if (Object.keys(requests).length) r.requests = requests;
  }
  // Limits, when the pod sets requests and no limits.
  const podLimits = Object.keys(r.limits ?? {}).filter(isPodLevel);
  const podRequests = Object.keys(r.requests ?? {}).filter(isPodLevel);
  if (!podLimits.length && podRequests.length) {
    const limits = { ...(r.limits ?? {}) };
    for (const [name, v] of aggregate(spec, 'limits')) {
      if (limits[name] === undefined && isPodLevel(name) && isOvercommitAllowed(name) && allContainersLimit(spec, name)) limits[name] = quantityText(name, v);
    }
    if (Object.keys(limits).length) r.limits = limits;
  }
}

// What a pod asks of a node, as the scheduler counts it: per resource, the larger of what its
// containers (with sidecars) need together and what each init container needs while it runs,
// plus the pod's overhead; pod-level requests take the place of the containers' for cpu and
// memory. CPU is counted in millicores, everything else in whole units (bytes for memory).
// Scoring also needs a non-zero figure for cpu and memory, so pods that request nothing still
// spread: 100m and 200Mi per container that leaves them out, as Kubernetes assumes.
import type { Container } from '../api/core/v1/container-types.ts';
import type { Pod } from '../api/core/v1/pod-types.ts';
import type { ResourceList } from '../api/core/v1/policy-types.ts';
import { parseQuantity, scaledValue } from '../machinery/quantity/quantity.ts';

/** Resource name → amount (millicores for cpu). */
export type Resources = Record<string, number>;

export const DEFAULT_MILLI_CPU_REQUEST = 100;
export const DEFAULT_MEMORY_REQUEST = 200 * 1024 * 1024;

/** A quantity in the scheduler's units; 0 when it does not parse (validation has refused it before). */
export function amountOf(resource: string, quantity: string | undefined): number {
  if (quantity === undefined) return 0;
  try {
    return Number(scaledValue(parseQuantity(String(quantity)), resource === 'cpu' ? -3 : 0));
  } catch {
    return 0;
  }
}

export function resourcesOf(list: ResourceList | undefined): Resources {
  const out: Resources = {};
  for (const [name, quantity] of Object.entries(list ?? {})) out[name] = amountOf(name, quantity as string);
  return out;
}

function addInto(sum: Resources, more: Resources): void {
  for (const [name, amount] of Object.entries(more)) sum[name] = (sum[name] ?? 0) + amount;
}

function maxInto(max: Resources, other: Resources): void {
  for (const [name, amount] of Object.entries(other)) if (amount > (max[name] ?? 0)) max[name] = amount;
}

function isSidecar(container: Container): boolean {
  return container.restartPolicy === 'Always';
}

/** The pod's requests, with `perContainer` choosing what each container asks. */
function podAmounts(pod: Pod, perContainer: (c: Container) => Resources): Resources {
  const spec = pod.spec;
  const total: Resources = {};
  for (const container of spec?.containers ?? []) addInto(total, perContainer(container));
  const sidecars: Resources = {};
  const initPeak: Resources = {};
  for (const init of spec?.initContainers ?? []) {
    const asks = perContainer(init);
    if (isSidecar(init)) {
      addInto(sidecars, asks);
      // A sidecar keeps running beside the init containers after it.
      maxInto(initPeak, { ...sidecars });
      continue;
    }
    const whileRunning = { ...sidecars };
    addInto(whileRunning, asks);
    maxInto(initPeak, whileRunning);
  }
  addInto(total, sidecars);
  maxInto(total, initPeak);
  const podLevel = resourcesOf(spec?.resources?.requests);
  for (const name of ['cpu', 'memory']) if (podLevel[name] !== undefined) total[name] = podLevel[name];
  addInto(total, resourcesOf(spec?.overhead));
  return total;
}

export function podRequests(pod: Pod): Resources {
  return podAmounts(pod, (c) => resourcesOf(c.resources?.requests));
}

/** Requests for scoring: cpu and memory with the defaults for containers that leave them out. */
export function podNonZeroRequests(pod: Pod): { cpu: number; memory: number } {
  const amounts = podAmounts(pod, (c) => {
    const asks = resourcesOf(c.resources?.requests);
    return { cpu: asks.cpu || DEFAULT_MILLI_CPU_REQUEST, memory: asks.memory || DEFAULT_MEMORY_REQUEST };
  });
  return { cpu: amounts.cpu ?? 0, memory: amounts.memory ?? 0 };
}

/** The host ports a pod's containers claim, as `protocol/ip/port`. */
export function hostPortsOf(pod: Pod): string[] {
  const ports: string[] = [];
  for (const c of [...(pod.spec?.initContainers ?? []), ...(pod.spec?.containers ?? [])]) {
    for (const p of c.ports ?? []) {
      if (!p.hostPort) continue;
      ports.push(`${p.protocol ?? 'TCP'}/${p.hostIP || '0.0.0.0'}/${p.hostPort}`);
    }
  }
  return ports;
}

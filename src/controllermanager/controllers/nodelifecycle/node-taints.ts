// The taints the node lifecycle controller owns: NoSchedule taints that mirror node conditions
// (not-ready, unreachable, memory, disk and pid pressure, network-unavailable, unschedulable),
// and the NoExecute not-ready and unreachable taints. Writes go through a patch that carries the
// node's resourceVersion and its whole taint list, so a concurrent change is retried, not lost.
import type { Node, Taint } from '../../../api/core/v1/node-types.ts';
import {
  TAINT_NODE_DISK_PRESSURE, TAINT_NODE_MEMORY_PRESSURE, TAINT_NODE_NETWORK_UNAVAILABLE, TAINT_NODE_NOT_READY, TAINT_NODE_PID_PRESSURE,
  TAINT_NODE_UNREACHABLE, TAINT_NODE_UNSCHEDULABLE,
} from '../../../api/core/v1/well-known-taints.ts';
import { sleep, type Clock } from '../../../client/clock/clock.ts';
import type { RestClient } from '../../../client/rest/client.ts';
import { isConflict } from '../../../machinery/status.ts';

export const UNREACHABLE_NO_EXECUTE: Taint = { key: TAINT_NODE_UNREACHABLE, effect: 'NoExecute' };
export const NOT_READY_NO_EXECUTE: Taint = { key: TAINT_NODE_NOT_READY, effect: 'NoExecute' };

/** condition type → status → taint key. */
const CONDITION_TAINTS: Record<string, Record<string, string>> = {
  Ready: { False: TAINT_NODE_NOT_READY, Unknown: TAINT_NODE_UNREACHABLE },
  MemoryPressure: { True: TAINT_NODE_MEMORY_PRESSURE },
  DiskPressure: { True: TAINT_NODE_DISK_PRESSURE },
  NetworkUnavailable: { True: TAINT_NODE_NETWORK_UNAVAILABLE },
  PIDPressure: { True: TAINT_NODE_PID_PRESSURE },
};
const CONDITION_TAINT_KEYS = new Set(Object.values(CONDITION_TAINTS).flatMap((m) => Object.values(m)));

export const matchTaint = (a: Taint, b: Taint) => a.key === b.key && a.effect === b.effect;
export const hasTaint = (taints: readonly Taint[] | undefined, t: Taint) => (taints ?? []).some((x) => matchTaint(x, t));

/** The NoSchedule taints the node's conditions and unschedulable call for, to add and to remove. */
export function noScheduleTaintChanges(node: Node): { add: Taint[]; remove: Taint[] } {
  const wanted: Taint[] = [];
  for (const c of node.status?.conditions ?? []) {
    const key = CONDITION_TAINTS[c.type]?.[c.status];
    if (key) wanted.push({ key, effect: 'NoSchedule' });
  }
  if (node.spec?.unschedulable) wanted.push({ key: TAINT_NODE_UNSCHEDULABLE, effect: 'NoSchedule' });
  const owned = (node.spec?.taints ?? []).filter((t) => t.effect === 'NoSchedule' && (t.key === TAINT_NODE_UNSCHEDULABLE || CONDITION_TAINT_KEYS.has(t.key)));
  return { add: wanted.filter((t) => !hasTaint(owned, t)), remove: owned.filter((t) => !hasTaint(wanted, t)) };
}

/** The taint list with `add` put in (replacing any of the same key and effect) and `remove` taken out. */
export function swappedTaints(taints: readonly Taint[] | undefined, add: readonly Taint[], remove: readonly Taint[]): Taint[] {
  let result = [...(taints ?? [])];
  for (const t of add) {
    const i = result.findIndex((x) => matchTaint(x, t));
    if (i >= 0) result[i] = t;
    else result.push(t);
  }
  result = result.filter((x) => !remove.some((t) => matchTaint(x, t)));
  return result;
}

/** Kubernetes' UpdateTaintBackoff: five tries. */
const TAINT_UPDATE_TRIES = 5;
const TAINT_RETRY_MS = 100;

/**
 * Adds (stamped with timeAdded) and removes taints on a node; the first try starts from `cached`,
 * later ones from a fresh read. Nothing is written when nothing changes.
 */
export async function swapNodeTaints(client: RestClient, clock: Clock, cached: Node, add: readonly Taint[], remove: readonly Taint[], signal?: AbortSignal): Promise<void> {
  const stamp = new Date(clock.now()).toISOString().replace(/\.\d+Z$/, 'Z');
  const stamped = add.map((t) => ({ ...t, timeAdded: stamp }));
  const path = `/api/v1/nodes/${encodeURIComponent(cached.metadata.name ?? '')}`;
  let node = cached;
  for (let attempt = 0; ; attempt++) {
    if (attempt > 0) node = await client.request<Node>({ path, signal });
    const next = swappedTaints(node.spec?.taints, stamped, remove);
    if (JSON.stringify(next) === JSON.stringify(node.spec?.taints ?? [])) return;
    try {
      await client.request({
        method: 'PATCH',
        path,
        body: { metadata: { resourceVersion: node.metadata.resourceVersion }, spec: { taints: next } },
        patchType: 'application/strategic-merge-patch+json',
        signal,
      });
      return;
    } catch (err) {
      if (!isConflict(err) || attempt + 1 >= TAINT_UPDATE_TRIES) throw err;
      await sleep(clock, TAINT_RETRY_MS, signal);
    }
  }
}

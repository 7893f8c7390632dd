// Zones as the node lifecycle controller sees them: a node's zone key from its topology labels,
// a zone's state from its nodes' Ready conditions (no Ready node: full disruption; at least three
// not ready and at least --unhealthy-zone-threshold of them: partial; else normal), and the rate
// each state allows for tainting nodes NoExecute.
import type { Node, NodeCondition } from '../../../api/core/v1/node-types.ts';

export type ZoneState = 'Initial' | 'Normal' | 'FullDisruption' | 'PartialDisruption';

/** Kubernetes' node.kubernetes.io/exclude-disruption, brand swapped. */
export const EXCLUDE_DISRUPTION_LABEL = 'node.orch.io/exclude-disruption';

/** region + ":\0:" + zone, or '' without either (nodetopology.GetZoneKey). */
export function zoneKey(node: Node): string {
  const labels = node.metadata.labels ?? {};
  const zone = labels['failure-domain.beta.orch.io/zone'] ?? labels['topology.orch.io/zone'] ?? '';
  const region = labels['failure-domain.beta.orch.io/region'] ?? labels['topology.orch.io/region'] ?? '';
  return region === '' && zone === '' ? '' : `${region}:\x00:${zone}`;
}

/** The zone as logs show it. */
export function zoneName(key: string): string {
  return key.replace(':\x00:', ':');
}

export function computeZoneState(readyConditions: ReadonlyArray<NodeCondition | undefined>, unhealthyThreshold: number): { unhealthy: number; state: ZoneState } {
  let ready = 0;
  let notReady = 0;
  for (const c of readyConditions) {
    if (c?.status === 'True') ready++;
    else notReady++;
  }
  if (ready === 0 && notReady > 0) return { unhealthy: notReady, state: 'FullDisruption' };
  if (notReady > 2 && notReady / (notReady + ready) >= unhealthyThreshold) return { unhealthy: notReady, state: 'PartialDisruption' };
  return { unhealthy: notReady, state: 'Normal' };
}

export interface EvictionRates {
  evictionRate: number;
  secondaryEvictionRate: number;
  largeClusterThreshold: number;
}

/** Nodes per second tainted in a zone of `zoneSize` nodes in `state`. */
export function zoneTaintRate(state: ZoneState, zoneSize: number, rates: EvictionRates): number {
  switch (state) {
    case 'PartialDisruption':
      // A small zone mostly down stops; a large one slows down.
      return zoneSize > rates.largeClusterThreshold ? rates.secondaryEvictionRate : 0;
    default:
      return rates.evictionRate;
  }
}

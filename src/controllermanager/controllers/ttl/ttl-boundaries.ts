// The TTL a node's agent may cache objects for, by cluster size, with the overlapping steps
// Kubernetes uses so a cluster hovering at a boundary does not flip: up a step past its upper
// size, down a step below its lower one.
import type { Node } from '../../../api/core/v1/node-types.ts';

/** Kubernetes' node.alpha.kubernetes.io/ttl, brand swapped. */
export const NODE_TTL_ANNOTATION = 'node.alpha.orch.io/ttl';

interface Boundary {
  sizeMin: number;
  sizeMax: number;
  ttlSeconds: number;
}

const BOUNDARIES: readonly Boundary[] = [
  { sizeMin: 0, sizeMax: 100, ttlSeconds: 0 },
  { sizeMin: 90, sizeMax: 500, ttlSeconds: 15 },
  { sizeMin: 450, sizeMax: 1000, ttlSeconds: 30 },
  { sizeMin: 900, sizeMax: 2000, ttlSeconds: 60 },
  { sizeMin: 1800, sizeMax: 2 ** 31 - 1, ttlSeconds: 300 },
];

/** The node count and the step it puts the cluster in. */
export class ClusterSizeTTL {
  private count = 0;
  private step = 0;

  nodeAdded(): void {
    this.count++;
    if (this.count > BOUNDARIES[this.step]!.sizeMax) this.step++;
  }

  nodeDeleted(): void {
    this.count--;
    if (this.count < BOUNDARIES[this.step]!.sizeMin) this.step--;
  }

  desiredSeconds(): number {
    return BOUNDARIES[this.step]!.ttlSeconds;
  }
}

/** The node's annotation as a whole number; `invalid` holds text that is not one. */
export function currentTTL(node: Node): { seconds?: number; invalid?: string } {
  const text = node.metadata.annotations?.[NODE_TTL_ANNOTATION];
  if (text === undefined) return {};
  // strconv.Atoi: an optional sign and decimal digits, within 64 bits.
  if (!/^[+-]?\d+$/.test(text) || !Number.isSafeInteger(Number(text))) return { invalid: text };
  return { seconds: Number(text) };
}

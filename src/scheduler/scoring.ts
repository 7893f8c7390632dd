// Which of the nodes that fit a pod is best, as a sum of weighted scores from 0 to 100 the way
// Kubernetes' default plugins weigh them: the least allocated cpu and memory after placing the pod
// (weight 1), the preferred node affinity terms it matches (weight 2) and the fewest
// PreferNoSchedule taints it does not tolerate (weight 3). Ties go to the node with the fewest
// pods, then to the first by name, so equal nodes fill evenly.
import type { NodeInfo } from './node-info.ts';
import { preferredAffinityWeight } from './node-affinity.ts';
import type { PodFacts } from './filters.ts';
import { toleratedBy } from './tolerations.ts';

const MAX_SCORE = 100;

export interface ScoredNode {
  node: NodeInfo;
  score: number;
}

function leastAllocated(requested: number, allocatable: number): number {
  if (allocatable <= 0 || requested > allocatable) return 0;
  return ((allocatable - requested) * MAX_SCORE) / allocatable;
}

function leastAllocatedScore(facts: PodFacts & { nonZero: { cpu: number; memory: number } }, info: NodeInfo): number {
  const cpu = leastAllocated(info.nonZeroRequested.cpu + facts.nonZero.cpu, info.allocatable.cpu ?? 0);
  const memory = leastAllocated(info.nonZeroRequested.memory + facts.nonZero.memory, info.allocatable.memory ?? 0);
  return (cpu + memory) / 2;
}

function intolerablePreferNoSchedule(facts: PodFacts, info: NodeInfo): number {
  return (info.node.spec?.taints ?? []).filter((t) => t.effect === 'PreferNoSchedule' && !toleratedBy(facts.pod.spec?.tolerations, t)).length;
}

/** Scales raw values so the largest becomes MAX_SCORE (or, reversed, the smallest). */
function normalise(values: number[], reverse: boolean): number[] {
  const max = Math.max(0, ...values);
  if (max === 0) return values.map(() => (reverse ? MAX_SCORE : 0));
  return values.map((v) => (reverse ? MAX_SCORE - (v * MAX_SCORE) / max : (v * MAX_SCORE) / max));
}

/** The feasible nodes, best first. */
export function rankNodes(facts: PodFacts & { nonZero: { cpu: number; memory: number } }, feasible: NodeInfo[]): ScoredNode[] {
  const affinity = normalise(feasible.map((n) => preferredAffinityWeight(facts.pod, n.node)), false);
  const taints = normalise(feasible.map((n) => intolerablePreferNoSchedule(facts, n)), true);
  const scored = feasible.map((node, i) => ({ node, score: leastAllocatedScore(facts, node) + 2 * affinity[i]! + 3 * taints[i]! }));
  return scored.sort((a, b) => b.score - a.score || a.node.pods.size - b.node.pods.size || (a.node.name < b.node.name ? -1 : a.node.name > b.node.name ? 1 : 0));
}

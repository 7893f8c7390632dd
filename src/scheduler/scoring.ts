// Which of the nodes that fit a pod is best, as a sum of weighted scores from 0 to 100 the way
// Kubernetes' default plugins weigh them: the fewest PreferNoSchedule taints the pod does not
// tolerate (weight 3), the preferred node affinity terms it matches (2), the least allocated cpu
// and memory after placing it (1), cpu and memory used in balance (1), preferred inter-pod
// affinity (2) and topology spread (2). Ties go to the node with the fewest pods, then to the
// first by name, so equal nodes fill evenly.
import { preferredNodeAffinityWeight } from '../machinery/scheduling/node-affinity.ts';
import { tolerationsTolerateTaint } from '../machinery/scheduling/taints.ts';
import type { ClusterCache } from './cluster-cache.ts';
import type { PodFacts } from './filters.ts';
import { interPodAffinityScores } from './inter-pod-affinity.ts';
import type { NodeInfo } from './node-info.ts';
import { spreadScores } from './topology-spread.ts';

export const MAX_SCORE = 100;

export interface ScoredNode {
  node: NodeInfo;
  score: number;
}

function leastAllocated(requested: number, allocatable: number): number {
  if (allocatable <= 0 || requested > allocatable) return 0;
  return Math.floor(((allocatable - requested) * MAX_SCORE) / allocatable);
}

export function leastAllocatedScore(facts: PodFacts, info: NodeInfo): number {
  const cpu = leastAllocated(info.nonZeroRequested.cpu + facts.nonZero.cpu, info.allocatable.cpu ?? 0);
  const memory = leastAllocated(info.nonZeroRequested.memory + facts.nonZero.memory, info.allocatable.memory ?? 0);
  return Math.floor((cpu + memory) / 2);
}

/** 100 when cpu and memory would be used in the same proportion, less the further apart they are. */
export function balancedAllocationScore(facts: PodFacts, info: NodeInfo): number {
  const fraction = (name: 'cpu' | 'memory') => {
    const allocatable = info.allocatable[name] ?? 0;
    if (allocatable <= 0) return 1;
    return Math.min(1, ((info.requested[name] ?? 0) + (facts.requests[name] ?? 0)) / allocatable);
  };
  const std = Math.abs(fraction('cpu') - fraction('memory')) / 2;
  return Math.floor((1 - std) * MAX_SCORE);
}

function intolerablePreferNoSchedule(facts: PodFacts, info: NodeInfo): number {
  return (info.node.spec?.taints ?? []).filter((t) => t.effect === 'PreferNoSchedule' && !tolerationsTolerateTaint(facts.pod.spec?.tolerations, t)).length;
}

/** Scales raw values so the largest becomes MAX_SCORE (or, reversed, the smallest). */
function normalise(values: number[], reverse: boolean): number[] {
  const max = Math.max(0, ...values);
  if (max === 0) return values.map(() => (reverse ? MAX_SCORE : 0));
  return values.map((v) => Math.floor(reverse ? MAX_SCORE - (v * MAX_SCORE) / max : (v * MAX_SCORE) / max));
}

/** Scales raw values between their minimum and maximum to 0..MAX_SCORE (all 0 when equal). */
function minMax(values: number[]): number[] {
  const min = Math.min(...values);
  const spread = Math.max(...values) - min;
  return values.map((v) => (spread > 0 ? Math.floor((MAX_SCORE * (v - min)) / spread) : 0));
}

/** The feasible nodes, best first. */
export function rankNodes(facts: PodFacts, feasible: NodeInfo[], cache: ClusterCache): ScoredNode[] {
  const taints = normalise(feasible.map((n) => intolerablePreferNoSchedule(facts, n)), true);
  const affinity = normalise(feasible.map((n) => preferredNodeAffinityWeight(facts.pod.spec, n.node)), false);
  const podAffinity = minMax(interPodAffinityScores(facts.pod, cache, feasible));
  const spread = spreadScores(facts.pod, cache, feasible);
  const scored = feasible.map((node, i) => ({
    node,
    score: 3 * taints[i]! + 2 * affinity[i]! + leastAllocatedScore(facts, node) + balancedAllocationScore(facts, node) + 2 * podAffinity[i]! + 2 * (spread?.[i] ?? 0),
  }));
  return scored.sort((a, b) => b.score - a.score || a.node.pods.size - b.node.pods.size || (a.node.name < b.node.name ? -1 : a.node.name > b.node.name ? 1 : 0));
}

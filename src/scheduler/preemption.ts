// Preemption, as Kubernetes' DefaultPreemption plugin chooses it, for a pod that fits no node. A
// pod whose preemptionPolicy is Never does not preempt, nor does one already nominated to a node
// where a lower-priority pod is still terminating. Otherwise each node refused for a reason that
// removing pods can lift is tried: without all its pods of lower priority the pod must fit; then
// they are given back, most important first (higher priority, then longer running), those whose
// disruption budgets would be broken first, and whichever does not stop the pod fitting is kept.
// The rest are the node's victims. Of the candidate nodes the one chosen breaks the fewest
// budgets, then has the lowest highest victim priority, the smallest sum of priorities, the fewest
// victims, and the latest start among its most important victims; then the first.
import type { Pod } from '../api/core/v1/pod-types.ts';
import type { PodDisruptionBudget } from '../api/policy/v1/types.ts';
import { labelSelectorMatches } from '../machinery/selectors/label-selector.ts';
import type { ClusterCache } from './cluster-cache.ts';
import { fitErrorMessage } from './fit-error.ts';
import { filterWithNominated, podPriority, type CycleState } from './framework.ts';
import type { FilterStatus } from './filters.ts';
import type { NodeInfo, PlacedPod } from './node-info.ts';

export const NOT_HELPFUL_REASON = 'Preemption is not helpful for scheduling';
export const NO_VICTIMS_REASON = 'No preemption victims found for incoming pod';
export const POLICY_NEVER_MESSAGE = 'not eligible due to preemptionPolicy=Never.';
export const TERMINATING_ON_NOMINATED_MESSAGE = 'not eligible due to a terminating pod on the nominated node.';

export interface PreemptionPlan {
  nodeName: string;
  victims: Pod[];
  budgetViolations: number;
}

export type PreemptionOutcome = { kind: 'preempt'; plan: PreemptionPlan } | { kind: 'none'; message: string };

/** Why the pod may not preempt, or undefined when it may. */
export function notEligible(pod: Pod, cache: ClusterCache, statuses: ReadonlyMap<string, FilterStatus>): string | undefined {
  if (pod.spec?.preemptionPolicy === 'Never') return POLICY_NEVER_MESSAGE;
  const nominated = pod.status?.nominatedNodeName;
  if (!nominated) return undefined;
  if (statuses.get(nominated)?.unresolvable) return undefined;
  const info = cache.nodes.get(nominated);
  if (!info) return undefined;
  const priority = podPriority(pod);
  for (const placed of info.pods.values()) {
    if (placed.pod.metadata.deletionTimestamp && podPriority(placed.pod) < priority) return TERMINATING_ON_NOMINATED_MESSAGE;
  }
  return undefined;
}

/** The budgets a selector-matching pod falls under, with how many more disruptions each allows. */
function matchingBudgets(pod: Pod, budgets: readonly PodDisruptionBudget[]): PodDisruptionBudget[] {
  return budgets.filter((pdb) => {
    const selector = pdb.spec?.selector;
    // A budget with no or an empty selector selects no pods here.
    if (!selector || (!Object.keys(selector.matchLabels ?? {}).length && !(selector.matchExpressions ?? []).length)) return false;
    try {
      return labelSelectorMatches(selector, pod.metadata.labels);
    } catch {
      return false;
    }
  });
}

/** Splits pods (in order) into those whose eviction would break a budget and the rest. */
function splitByBudgets(pods: readonly PlacedPod[], cache: ClusterCache): { violating: PlacedPod[]; safe: PlacedPod[] } {
  const allowed = new Map<PodDisruptionBudget, number>();
  const violating: PlacedPod[] = [];
  const safe: PlacedPod[] = [];
  for (const placed of pods) {
    const pod = placed.pod;
    let breaks = false;
    for (const pdb of matchingBudgets(pod, cache.listers.disruptionBudgets(pod.metadata.namespace ?? ''))) {
      // A pod already counted as disrupted does not take from the budget again.
      if (pdb.status?.disruptedPods?.[pod.metadata.name ?? ''] !== undefined) continue;
      const left = (allowed.get(pdb) ?? pdb.status?.disruptionsAllowed ?? 0) - 1;
      allowed.set(pdb, left);
      if (left < 0) breaks = true;
    }
    (breaks ? violating : safe).push(placed);
  }
  return { violating, safe };
}

const startMs = (pod: Pod) => (pod.status?.startTime ? Date.parse(pod.status.startTime) : Number.MAX_SAFE_INTEGER);

/** More important first: higher priority, then started earlier. */
function byImportance(a: PlacedPod, b: PlacedPod): number {
  return podPriority(b.pod) - podPriority(a.pod) || startMs(a.pod) - startMs(b.pod);
}

type NodeVictims = { kind: 'victims'; victims: PlacedPod[]; budgetViolations: number } | { kind: 'refused'; reasons: string[] };

/** The fewest pods of lower priority whose removal lets the pod fit on the node. */
export function selectVictims(state: CycleState, info: NodeInfo, cache: ClusterCache): NodeVictims {
  const priority = state.facts.priority;
  const potential = [...info.pods.values()].filter((p) => podPriority(p.pod) < priority).sort(byImportance);
  if (potential.length === 0) return { kind: 'refused', reasons: [NO_VICTIMS_REASON] };
  const trial = info.clone();
  const trialState = state.clone(cache);
  for (const placed of potential) {
    trial.remove(placed.key);
    trialState.removePod(placed, trial);
  }
  const without = filterWithNominated(trialState, trial, cache);
  if (without) return { kind: 'refused', reasons: without.reasons };
  const victims: PlacedPod[] = [];
  let budgetViolations = 0;
  const reprieve = (placed: PlacedPod): boolean => {
    trial.add(placed);
    trialState.addPod(placed, trial);
    if (!filterWithNominated(trialState, trial, cache)) return true;
    trial.remove(placed.key);
    trialState.removePod(placed, trial);
    victims.push(placed);
    return false;
  };
  const { violating, safe } = splitByBudgets(potential, cache);
  for (const placed of violating) if (!reprieve(placed)) budgetViolations++;
  for (const placed of safe) reprieve(placed);
  return { kind: 'victims', victims: victims.sort(byImportance), budgetViolations };
}

interface Candidate {
  node: NodeInfo;
  victims: PlacedPod[];
  budgetViolations: number;
}

/** Kubernetes' pickOneNodeForPreemption, criterion by criterion. */
function pickCandidate(candidates: Candidate[]): Candidate {
  const highest = (c: Candidate) => (c.victims.length ? podPriority(c.victims[0]!.pod) : -Infinity);
  // Offset so that negative priorities still add up to a smaller sum for fewer pods.
  const sum = (c: Candidate) => c.victims.reduce((s, v) => s + podPriority(v.pod) + 2 ** 31, 0);
  const earliestOfHighest = (c: Candidate) => Math.min(...c.victims.filter((v) => podPriority(v.pod) === highest(c)).map((v) => startMs(v.pod)));
  const criteria: Array<(c: Candidate) => number> = [
    (c) => -c.budgetViolations,
    (c) => -highest(c),
    (c) => -sum(c),
    (c) => -c.victims.length,
    (c) => earliestOfHighest(c),
  ];
  let left = candidates;
  for (const criterion of criteria) {
    if (left.length === 1) break;
    const best = Math.max(...left.map(criterion));
    left = left.filter((c) => criterion(c) === best);
  }
  return left[0]!;
}

/** Where the pod could go by preempting, or the message saying why it cannot. */
export function findPreemption(pod: Pod, state: CycleState | undefined, cache: ClusterCache, statuses: ReadonlyMap<string, FilterStatus>): PreemptionOutcome {
  const reason = notEligible(pod, cache, statuses);
  if (reason) return { kind: 'none', message: reason };
  const candidates: Candidate[] = [];
  const refused = new Map<string, string[]>();
  for (const info of cache.nodes.values()) {
    const status = statuses.get(info.name);
    // A pod refused before the nodes were looked at (no state) cannot be helped on any.
    if (!state || !status || status.unresolvable) {
      refused.set(info.name, [NOT_HELPFUL_REASON]);
      continue;
    }
    const found = selectVictims(state, info, cache);
    if (found.kind === 'refused') refused.set(info.name, found.reasons);
    else candidates.push({ node: info, victims: found.victims, budgetViolations: found.budgetViolations });
  }
  if (candidates.length === 0) return { kind: 'none', message: fitErrorMessage(cache.nodes.size, refused) };
  const chosen = pickCandidate(candidates);
  return { kind: 'preempt', plan: { nodeName: chosen.node.name, victims: chosen.victims.map((v) => v.pod), budgetViolations: chosen.budgetViolations } };
}

// Pod topology spread, as Kubernetes' PodTopologySpread plugin decides it. A constraint counts the
// pods its selector picks (in the pod's namespace, not being deleted) per domain of its topology
// key, over the nodes the policies admit: nodeAffinityPolicy Honor (the default) counts only nodes
// the pod's node selector and affinity admit, nodeTaintsPolicy Honor only nodes whose taints it
// tolerates (Ignore, the default, counts all), and only nodes with every constraint's key. A
// DoNotSchedule constraint refuses a node where placing the pod would leave its domain more than
// maxSkew above the emptiest domain (taken as 0 while fewer than minDomains domains exist).
// ScheduleAnyway constraints score: fewer matching pods in the node's domain is better. A pod with
// no constraints gets the cluster's default ones (by hostname, skew 3; by zone, skew 5; both
// ScheduleAnyway) over the selector of the services, replication controller, replica set or stateful
// set it belongs to. matchLabelKeys add the pod's own values to the selector.
import type { Pod, TopologySpreadConstraint } from '../api/core/v1/pod-types.ts';
import type { LabelSelector, OwnerReference } from '../api/meta/v1/types.ts';
import { requiredNodeAffinityMatches } from '../machinery/scheduling/node-affinity.ts';
import { findUntoleratedTaint } from '../machinery/scheduling/taints.ts';
import { labelSelectorMatches } from '../machinery/selectors/label-selector.ts';
import type { ClusterCache } from './cluster-cache.ts';
import { unresolvable, unschedulable, type FilterStatus } from './filters.ts';
import type { NodeInfo, PlacedPod } from './node-info.ts';

export const SPREAD_REASON = "node(s) didn't match pod topology spread constraints";
export const SPREAD_MISSING_LABEL_REASON = `${SPREAD_REASON} (missing required label)`;

export const HOSTNAME_LABEL = 'orch.io/hostname';
export const ZONE_LABEL = 'topology.orch.io/zone';

/** The cluster's default constraints for pods that name none. */
export const DEFAULT_CONSTRAINTS: readonly TopologySpreadConstraint[] = [
  { topologyKey: HOSTNAME_LABEL, whenUnsatisfiable: 'ScheduleAnyway', maxSkew: 3 },
  { topologyKey: ZONE_LABEL, whenUnsatisfiable: 'ScheduleAnyway', maxSkew: 5 },
];

export interface SpreadConstraint {
  maxSkew: number;
  topologyKey: string;
  selector: LabelSelector | undefined;
  minDomains: number;
  honorNodeAffinity: boolean;
  honorTaints: boolean;
}

const ns = (pod: Pod) => pod.metadata.namespace ?? '';

function selects(selector: LabelSelector | undefined, labels: Readonly<Record<string, string>> | undefined): boolean {
  if (!selector) return false;
  try {
    return labelSelectorMatches(selector, labels);
  } catch {
    return false;
  }
}

/** The constraint's selector with the pod's values of its matchLabelKeys added. */
function withMatchLabelKeys(c: TopologySpreadConstraint, pod: Pod): LabelSelector | undefined {
  const keys = c.matchLabelKeys ?? [];
  if (!c.labelSelector || keys.length === 0) return c.labelSelector;
  const labels = pod.metadata.labels ?? {};
  const extra = keys.filter((k) => labels[k] !== undefined).map((key) => ({ key, operator: 'In', values: [labels[key]!] }));
  return { ...c.labelSelector, matchExpressions: [...(c.labelSelector.matchExpressions ?? []), ...extra] };
}

function constraintOf(c: TopologySpreadConstraint, selector: LabelSelector | undefined): SpreadConstraint {
  return {
    maxSkew: c.maxSkew,
    topologyKey: c.topologyKey,
    selector,
    minDomains: c.minDomains ?? 1,
    honorNodeAffinity: (c.nodeAffinityPolicy ?? 'Honor') === 'Honor',
    honorTaints: c.nodeTaintsPolicy === 'Honor',
  };
}

/** The selector of the services and controller a pod belongs to (Kubernetes' DefaultSelector); undefined when empty. */
export function defaultSelector(pod: Pod, cache: ClusterCache): LabelSelector | undefined {
  const labels = pod.metadata.labels ?? {};
  const matchLabels: Record<string, string> = {};
  for (const service of cache.listers.services(ns(pod))) {
    const selector = service.spec?.selector;
    if (!selector || Object.keys(selector).length === 0) continue;
    if (Object.entries(selector).every(([k, v]) => labels[k] === v)) Object.assign(matchLabels, selector);
  }
  const expressions: NonNullable<LabelSelector['matchExpressions']> = [];
  const owner = (pod.metadata.ownerReferences as OwnerReference[] | undefined)?.find((r) => r.controller);
  if (owner) {
    if (owner.apiVersion === 'v1' && owner.kind === 'ReplicationController') {
      Object.assign(matchLabels, cache.listers.replicationController(ns(pod), owner.name)?.spec?.selector ?? {});
    } else if (owner.apiVersion === 'apps/v1' && (owner.kind === 'ReplicaSet' || owner.kind === 'StatefulSet')) {
      const workload = owner.kind === 'ReplicaSet' ? cache.listers.replicaSet(ns(pod), owner.name) : cache.listers.statefulSet(ns(pod), owner.name);
      const selector = workload?.spec?.selector;
      for (const [key, value] of Object.entries(selector?.matchLabels ?? {})) expressions.push({ key, operator: 'In', values: [value] });
      expressions.push(...(selector?.matchExpressions ?? []));
    }
  }
  if (Object.keys(matchLabels).length === 0 && expressions.length === 0) return undefined;
  return { matchLabels, matchExpressions: expressions };
}

/** The pod's constraints of one kind; the defaults (ScheduleAnyway only) when it has none. */
export function spreadConstraints(pod: Pod, cache: ClusterCache, when: 'DoNotSchedule' | 'ScheduleAnyway'): { constraints: SpreadConstraint[]; defaulted: boolean } {
  const own = pod.spec?.topologySpreadConstraints ?? [];
  if (own.length > 0) {
    return { constraints: own.filter((c) => c.whenUnsatisfiable === when).map((c) => constraintOf(c, withMatchLabelKeys(c, pod))), defaulted: false };
  }
  if (when === 'DoNotSchedule') return { constraints: [], defaulted: true };
  const selector = defaultSelector(pod, cache);
  if (!selector) return { constraints: [], defaulted: true };
  return { constraints: DEFAULT_CONSTRAINTS.map((c) => constraintOf(c, selector)), defaulted: true };
}

/** Whether the node is counted for the constraint under its node policies. */
function nodeCounted(c: SpreadConstraint, pod: Pod, info: NodeInfo): boolean {
  if (c.honorNodeAffinity && !requiredNodeAffinityMatches(pod.spec, info.node)) return false;
  if (c.honorTaints && findUntoleratedTaint(info.node.spec?.taints, pod.spec?.tolerations, (t) => t.effect === 'NoSchedule' || t.effect === 'NoExecute')) return false;
  return true;
}

const hasAllKeys = (constraints: readonly SpreadConstraint[], info: NodeInfo) => constraints.every((c) => info.labels[c.topologyKey] !== undefined);

/** Pods on the node the selector picks, in the namespace, not being deleted. */
function countMatching(info: NodeInfo, selector: LabelSelector | undefined, namespace: string): number {
  let n = 0;
  for (const placed of info.pods.values()) if (countsFor(placed, selector, namespace)) n++;
  return n;
}

function countsFor(placed: PlacedPod, selector: LabelSelector | undefined, namespace: string): boolean {
  const pod = placed.pod;
  return ns(pod) === namespace && !pod.metadata.deletionTimestamp && selects(selector, pod.metadata.labels);
}

/** The DoNotSchedule side: matching pods per domain, kept current as pods come and go. */
export class SpreadFilterState {
  private readonly pod: Pod;
  readonly constraints: SpreadConstraint[];
  /** Per constraint: domain value → matching pods. */
  private counts: Array<Map<string, number>>;
  /** Nodes counted (the policies admit them and they have every key). */
  private readonly counted: ReadonlySet<string>;
  private minimums: Array<number | undefined>;

  constructor(pod: Pod, cache: ClusterCache, copyOf?: SpreadFilterState) {
    this.pod = pod;
    if (copyOf) {
      this.constraints = copyOf.constraints;
      this.counts = copyOf.counts.map((m) => new Map(m));
      this.counted = copyOf.counted;
      this.minimums = [...copyOf.minimums];
      return;
    }
    this.constraints = spreadConstraints(pod, cache, 'DoNotSchedule').constraints;
    this.counts = this.constraints.map(() => new Map());
    this.minimums = this.constraints.map(() => undefined);
    const counted = new Set<string>();
    if (this.constraints.length) {
      for (const info of cache.nodes.values()) {
        if (!hasAllKeys(this.constraints, info)) continue;
        if (!this.constraints.every((c) => nodeCounted(c, pod, info))) continue;
        counted.add(info.name);
        this.constraints.forEach((c, i) => {
          const domain = info.labels[c.topologyKey]!;
          this.counts[i]!.set(domain, (this.counts[i]!.get(domain) ?? 0) + countMatching(info, c.selector, ns(pod)));
        });
      }
    }
    this.counted = counted;
  }

  clone(cache: ClusterCache): SpreadFilterState {
    return new SpreadFilterState(this.pod, cache, this);
  }

  addPod(placed: PlacedPod, info: NodeInfo): void {
    this.move(placed, info, 1);
  }

  removePod(placed: PlacedPod, info: NodeInfo): void {
    this.move(placed, info, -1);
  }

  private move(placed: PlacedPod, info: NodeInfo, sign: 1 | -1): void {
    if (!this.counted.has(info.name)) return;
    this.constraints.forEach((c, i) => {
      if (!countsFor(placed, c.selector, ns(this.pod))) return;
      const domain = info.labels[c.topologyKey]!;
      this.counts[i]!.set(domain, (this.counts[i]!.get(domain) ?? 0) + sign);
      this.minimums[i] = undefined;
    });
  }

  private minimum(i: number): number {
    let min = this.minimums[i];
    if (min === undefined) {
      const counts = this.counts[i]!;
      min = counts.size < this.constraints[i]!.minDomains ? 0 : Math.min(...counts.values());
      this.minimums[i] = min;
    }
    return min;
  }

  filter(info: NodeInfo): FilterStatus | undefined {
    for (let i = 0; i < this.constraints.length; i++) {
      const c = this.constraints[i]!;
      const domain = info.labels[c.topologyKey];
      if (domain === undefined) return unresolvable(SPREAD_MISSING_LABEL_REASON);
      const self = selects(c.selector, this.pod.metadata.labels) ? 1 : 0;
      const skew = (this.counts[i]!.get(domain) ?? 0) + self - this.minimum(i);
      if (skew > c.maxSkew) return unschedulable(SPREAD_REASON);
    }
    return undefined;
  }
}

const MAX_SCORE = 100;

/** Spread scores of the feasible nodes, already normalised to 0..100 (ignored nodes 0). */
export function spreadScores(pod: Pod, cache: ClusterCache, feasible: readonly NodeInfo[]): number[] | undefined {
  const { constraints, defaulted } = spreadConstraints(pod, cache, 'ScheduleAnyway');
  if (constraints.length === 0) return undefined;
  const own = ns(pod);
  const requireAllKeys = !defaulted;
  const ignored = new Set<string>();
  const domainCounts = constraints.map(() => new Map<string, number>());
  const hostnameDomains = constraints.map(() => 0);
  for (const info of feasible) {
    if (requireAllKeys && !hasAllKeys(constraints, info)) {
      ignored.add(info.name);
      continue;
    }
    constraints.forEach((c, i) => {
      const value = info.labels[c.topologyKey];
      if (value === undefined) return;
      if (c.topologyKey === HOSTNAME_LABEL) hostnameDomains[i]!++;
      else domainCounts[i]!.set(value, 0);
    });
  }
  for (const info of cache.nodes.values()) {
    if (requireAllKeys && !hasAllKeys(constraints, info)) continue;
    constraints.forEach((c, i) => {
      if (c.topologyKey === HOSTNAME_LABEL || !nodeCounted(c, pod, info)) return;
      const value = info.labels[c.topologyKey];
      const counts = domainCounts[i]!;
      if (value === undefined || !counts.has(value)) return;
      counts.set(value, counts.get(value)! + countMatching(info, c.selector, own));
    });
  }
  const weights = constraints.map((c, i) => Math.log((c.topologyKey === HOSTNAME_LABEL ? hostnameDomains[i]! : domainCounts[i]!.size) + 2));
  const raw = feasible.map((info) => {
    if (ignored.has(info.name)) return 0;
    let score = 0;
    constraints.forEach((c, i) => {
      const value = info.labels[c.topologyKey];
      if (value === undefined) return;
      const count = c.topologyKey === HOSTNAME_LABEL ? countMatching(info, c.selector, own) : (domainCounts[i]!.get(value) ?? 0);
      score += count * weights[i]! + (c.maxSkew - 1);
    });
    return Math.round(score);
  });
  let min = Infinity;
  let max = 0;
  feasible.forEach((info, i) => {
    if (ignored.has(info.name)) return;
    min = Math.min(min, raw[i]!);
    max = Math.max(max, raw[i]!);
  });
  return feasible.map((info, i) => {
    if (ignored.has(info.name)) return 0;
    if (max === 0) return MAX_SCORE;
    return Math.floor((MAX_SCORE * (max + min - raw[i]!)) / max);
  });
}

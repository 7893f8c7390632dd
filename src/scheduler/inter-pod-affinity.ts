// Inter-pod affinity and anti-affinity, as Kubernetes' InterPodAffinity plugin decides them. Before
// the nodes are looked at, the pods already placed are counted per topology domain (a node label
// key and value): those whose required anti-affinity terms select the incoming pod, those that
// every required affinity term of the incoming pod selects, and those its required anti-affinity
// terms select. A node then fits when each affinity term finds a selected pod in the node's
// domain (or no pod anywhere is selected and the pod selects itself: the first of a group), no
// anti-affinity term does, and no placed pod's anti-affinity forbids the node's domain. The counts
// move as pods are added or removed, for preemption. Scoring sums, per domain, the weights of the
// preferred terms (the incoming pod's and, the other way round, the placed pods') that select.
import type { Pod } from '../api/core/v1/pod-types.ts';
import { affinityTermMatches, affinityTermOf, weightedAffinityTermsOf, type AffinityTerm, type WeightedAffinityTerm } from '../machinery/scheduling/pod-affinity-term.ts';
import type { ClusterCache } from './cluster-cache.ts';
import { unresolvable, unschedulable, type FilterStatus } from './filters.ts';
import type { NodeInfo, PlacedPod } from './node-info.ts';

export const AFFINITY_RULES_REASON = "node(s) didn't match pod affinity rules";
export const ANTI_AFFINITY_RULES_REASON = "node(s) didn't match pod anti-affinity rules";
export const EXISTING_ANTI_AFFINITY_REASON = "node(s) didn't satisfy existing pods anti-affinity rules";

/** The weight a placed pod's required affinity term carries in scoring (hardPodAffinityWeight). */
export const HARD_POD_AFFINITY_WEIGHT = 1;

const pairKey = (key: string, value: string) => `${key}\u0000${value}`;

type Counts = Map<string, number>;

function bump(counts: Counts, key: string, by: number): void {
  const next = (counts.get(key) ?? 0) + by;
  if (next === 0) counts.delete(key);
  else counts.set(key, next);
}

const ns = (pod: Pod) => pod.metadata.namespace ?? '';
const target = (pod: Pod) => ({ namespace: ns(pod), labels: pod.metadata.labels });

export function requiredAffinityTerms(pod: Pod): AffinityTerm[] {
  return (pod.spec?.affinity?.podAffinity?.requiredDuringSchedulingIgnoredDuringExecution ?? []).map((t) => affinityTermOf(t, ns(pod)));
}

export function requiredAntiAffinityTerms(pod: Pod): AffinityTerm[] {
  return (pod.spec?.affinity?.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution ?? []).map((t) => affinityTermOf(t, ns(pod)));
}

export class InterPodAffinityState {
  private readonly pod: Pod;
  private readonly cache: ClusterCache;
  readonly affinity: AffinityTerm[];
  readonly antiAffinity: AffinityTerm[];
  /** Domains where a placed pod's required anti-affinity selects the incoming pod. */
  existingAntiAffinity: Counts = new Map();
  /** Domains with placed pods every affinity term selects. */
  affinityCounts: Counts = new Map();
  /** Domains with placed pods an anti-affinity term selects. */
  antiAffinityCounts: Counts = new Map();

  constructor(pod: Pod, cache: ClusterCache, build = true) {
    this.pod = pod;
    this.cache = cache;
    this.affinity = requiredAffinityTerms(pod);
    this.antiAffinity = requiredAntiAffinityTerms(pod);
    if (!build) return;
    const everyPod = this.affinity.length > 0 || this.antiAffinity.length > 0;
    for (const info of cache.nodes.values()) {
      const pods = everyPod ? info.pods.values() : info.podsWithRequiredAntiAffinity.values();
      for (const placed of pods) this.count(placed, info, 1);
    }
  }

  clone(): InterPodAffinityState {
    const copy = new InterPodAffinityState(this.pod, this.cache, false);
    copy.existingAntiAffinity = new Map(this.existingAntiAffinity);
    copy.affinityCounts = new Map(this.affinityCounts);
    copy.antiAffinityCounts = new Map(this.antiAffinityCounts);
    return copy;
  }

  addPod(placed: PlacedPod, info: NodeInfo): void {
    this.count(placed, info, 1);
  }

  removePod(placed: PlacedPod, info: NodeInfo): void {
    this.count(placed, info, -1);
  }

  private count(placed: PlacedPod, info: NodeInfo, sign: 1 | -1): void {
    const labels = info.labels;
    const other = placed.pod;
    if (other.metadata.uid && other.metadata.uid === this.pod.metadata.uid) return;
    const incoming = target(this.pod);
    const incomingNamespace = this.cache.namespaceLabels(incoming.namespace);
    for (const term of requiredAntiAffinityTerms(other)) {
      const value = labels[term.topologyKey];
      if (value !== undefined && affinityTermMatches(term, incoming, incomingNamespace)) bump(this.existingAntiAffinity, pairKey(term.topologyKey, value), sign);
    }
    if (!this.affinity.length && !this.antiAffinity.length) return;
    const placedTarget = target(other);
    const placedNamespace = this.cache.namespaceLabels(placedTarget.namespace);
    if (this.affinity.length && this.affinity.every((t) => affinityTermMatches(t, placedTarget, placedNamespace))) {
      for (const term of this.affinity) {
        const value = labels[term.topologyKey];
        if (value !== undefined) bump(this.affinityCounts, pairKey(term.topologyKey, value), sign);
      }
    }
    for (const term of this.antiAffinity) {
      const value = labels[term.topologyKey];
      if (value !== undefined && affinityTermMatches(term, placedTarget, placedNamespace)) bump(this.antiAffinityCounts, pairKey(term.topologyKey, value), sign);
    }
  }

  filter(info: NodeInfo): FilterStatus | undefined {
    const labels = info.labels;
    if (this.affinity.length) {
      let podsExist = true;
      for (const term of this.affinity) {
        const value = labels[term.topologyKey];
        if (value === undefined) return unresolvable(AFFINITY_RULES_REASON);
        if ((this.affinityCounts.get(pairKey(term.topologyKey, value)) ?? 0) <= 0) podsExist = false;
      }
      if (!podsExist) {
        const self = target(this.pod);
        const selfNamespace = this.cache.namespaceLabels(self.namespace);
        const first = this.affinityCounts.size === 0 && this.affinity.every((t) => affinityTermMatches(t, self, selfNamespace));
        if (!first) return unresolvable(AFFINITY_RULES_REASON);
      }
    }
    for (const term of this.antiAffinity) {
      const value = labels[term.topologyKey];
      if (value !== undefined && (this.antiAffinityCounts.get(pairKey(term.topologyKey, value)) ?? 0) > 0) return unschedulable(ANTI_AFFINITY_RULES_REASON);
    }
    for (const [key, value] of Object.entries(labels)) {
      if ((this.existingAntiAffinity.get(pairKey(key, value)) ?? 0) > 0) return unschedulable(EXISTING_ANTI_AFFINITY_REASON);
    }
    return undefined;
  }
}

/** Raw affinity scores of the feasible nodes, by the domains they share with scored pods. */
export function interPodAffinityScores(pod: Pod, cache: ClusterCache, feasible: readonly NodeInfo[]): number[] {
  const ownNs = ns(pod);
  const preferredAffinity = weightedAffinityTermsOf(pod.spec?.affinity?.podAffinity?.preferredDuringSchedulingIgnoredDuringExecution, ownNs);
  const preferredAnti = weightedAffinityTermsOf(pod.spec?.affinity?.podAntiAffinity?.preferredDuringSchedulingIgnoredDuringExecution, ownNs);
  const hasOwn = preferredAffinity.length > 0 || preferredAnti.length > 0;
  const incoming = target(pod);
  const incomingNamespace = cache.namespaceLabels(incoming.namespace);
  const domainScores = new Map<string, number>();
  const add = (terms: readonly WeightedAffinityTerm[], selected: { namespace: string; labels: Pod['metadata']['labels'] }, selectedNs: Readonly<Record<string, string>> | undefined, labels: Readonly<Record<string, string>>, sign: 1 | -1) => {
    for (const term of terms) {
      const value = labels[term.topologyKey];
      if (value !== undefined && affinityTermMatches(term, selected, selectedNs)) bump(domainScores, pairKey(term.topologyKey, value), sign * term.weight);
    }
  };
  for (const info of cache.nodes.values()) {
    const labels = info.labels;
    const pods = hasOwn ? info.pods.values() : info.podsWithAffinity.values();
    for (const placed of pods) {
      const other = placed.pod;
      if (hasOwn) {
        const placedTarget = target(other);
        const placedNs = cache.namespaceLabels(placedTarget.namespace);
        add(preferredAffinity, placedTarget, placedNs, labels, 1);
        add(preferredAnti, placedTarget, placedNs, labels, -1);
      }
      const otherNs = ns(other);
      const affinity = other.spec?.affinity;
      if (!affinity?.podAffinity && !affinity?.podAntiAffinity) continue;
      const required = (affinity.podAffinity?.requiredDuringSchedulingIgnoredDuringExecution ?? []).map((t) => ({ ...affinityTermOf(t, otherNs), weight: HARD_POD_AFFINITY_WEIGHT }));
      add(required, incoming, incomingNamespace, labels, 1);
      add(weightedAffinityTermsOf(affinity.podAffinity?.preferredDuringSchedulingIgnoredDuringExecution, otherNs), incoming, incomingNamespace, labels, 1);
      add(weightedAffinityTermsOf(affinity.podAntiAffinity?.preferredDuringSchedulingIgnoredDuringExecution, otherNs), incoming, incomingNamespace, labels, -1);
    }
  }
  if (domainScores.size === 0) return feasible.map(() => 0);
  return feasible.map((info) => {
    let score = 0;
    for (const [key, value] of Object.entries(info.labels)) score += domainScores.get(pairKey(key, value)) ?? 0;
    return score;
  });
}

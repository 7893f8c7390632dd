// One scheduling attempt's view of the pod, in Kubernetes' framework terms: what is worked out
// before the nodes are looked at (the pod's requests and ports, the inter-pod affinity and spread
// counts, its claims), which may already refuse the pod everywhere; then every filter against a
// node, in Kubernetes' order (the node's own checks, volumes, topology spread, inter-pod
// affinity), the first refusal winning. Pods nominated to a node with at least the pod's priority
// are counted there as if placed, and the node must also fit without them. The state can be
// copied and told of pods added or removed, which is how preemption asks what would fit.
import type { Pod } from '../api/core/v1/pod-types.ts';
import { placement, type ClusterCache } from './cluster-cache.ts';
import { NODE_FILTERS, type FilterStatus, type PodFacts } from './filters.ts';
import { InterPodAffinityState } from './inter-pod-affinity.ts';
import type { NodeInfo, PlacedPod } from './node-info.ts';
import { hostPortsOf, podNonZeroRequests, podRequests } from './resources.ts';
import { SpreadFilterState } from './topology-spread.ts';
import { preFilterVolumes, type VolumeState } from './volume-binding.ts';

export const podPriority = (pod: Pod) => pod.spec?.priority ?? 0;

export function podFacts(pod: Pod): PodFacts {
  return { pod, requests: podRequests(pod), nonZero: podNonZeroRequests(pod), hostPorts: hostPortsOf(pod), priority: podPriority(pod) };
}

export class CycleState {
  readonly facts: PodFacts;
  readonly interPod: InterPodAffinityState;
  readonly spread: SpreadFilterState;
  readonly volumes: VolumeState | undefined;

  constructor(facts: PodFacts, interPod: InterPodAffinityState, spread: SpreadFilterState, volumes: VolumeState | undefined) {
    this.facts = facts;
    this.interPod = interPod;
    this.spread = spread;
    this.volumes = volumes;
  }

  get pod(): Pod {
    return this.facts.pod;
  }

  clone(cache: ClusterCache): CycleState {
    return new CycleState(this.facts, this.interPod.clone(), this.spread.clone(cache), this.volumes);
  }

  addPod(placed: PlacedPod, info: NodeInfo): void {
    this.interPod.addPod(placed, info);
    this.spread.addPod(placed, info);
  }

  removePod(placed: PlacedPod, info: NodeInfo): void {
    this.interPod.removePod(placed, info);
    this.spread.removePod(placed, info);
  }
}

export type PreFilterOutcome = { kind: 'ok'; state: CycleState } | { kind: 'rejected'; message: string };

export function preFilter(pod: Pod, cache: ClusterCache): PreFilterOutcome {
  const volumes = preFilterVolumes(pod, cache.listers);
  if (volumes.kind === 'rejected') return volumes;
  return { kind: 'ok', state: new CycleState(podFacts(pod), new InterPodAffinityState(pod, cache), new SpreadFilterState(pod, cache), volumes.state) };
}

/** Every filter against the node as it is in `info` and `state`. */
export function filterNode(state: CycleState, info: NodeInfo): FilterStatus | undefined {
  for (const filter of NODE_FILTERS) {
    const status = filter(state.facts, info);
    if (status) return status;
  }
  return state.volumes?.filter(info) ?? state.spread.filter(info) ?? state.interPod.filter(info);
}

/** The filters with the pods nominated to the node (of no lower priority) counted, then without them. */
export function filterWithNominated(state: CycleState, info: NodeInfo, cache: ClusterCache): FilterStatus | undefined {
  const nominated = cache.nominatedTo(info.name, state.pod).filter((p) => podPriority(p) >= state.facts.priority);
  if (nominated.length === 0) return filterNode(state, info);
  const withNominated = info.clone();
  const stateWith = state.clone(cache);
  for (const pod of nominated) {
    const placed = placement(pod, info.name);
    withNominated.add(placed);
    stateWith.addPod(placed, withNominated);
  }
  return filterNode(stateWith, withNominated) ?? filterNode(state, info);
}

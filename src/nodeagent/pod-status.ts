// The status fields of a simulated pod that the node agent writes: the generation it has seen,
// phase (and reason and message when the pod was killed for a reason of its own), the conditions
// it owns with their transition times kept, host and pod addresses, start time, and the status of
// every container.
import type { Pod, PodCondition, PodStatus } from '../api/core/v1/pod-types.ts';
import { rfc3339, type ContainerRun } from './container-run.ts';
import { agentConditions, type Phase, type PodFacts } from './pod-phase.ts';

/** What the status is made from: a simulated pod as it stands. */
export interface PodState {
  pod: Pod;
  podIP: string | undefined;
  startTime: number | undefined;
  failure: { reason: string; message: string } | undefined;
  initContainers: readonly ContainerRun[];
  containers: readonly ContainerRun[];
  /** Each condition's last transition, by type; updated as conditions change. */
  transitions: Map<string, { status: string; at: number }>;
  phase(): Phase;
  facts(): PodFacts;
}

/** The conditions the agent owns; any other (PodScheduled, readiness gates, …) is left to its writer. */
export const AGENT_CONDITIONS = new Set(['PodReadyToStartContainers', 'Initialized', 'ContainersReady', 'Ready']);

export function podStatusFor(sim: PodState, nodeIP: string, now: number): PodStatus {
  const phase = sim.phase();
  // The generation of the spec this status answers, as the node agent reports it.
  const generation = sim.pod.metadata.generation;
  const others = (sim.pod.status?.conditions ?? []).filter((c) => !AGENT_CONDITIONS.has(c.type));
  const conditions: PodCondition[] = agentConditions(sim.facts(), phase, (sim.pod.spec?.readinessGates ?? []).map((g) => g.conditionType), others).map((draft) => {
    const last = sim.transitions.get(draft.type);
    const at = last && last.status === draft.status ? last.at : now;
    sim.transitions.set(draft.type, { status: draft.status, at });
    return { ...draft, ...(generation !== undefined ? { observedGeneration: generation } : {}), lastProbeTime: null, lastTransitionTime: rfc3339(at) };
  });
  const status: PodStatus = {
    ...(generation !== undefined ? { observedGeneration: generation } : {}),
    phase,
    conditions,
    hostIP: nodeIP,
    hostIPs: [{ ip: nodeIP }],
  };
  if (sim.failure) {
    status.reason = sim.failure.reason;
    status.message = sim.failure.message;
  }
  if (sim.podIP) {
    status.podIP = sim.podIP;
    status.podIPs = [{ ip: sim.podIP }];
  }
  if (sim.startTime !== undefined) status.startTime = rfc3339(sim.startTime);
  if (sim.initContainers.length) status.initContainerStatuses = sim.initContainers.map((c) => c.status());
  status.containerStatuses = sim.containers.map((c) => c.status());
  return status;
}

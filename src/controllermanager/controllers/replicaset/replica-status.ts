// A replica set's status as Kubernetes computes it: replicas counts the active pods it controls,
// fullyLabeledReplicas those carrying every label of the template, readyReplicas the ready ones,
// availableReplicas those ready for minReadySeconds, terminatingReplicas those being deleted. A
// failed create or delete sets the ReplicaFailure condition (reason FailedCreate or FailedDelete,
// the error as message) once; a sync without error removes it.
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import type { ReplicaSet, ReplicaSetStatus, WorkloadCondition } from '../../../api/apps/v1/types.ts';
import { nowTime } from '../../../api/meta/v1/time.ts';
import { isPodAvailable, isPodReady } from '../workload/pod-state.ts';

export const REPLICA_FAILURE = 'ReplicaFailure';

/** Whether the pod carries every label of the template, with the same value. */
function fullyLabeled(pod: Pod, templateLabels: Record<string, string>): boolean {
  const labels = pod.metadata.labels ?? {};
  return Object.entries(templateLabels).every(([k, v]) => Object.hasOwn(labels, k) && labels[k] === v);
}

export function desiredReplicas(rs: ReplicaSet): number {
  return rs.spec?.replicas ?? 1;
}

/**
 * The status for `active` pods (and `terminating` ones, undefined when the kind does not count
 * them), given how managing replicas went.
 */
export function calculateStatus(rs: ReplicaSet, active: readonly Pod[], terminating: readonly Pod[] | undefined, manageError: Error | undefined, now: number): ReplicaSetStatus {
  const status: ReplicaSetStatus = { ...(rs.status ?? { replicas: 0 }), conditions: [...(rs.status?.conditions ?? [])] };
  const templateLabels = rs.spec?.template?.metadata?.labels ?? {};
  const minReadySeconds = rs.spec?.minReadySeconds ?? 0;
  let fully = 0;
  let ready = 0;
  let available = 0;
  for (const pod of active) {
    if (fullyLabeled(pod, templateLabels)) fully++;
    if (isPodReady(pod)) {
      ready++;
      if (isPodAvailable(pod, minReadySeconds, now)) available++;
    }
  }
  const failure = status.conditions!.find((c) => c.type === REPLICA_FAILURE);
  if (manageError && !failure) {
    const diff = active.length - desiredReplicas(rs);
    const reason = diff < 0 ? 'FailedCreate' : diff > 0 ? 'FailedDelete' : '';
    status.conditions!.push({ type: REPLICA_FAILURE, status: 'True', lastTransitionTime: nowTime(new Date(now)), reason, message: manageError.message });
  } else if (!manageError && failure) {
    status.conditions = status.conditions!.filter((c) => c.type !== REPLICA_FAILURE);
  }
  if (status.conditions!.length === 0) delete status.conditions;
  status.replicas = active.length;
  status.fullyLabeledReplicas = fully;
  status.readyReplicas = ready;
  status.availableReplicas = available;
  if (terminating) status.terminatingReplicas = terminating.length;
  else delete status.terminatingReplicas;
  return status;
}

function sameConditions(a: readonly WorkloadCondition[] | undefined, b: readonly WorkloadCondition[] | undefined): boolean {
  return JSON.stringify(a ?? []) === JSON.stringify(b ?? []);
}

/** Kubernetes' steady state: nothing to write when the counts and conditions match and the generation was observed. */
export function statusUnchanged(rs: ReplicaSet, next: ReplicaSetStatus): boolean {
  const cur = rs.status ?? { replicas: 0 };
  return (cur.replicas ?? 0) === next.replicas
    && (cur.fullyLabeledReplicas ?? 0) === (next.fullyLabeledReplicas ?? 0)
    && (cur.readyReplicas ?? 0) === (next.readyReplicas ?? 0)
    && (cur.availableReplicas ?? 0) === (next.availableReplicas ?? 0)
    && cur.terminatingReplicas === next.terminatingReplicas
    && (rs.metadata.generation ?? 0) === (cur.observedGeneration ?? 0)
    && sameConditions(cur.conditions, next.conditions);
}

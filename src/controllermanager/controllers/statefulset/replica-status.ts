// A stateful set's status from its pods, as Kubernetes counts it: replicas (pods the server has
// made), ready (running and ready), available (ready for minReadySeconds), current and updated
// (pods not being deleted at the current and the update revision). A rolling update is complete
// when every replica is updated and ready: current then takes the update revision's place. A
// status is written only when a count, a revision or the observed generation differs.
import type { ControllerRevision, StatefulSet, StatefulSetStatus } from '../../../api/apps/v1/types.ts';
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import { scaledValueFromIntOrPercent } from '../../../machinery/intstr/scaled-value.ts';
import { podRevision, replicasOf } from './identity.ts';
import { isCreated, isRunningAndAvailable, isRunningAndReady, isTerminating } from './pod-phase.ts';

export interface ReplicaCounts {
  replicas: number;
  readyReplicas: number;
  availableReplicas: number;
  currentReplicas: number;
  updatedReplicas: number;
}

export function countReplicas(pods: ReadonlyArray<Pod | undefined>, minReadySeconds: number, current: ControllerRevision, update: ControllerRevision, now: number): ReplicaCounts {
  const counts: ReplicaCounts = { replicas: 0, readyReplicas: 0, availableReplicas: 0, currentReplicas: 0, updatedReplicas: 0 };
  for (const pod of pods) {
    if (!pod) continue;
    if (isCreated(pod)) counts.replicas++;
    if (isRunningAndReady(pod)) {
      counts.readyReplicas++;
      if (isRunningAndAvailable(pod, minReadySeconds, now)) counts.availableReplicas++;
    }
    if (isCreated(pod) && !isTerminating(pod)) {
      const revision = podRevision(pod);
      if (revision === current.metadata.name) counts.currentReplicas++;
      if (revision === update.metadata.name) counts.updatedReplicas++;
    }
  }
  return counts;
}

/** updateStatus: the counts of `status` taken again from the pods. */
export function recount(status: StatefulSetStatus, pods: ReadonlyArray<Pod | undefined>, minReadySeconds: number, current: ControllerRevision, update: ControllerRevision, now: number): void {
  Object.assign(status, countReplicas(pods, minReadySeconds, current, update, now));
}

/** completeRollingUpdate: every replica updated and ready, so the update revision becomes current. */
export function completeRollingUpdate(set: StatefulSet, status: StatefulSetStatus): void {
  const replicas = replicasOf(set);
  if (set.spec?.updateStrategy?.type === 'RollingUpdate' && status.updatedReplicas === replicas && status.readyReplicas === replicas && status.replicas === replicas) {
    status.currentReplicas = status.updatedReplicas;
    status.currentRevision = status.updateRevision;
  }
}

/** inconsistentStatus: the computed status differs from the stored one in what the controller owns. */
export function inconsistentStatus(set: StatefulSet, status: StatefulSetStatus): boolean {
  const old = set.status;
  return (status.observedGeneration ?? 0) > (old?.observedGeneration ?? 0)
    || status.replicas !== (old?.replicas ?? 0)
    || (status.currentReplicas ?? 0) !== (old?.currentReplicas ?? 0)
    || (status.readyReplicas ?? 0) !== (old?.readyReplicas ?? 0)
    || (status.updatedReplicas ?? 0) !== (old?.updatedReplicas ?? 0)
    || (status.currentRevision ?? '') !== (old?.currentRevision ?? '')
    || (status.availableReplicas ?? 0) !== (old?.availableReplicas ?? 0)
    || (status.updateRevision ?? '') !== (old?.updateRevision ?? '');
}

/** getStatefulSetMaxUnavailable: 1 by default, a percentage rounded down, never below 1. */
export function maxUnavailableOf(set: StatefulSet): number {
  const value = scaledValueFromIntOrPercent(set.spec?.updateStrategy?.rollingUpdate?.maxUnavailable ?? 1, replicasOf(set), false);
  return Math.max(1, value);
}

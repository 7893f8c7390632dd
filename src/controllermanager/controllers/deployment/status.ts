// A deployment's status as Kubernetes' controller computes it from its replica sets (counts,
// collision count kept, Available from the minimum availability), and the tests of a rollout's
// progress: complete (every replica updated and available, the generation observed),
// progressing (more updated, ready or available replicas, or fewer old ones, than last seen) and
// timed out (no progress recorded for progressDeadlineSeconds).
import type { Deployment, DeploymentStatus, ReplicaSet } from '../../../api/apps/v1/types.ts';
import { AVAILABLE, PROGRESSING, REASONS, getCondition, newCondition, setCondition } from './conditions.ts';
import {
  desiredReplicas, hasProgressDeadline, maxUnavailable, sumActualReplicas, sumAvailableReplicas, sumReadyReplicas,
  sumSpecReplicas, sumTerminatingReplicas,
} from './replica-math.ts';

export function calculateStatus(sets: readonly (ReplicaSet | undefined)[], newRS: ReplicaSet | undefined, d: Deployment, now: number): DeploymentStatus {
  const available = sumAvailableReplicas(sets);
  const unavailable = Math.max(0, sumSpecReplicas(sets) - available);
  const status: DeploymentStatus = {
    observedGeneration: d.metadata.generation ?? 0,
    replicas: sumActualReplicas(sets),
    updatedReplicas: sumActualReplicas([newRS]),
    readyReplicas: sumReadyReplicas(sets),
    availableReplicas: available,
    unavailableReplicas: unavailable,
  };
  const terminating = sumTerminatingReplicas(sets);
  if (terminating !== undefined) status.terminatingReplicas = terminating;
  if (d.status?.conditions?.length) status.conditions = d.status.conditions.map((c) => ({ ...c }));
  if (d.status?.collisionCount !== undefined && d.status.collisionCount !== null) status.collisionCount = d.status.collisionCount;
  if (available >= desiredReplicas(d) - maxUnavailable(d)) {
    setCondition(status, newCondition(AVAILABLE, 'True', REASONS.minimumReplicasAvailable, 'Deployment has minimum availability.', now));
  } else {
    setCondition(status, newCondition(AVAILABLE, 'False', REASONS.minimumReplicasUnavailable, 'Deployment does not have minimum availability.', now));
  }
  return status;
}

export function deploymentComplete(d: Deployment, s: DeploymentStatus): boolean {
  const desired = desiredReplicas(d);
  return (s.updatedReplicas ?? 0) === desired && (s.replicas ?? 0) === desired && (s.availableReplicas ?? 0) === desired
    && (s.observedGeneration ?? 0) >= (d.metadata.generation ?? 0);
}

export function deploymentProgressing(d: Deployment, s: DeploymentStatus): boolean {
  const old = d.status ?? {};
  const oldStatusOld = (old.replicas ?? 0) - (old.updatedReplicas ?? 0);
  const newStatusOld = (s.replicas ?? 0) - (s.updatedReplicas ?? 0);
  return (s.updatedReplicas ?? 0) > (old.updatedReplicas ?? 0) || newStatusOld < oldStatusOld
    || (s.readyReplicas ?? 0) > (old.readyReplicas ?? 0) || (s.availableReplicas ?? 0) > (old.availableReplicas ?? 0);
}

export function deploymentTimedOut(d: Deployment, s: DeploymentStatus, now: number): boolean {
  if (!hasProgressDeadline(d)) return false;
  const c = getCondition(s, PROGRESSING);
  if (!c) return false;
  // After a finished rollout a resync must not read the old completion time as lack of progress.
  if (c.reason === REASONS.newRSAvailable) return false;
  if (c.reason === REASONS.timedOut) return true;
  const from = c.lastUpdateTime ? Date.parse(c.lastUpdateTime) : 0;
  return from + (d.spec!.progressDeadlineSeconds! * 1000) < now;
}

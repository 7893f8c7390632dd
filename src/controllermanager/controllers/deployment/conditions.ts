// Deployment conditions as Kubernetes' deployment util sets them: the reasons the controller
// records on Progressing, Available and ReplicaFailure, and the rule that a condition keeps its
// lastTransitionTime while its status does not change and is left alone when neither its status
// nor its reason does.
import type { DeploymentCondition, DeploymentStatus, WorkloadCondition } from '../../../api/apps/v1/types.ts';

export const PROGRESSING = 'Progressing';
export const AVAILABLE = 'Available';
export const REPLICA_FAILURE = 'ReplicaFailure';

export const REASONS = {
  /** The new replica set could not be created. */
  failedRSCreate: 'ReplicaSetCreateError',
  newReplicaSet: 'NewReplicaSetCreated',
  foundNewRS: 'FoundNewReplicaSet',
  /** The new replica set has all its pods available and the old ones are gone. */
  newRSAvailable: 'NewReplicaSetAvailable',
  timedOut: 'ProgressDeadlineExceeded',
  paused: 'DeploymentPaused',
  resumed: 'DeploymentResumed',
  replicaSetUpdated: 'ReplicaSetUpdated',
  minimumReplicasAvailable: 'MinimumReplicasAvailable',
  minimumReplicasUnavailable: 'MinimumReplicasUnavailable',
  rollbackRevisionNotFound: 'DeploymentRollbackRevisionNotFound',
  rollbackTemplateUnchanged: 'DeploymentRollbackTemplateUnchanged',
  rollbackDone: 'DeploymentRollback',
} as const;

/** metav1.Now() as the API writes it: seconds, in UTC. */
export function nowTime(now: number): string {
  return new Date(Math.floor(now / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

export function newCondition(type: string, status: 'True' | 'False' | 'Unknown', reason: string, message: string, now: number): DeploymentCondition {
  const t = nowTime(now);
  return { type, status, lastUpdateTime: t, lastTransitionTime: t, reason, message };
}

export function getCondition(status: DeploymentStatus | undefined, type: string): DeploymentCondition | undefined {
  return status?.conditions?.find((c) => c.type === type);
}

export function setCondition(status: DeploymentStatus, condition: DeploymentCondition): void {
  const current = getCondition(status, condition.type);
  if (current && current.status === condition.status && current.reason === condition.reason) return;
  const next = { ...condition };
  if (current && current.status === condition.status) next.lastTransitionTime = current.lastTransitionTime ?? null;
  status.conditions = [...(status.conditions ?? []).filter((c) => c.type !== condition.type), next];
}

export function removeCondition(status: DeploymentStatus, type: string): void {
  const kept = (status.conditions ?? []).filter((c) => c.type !== type);
  if (kept.length > 0) status.conditions = kept;
  else delete status.conditions;
}

/** A replica set's condition as a deployment's: its transition time is also its update time. */
export function replicaSetToDeploymentCondition(c: WorkloadCondition): DeploymentCondition {
  return {
    type: c.type,
    status: c.status,
    lastUpdateTime: c.lastTransitionTime ?? null,
    lastTransitionTime: c.lastTransitionTime ?? null,
    reason: c.reason ?? '',
    message: c.message ?? '',
  };
}

// syncRolloutStatus: the deployment's status during a rollout, with the Progressing condition
// kept as Kubernetes keeps it (NewReplicaSetAvailable once complete, ReplicaSetUpdated with a new
// lastUpdateTime whenever progress is seen, ProgressDeadlineExceeded after the deadline passes
// without any), replica set failures raised as ReplicaFailure, and a deployment that may be stuck
// looked at again when its deadline would pass.
import type { Deployment, DeploymentCondition, DeploymentStatus, ReplicaSet } from '../../../api/apps/v1/types.ts';
import { semanticEqual } from '../../../machinery/equality/semantic.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import {
  PROGRESSING, REASONS, REPLICA_FAILURE, getCondition, newCondition, removeCondition, replicaSetToDeploymentCondition, setCondition,
} from './conditions.ts';
import { hasProgressDeadline } from './replica-math.ts';
import { calculateStatus, deploymentComplete, deploymentProgressing, deploymentTimedOut } from './status.ts';
import { updateDeploymentStatus, type SyncContext } from './sync-context.ts';

const log = klog('controllermanager/deployment');

/** syncDeploymentStatus: the counts and Available condition, written when they changed. */
export async function syncDeploymentStatus(ctx: SyncContext, sets: readonly (ReplicaSet | undefined)[], newRS: ReplicaSet | undefined, d: Deployment): Promise<void> {
  const status = calculateStatus(sets, newRS, d, ctx.clock.now());
  if (semanticEqual(d.status, status)) return;
  d.status = status;
  await updateDeploymentStatus(ctx, d);
}

function replicaFailures(sets: readonly (ReplicaSet | undefined)[], newRS: ReplicaSet | undefined): DeploymentCondition[] {
  const failuresOf = (rs: ReplicaSet | undefined) => (rs?.status?.conditions ?? []).filter((c) => c.type === REPLICA_FAILURE).map(replicaSetToDeploymentCondition);
  const fromNew = failuresOf(newRS);
  return fromNew.length > 0 ? fromNew : sets.flatMap(failuresOf);
}

export async function syncRolloutStatus(ctx: SyncContext, sets: readonly (ReplicaSet | undefined)[], newRS: ReplicaSet | undefined, d: Deployment): Promise<void> {
  const now = ctx.clock.now();
  const status = calculateStatus(sets, newRS, d, now);
  if (!hasProgressDeadline(d)) removeCondition(status, PROGRESSING);

  const current = getCondition(d.status, PROGRESSING);
  const isComplete = status.replicas === status.updatedReplicas && current?.reason === REASONS.newRSAvailable;
  if (hasProgressDeadline(d) && !isComplete) {
    const subject = newRS ? `ReplicaSet "${newRS.metadata.name}"` : `Deployment "${d.metadata.name}"`;
    if (deploymentComplete(d, status)) {
      setCondition(status, newCondition(PROGRESSING, 'True', REASONS.newRSAvailable, `${subject} has successfully progressed.`, now));
    } else if (deploymentProgressing(d, status)) {
      // Progress moves lastUpdateTime on even when the reason stays; a True condition keeps its transition time.
      const condition = newCondition(PROGRESSING, 'True', REASONS.replicaSetUpdated, `${subject} is progressing.`, now);
      if (current) {
        if (current.status === 'True') condition.lastTransitionTime = current.lastTransitionTime ?? null;
        removeCondition(status, PROGRESSING);
      }
      setCondition(status, condition);
    } else if (deploymentTimedOut(d, status, now)) {
      setCondition(status, newCondition(PROGRESSING, 'False', REASONS.timedOut, `${subject} has timed out progressing.`, now));
    }
  }

  const failures = replicaFailures(sets, newRS);
  if (failures.length > 0) setCondition(status, failures[0]!);
  else removeCondition(status, REPLICA_FAILURE);

  if (semanticEqual(d.status, status)) {
    requeueStuckDeployment(ctx, d, status);
    return;
  }
  d.status = status;
  await updateDeploymentStatus(ctx, d);
}

/**
 * A deployment with no progress seen is looked at again when its deadline would pass (a second
 * later, against clock skew), or at once, rate-limited, when less than a second is left. Returns
 * the delay, 0 for at once, -1 for no need.
 */
export function requeueStuckDeployment(ctx: SyncContext, d: Deployment, status: DeploymentStatus): number {
  const current = getCondition(d.status, PROGRESSING);
  if (!hasProgressDeadline(d) || !current) return -1;
  if (deploymentComplete(d, status) || current.reason === REASONS.timedOut) return -1;
  const lastUpdate = current.lastUpdateTime ? Date.parse(current.lastUpdateTime) : 0;
  const after = lastUpdate + d.spec!.progressDeadlineSeconds! * 1000 - ctx.clock.now();
  const key = `${d.metadata.namespace}/${d.metadata.name}`;
  if (after < 1000) {
    log.info('Queueing up deployment for a progress check now', { deployment: key }, 4);
    ctx.enqueueRateLimited(d);
    return 0;
  }
  log.info('Queueing up deployment for a progress check', { deployment: key, queueAfter: Math.floor(after / 1000) }, 4);
  ctx.enqueueAfter(d, after + 1000);
  return after;
}

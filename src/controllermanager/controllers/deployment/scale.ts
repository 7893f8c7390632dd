// Scaling a deployment outside a rollout step, as Kubernetes' sync and scale do it: when the
// deployment is paused, or its size changed while its sets still carry the old desired size. One
// active set takes the new size whole; a saturated new set lets the old ones go to zero; and
// during a rolling update the difference is spread over the active sets in proportion to their
// sizes (growing the larger and newer first, shrinking the larger and older first), so a scaling
// neither hastens nor holds back the rollout. A paused deployment also loses old revisions.
import type { Deployment, ReplicaSet } from '../../../api/apps/v1/types.ts';
import { DEPRECATED_ROLLBACK_TO, desiredReplicasAnnotation } from './annotations.ts';
import { cleanupDeployment } from './cleanup.ts';
import { PROGRESSING, REASONS, getCondition, newCondition, setCondition } from './conditions.ts';
import { getAllReplicaSetsAndSyncRevision } from './new-replica-set.ts';
import { syncDeploymentStatus } from './progress.ts';
import {
  desiredReplicas, hasProgressDeadline, isRollingUpdate, isSaturated, maxSurge, replicaSetProportion, specReplicas, sumSpecReplicas,
} from './replica-math.ts';
import { activeReplicaSets, bySizeNewer, bySizeOlder, findActiveOrLatest } from './replica-set-lists.ts';
import { scaleReplicaSet, scaleReplicaSetAndRecordEvent } from './scale-replica-set.ts';
import { updateDeploymentStatus, type SyncContext } from './sync-context.ts';

/** sync: scales, cleans up a paused deployment's history, writes the status. */
export async function syncScaled(ctx: SyncContext, d: Deployment, sets: readonly ReplicaSet[]): Promise<void> {
  const { newRS, oldSets } = await getAllReplicaSetsAndSyncRevision(ctx, d, sets, false);
  await scale(ctx, d, newRS, oldSets);
  if (d.spec?.paused && !d.metadata.annotations?.[DEPRECATED_ROLLBACK_TO]) await cleanupDeployment(ctx, oldSets, d);
  await syncDeploymentStatus(ctx, [...oldSets, newRS], newRS, d);
}

/** syncStatusOnly: a deployment being deleted gets its status and nothing else. */
export async function syncStatusOnly(ctx: SyncContext, d: Deployment, sets: readonly ReplicaSet[]): Promise<void> {
  const { newRS, oldSets } = await getAllReplicaSetsAndSyncRevision(ctx, d, sets, false);
  await syncDeploymentStatus(ctx, [...oldSets, newRS], newRS, d);
}

export async function scale(ctx: SyncContext, d: Deployment, newRS: ReplicaSet | undefined, oldSets: readonly ReplicaSet[]): Promise<void> {
  const desired = desiredReplicas(d);
  const activeOrLatest = findActiveOrLatest(newRS, oldSets);
  if (activeOrLatest) {
    if (specReplicas(activeOrLatest) === desired) return;
    await scaleReplicaSetAndRecordEvent(ctx, activeOrLatest, desired, d);
    return;
  }
  if (isSaturated(d, newRS)) {
    for (const old of activeReplicaSets(oldSets)) await scaleReplicaSetAndRecordEvent(ctx, old, 0, d);
    return;
  }
  if (!isRollingUpdate(d)) return;
  const active = activeReplicaSets([...oldSets, newRS]);
  const allowed = desired > 0 ? desired + maxSurge(d) : 0;
  const toAdd = allowed - sumSpecReplicas(active);
  let operation = '';
  if (toAdd > 0) {
    active.sort(bySizeNewer);
    operation = 'up';
  } else if (toAdd < 0) {
    active.sort(bySizeOlder);
    operation = 'down';
  }
  const sizes = new Map<string, number>();
  let added = 0;
  for (const rs of active) {
    if (toAdd !== 0) {
      const proportion = replicaSetProportion(rs, d, toAdd, added);
      sizes.set(rs.metadata.name ?? '', specReplicas(rs) + proportion);
      added += proportion;
    } else {
      sizes.set(rs.metadata.name ?? '', specReplicas(rs));
    }
  }
  for (let i = 0; i < active.length; i++) {
    const rs = active[i]!;
    const name = rs.metadata.name ?? '';
    // What rounding left over goes to the largest set.
    if (i === 0 && toAdd !== 0) sizes.set(name, Math.max(0, sizes.get(name)! + toAdd - added));
    await scaleReplicaSet(ctx, rs, sizes.get(name)!, d, operation);
  }
}

/** isScalingEvent: an active set records a desired size other than the deployment's. */
export async function isScalingEvent(ctx: SyncContext, d: Deployment, sets: readonly ReplicaSet[]): Promise<boolean> {
  const { newRS, oldSets } = await getAllReplicaSetsAndSyncRevision(ctx, d, sets, false);
  for (const rs of activeReplicaSets([...oldSets, newRS])) {
    const desired = desiredReplicasAnnotation(rs);
    if (desired !== undefined && desired !== desiredReplicas(d)) return true;
  }
  return false;
}

/**
 * Progressing becomes Unknown (DeploymentPaused, then DeploymentResumed) as a deployment is paused
 * and resumed, so that the time spent paused never counts against its progress deadline.
 */
export async function checkPausedConditions(ctx: SyncContext, d: Deployment): Promise<void> {
  if (!hasProgressDeadline(d)) return;
  const current = getCondition(d.status, PROGRESSING);
  if (current?.reason === REASONS.timedOut) return;
  const pausedExists = current?.reason === REASONS.paused;
  const now = ctx.clock.now();
  if (d.spec?.paused && !pausedExists) {
    setCondition((d.status ??= {}), newCondition(PROGRESSING, 'Unknown', REASONS.paused, 'Deployment is paused', now));
  } else if (!d.spec?.paused && pausedExists) {
    setCondition((d.status ??= {}), newCondition(PROGRESSING, 'Unknown', REASONS.resumed, 'Deployment is resumed', now));
  } else {
    return;
  }
  await updateDeploymentStatus(ctx, d);
}

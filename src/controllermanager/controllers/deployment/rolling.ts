// The RollingUpdate strategy, as Kubernetes' rolloutRolling: the new replica set grows as far as
// maxSurge allows above the desired replicas; old sets shrink as far as maxUnavailable allows
// below them, unhealthy replicas (wanted but not available) first, then available ones from the
// oldest set on. Each sync does one of the two and writes the rollout status; once the rollout is
// complete, old sets beyond the revision history limit are deleted.
import type { Deployment, ReplicaSet } from '../../../api/apps/v1/types.ts';
import { cleanupDeployment } from './cleanup.ts';
import { syncRolloutStatus } from './progress.ts';
import { desiredReplicas, maxUnavailable, newRSNewReplicas, specReplicas, sumAvailableReplicas, sumSpecReplicas } from './replica-math.ts';
import { activeReplicaSets, byCreation } from './replica-set-lists.ts';
import { getAllReplicaSetsAndSyncRevision } from './new-replica-set.ts';
import { scaleReplicaSetAndRecordEvent } from './scale-replica-set.ts';
import { deploymentComplete } from './status.ts';
import type { SyncContext } from './sync-context.ts';

export async function rolloutRolling(ctx: SyncContext, d: Deployment, sets: readonly ReplicaSet[]): Promise<void> {
  const { newRS, oldSets } = await getAllReplicaSetsAndSyncRevision(ctx, d, sets, true);
  const all = [...oldSets, newRS];
  if (await reconcileNewReplicaSet(ctx, all, newRS!, d)) return syncRolloutStatus(ctx, all, newRS, d);
  if (await reconcileOldReplicaSets(ctx, all, activeReplicaSets(oldSets), newRS!, d)) return syncRolloutStatus(ctx, all, newRS, d);
  if (deploymentComplete(d, d.status ?? {})) await cleanupDeployment(ctx, oldSets, d);
  return syncRolloutStatus(ctx, all, newRS, d);
}

export async function reconcileNewReplicaSet(ctx: SyncContext, all: readonly (ReplicaSet | undefined)[], newRS: ReplicaSet, d: Deployment): Promise<boolean> {
  const desired = desiredReplicas(d);
  if (specReplicas(newRS) === desired) return false;
  if (specReplicas(newRS) > desired) return (await scaleReplicaSetAndRecordEvent(ctx, newRS, desired, d)).scaled;
  const count = newRSNewReplicas(d, all, newRS);
  return (await scaleReplicaSetAndRecordEvent(ctx, newRS, count, d)).scaled;
}

export async function reconcileOldReplicaSets(ctx: SyncContext, all: readonly (ReplicaSet | undefined)[], oldSets: ReplicaSet[], newRS: ReplicaSet, d: Deployment): Promise<boolean> {
  if (sumSpecReplicas(oldSets) === 0) return false;
  const allPods = sumSpecReplicas(all);
  const minAvailable = desiredReplicas(d) - maxUnavailable(d);
  const newRSUnavailable = specReplicas(newRS) - (newRS.status?.availableReplicas ?? 0);
  // Pods that may go: all of them, less the minimum that must stay available, less the new set's
  // pods that are not available yet (they do not count towards that minimum).
  const maxScaledDown = allPods - minAvailable - newRSUnavailable;
  if (maxScaledDown <= 0) return false;
  const { sets: cleaned, scaledDown: cleanedUp } = await cleanupUnhealthyReplicas(ctx, oldSets, d, maxScaledDown);
  const scaledDown = await scaleDownOldReplicaSetsForRollingUpdate(ctx, [...cleaned, newRS], cleaned, d);
  return cleanedUp + scaledDown > 0;
}

/** Scales down old sets' replicas that are wanted but not available, oldest set first. */
async function cleanupUnhealthyReplicas(ctx: SyncContext, oldSets: ReplicaSet[], d: Deployment, maxCleanup: number): Promise<{ sets: ReplicaSet[]; scaledDown: number }> {
  const sets = [...oldSets].sort(byCreation);
  let total = 0;
  for (let i = 0; i < sets.length; i++) {
    if (total >= maxCleanup) break;
    const rs = sets[i]!;
    const replicas = specReplicas(rs);
    const available = rs.status?.availableReplicas ?? 0;
    if (replicas === 0 || replicas === available) continue;
    const count = Math.min(maxCleanup - total, replicas - available);
    const newCount = replicas - count;
    if (newCount > replicas) throw new Error(`when cleaning up unhealthy replicas, got invalid request to scale down ${rs.metadata.namespace}/${rs.metadata.name} ${replicas} -> ${newCount}`);
    sets[i] = (await scaleReplicaSetAndRecordEvent(ctx, rs, newCount, d)).rs;
    total += count;
  }
  return { sets, scaledDown: total };
}

/** Scales down available old replicas while more than the minimum are available, oldest set first. */
async function scaleDownOldReplicaSetsForRollingUpdate(ctx: SyncContext, all: readonly ReplicaSet[], oldSets: ReplicaSet[], d: Deployment): Promise<number> {
  const minAvailable = desiredReplicas(d) - maxUnavailable(d);
  const available = sumAvailableReplicas(all);
  if (available <= minAvailable) return 0;
  const toScaleDown = available - minAvailable;
  let total = 0;
  for (const rs of [...oldSets].sort(byCreation)) {
    if (total >= toScaleDown) break;
    const replicas = specReplicas(rs);
    if (replicas === 0) continue;
    const count = Math.min(replicas, toScaleDown - total);
    const newCount = replicas - count;
    if (newCount > replicas) throw new Error(`when scaling down old RS, got invalid request to scale down ${rs.metadata.namespace}/${rs.metadata.name} ${replicas} -> ${newCount}`);
    await scaleReplicaSetAndRecordEvent(ctx, rs, newCount, d);
    total += count;
  }
  return total;
}

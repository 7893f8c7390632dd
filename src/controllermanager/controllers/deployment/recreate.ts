// The Recreate strategy, as Kubernetes' rolloutRecreate: every old replica set is scaled to zero
// first; only when no old pod is left running (terminal pods aside) is the new set created and
// scaled to the desired replicas, so old and new pods never run together.
import type { Deployment, ReplicaSet } from '../../../api/apps/v1/types.ts';
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import { cleanupDeployment } from './cleanup.ts';
import { getAllReplicaSetsAndSyncRevision } from './new-replica-set.ts';
import { syncRolloutStatus } from './progress.ts';
import { desiredReplicas, specReplicas, sumActualReplicas } from './replica-math.ts';
import { activeReplicaSets } from './replica-set-lists.ts';
import { scaleReplicaSetAndRecordEvent } from './scale-replica-set.ts';
import { deploymentComplete } from './status.ts';
import type { SyncContext } from './sync-context.ts';

/** Pods grouped by the uid of the replica set that controls them. */
export type PodMap = Map<string, Pod[]>;

export async function rolloutRecreate(ctx: SyncContext, d: Deployment, sets: readonly ReplicaSet[], podMap: PodMap): Promise<void> {
  // The new set is not created yet: scaling up must wait for the old pods to be gone.
  let { newRS, oldSets } = await getAllReplicaSetsAndSyncRevision(ctx, d, sets, false);
  let all: (ReplicaSet | undefined)[] = [...oldSets, newRS];
  if (await scaleDownOldReplicaSetsForRecreate(ctx, activeReplicaSets(oldSets), d)) return syncRolloutStatus(ctx, all, newRS, d);
  if (oldPodsRunning(newRS, oldSets, podMap)) return syncRolloutStatus(ctx, all, newRS, d);
  if (!newRS) {
    ({ newRS, oldSets } = await getAllReplicaSetsAndSyncRevision(ctx, d, sets, true));
    all = [...oldSets, newRS];
  }
  await scaleReplicaSetAndRecordEvent(ctx, newRS!, desiredReplicas(d), d);
  if (deploymentComplete(d, d.status ?? {})) await cleanupDeployment(ctx, oldSets, d);
  return syncRolloutStatus(ctx, all, newRS, d);
}

async function scaleDownOldReplicaSetsForRecreate(ctx: SyncContext, oldSets: ReplicaSet[], d: Deployment): Promise<boolean> {
  let scaled = false;
  for (let i = 0; i < oldSets.length; i++) {
    if (specReplicas(oldSets[i]) === 0) continue;
    const result = await scaleReplicaSetAndRecordEvent(ctx, oldSets[i]!, 0, d);
    if (result.scaled) {
      oldSets[i] = result.rs;
      scaled = true;
    }
  }
  return scaled;
}

/** Whether an old set reports pods, or a pod of an old set is not finished (Unknown counts as running). */
export function oldPodsRunning(newRS: ReplicaSet | undefined, oldSets: readonly ReplicaSet[], podMap: PodMap): boolean {
  if (sumActualReplicas(oldSets) > 0) return true;
  for (const [uid, pods] of podMap) {
    if (newRS && newRS.metadata.uid === uid) continue;
    if (pods.some((p) => p.status?.phase !== 'Failed' && p.status?.phase !== 'Succeeded')) return true;
  }
  return false;
}

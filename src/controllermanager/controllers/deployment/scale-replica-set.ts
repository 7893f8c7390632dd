// Scaling one replica set for a deployment, as Kubernetes' controller does it: the new size and
// the desired/max replicas annotations are written together, and a change of size is recorded as
// a ScalingReplicaSet event on the deployment ("Scaled up replica set web-5d8c7b9f4 from 0 to 3").
import type { Deployment, ReplicaSet } from '../../../api/apps/v1/types.ts';
import { replicasAnnotationsNeedUpdate, setReplicasAnnotations } from './annotations.ts';
import { desiredReplicas, maxSurge, specReplicas } from './replica-math.ts';
import { recordEvent, updateReplicaSet, type SyncContext } from './sync-context.ts';

export interface ScaleResult {
  scaled: boolean;
  rs: ReplicaSet;
}

/** Writes the size and annotations when either differs; `operation` (up, down or '') words the event. */
export async function scaleReplicaSet(ctx: SyncContext, rs: ReplicaSet, newScale: number, d: Deployment, operation: string): Promise<ScaleResult> {
  const oldScale = specReplicas(rs);
  const desired = desiredReplicas(d);
  const max = desired + maxSurge(d);
  const sizeNeedsUpdate = oldScale !== newScale;
  if (!sizeNeedsUpdate && !replicasAnnotationsNeedUpdate(rs, desired, max)) return { scaled: false, rs };
  const copy = structuredClone(rs);
  (copy.spec ??= {}).replicas = newScale;
  setReplicasAnnotations(copy, desired, max);
  const stored = await updateReplicaSet(ctx, copy);
  if (sizeNeedsUpdate) {
    recordEvent(ctx, d, 'Normal', 'ScalingReplicaSet', 'Scaling', `Scaled ${operation} replica set ${stored.metadata.name} from ${oldScale} to ${newScale}`);
  }
  return { scaled: sizeNeedsUpdate, rs: stored };
}

export async function scaleReplicaSetAndRecordEvent(ctx: SyncContext, rs: ReplicaSet, newScale: number, d: Deployment): Promise<ScaleResult> {
  const current = specReplicas(rs);
  if (current === newScale) return { scaled: false, rs };
  return scaleReplicaSet(ctx, rs, newScale, d, current < newScale ? 'up' : 'down');
}

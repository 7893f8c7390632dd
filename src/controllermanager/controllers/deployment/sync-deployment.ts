// One deployment's sync, in the order Kubernetes' syncDeployment takes: a deployment selecting
// every pod is refused (a SelectingAll warning); its replica sets are claimed and its pods grouped
// by set; then, first match wins, a deployment being deleted gets its status only, a paused one is
// scaled but not rolled, a rollback request is carried out, a change of size is spread over the
// sets, and otherwise the strategy (Recreate or RollingUpdate) takes the rollout one step on.
import type { Deployment, ReplicaSet } from '../../../api/apps/v1/types.ts';
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import type { LabelSelector } from '../../../api/meta/v1/types.ts';
import { labelSelectorMatches } from '../../../machinery/selectors/label-selector.ts';
import { claimReplicaSets, controllerRef } from './claim.ts';
import { recreateOrRolling } from './strategy.ts';
import { rollback, rollbackTo } from './rollback.ts';
import { checkPausedConditions, isScalingEvent, syncScaled, syncStatusOnly } from './scale.ts';
import type { PodMap } from './recreate.ts';
import { recordEvent, updateDeploymentStatus, type SyncContext } from './sync-context.ts';

export interface DeploymentCaches {
  deployment(key: string): Deployment | undefined;
  replicaSetsIn(namespace: string): ReplicaSet[];
  podsIn(namespace: string): Pod[];
}

function selectsEverything(selector: LabelSelector | null | undefined): boolean {
  return !!selector && Object.keys(selector.matchLabels ?? {}).length === 0 && (selector.matchExpressions ?? []).length === 0;
}

/** Pods the selector matches, by the uid of the claimed set that controls them. */
export function podMapFor(d: Deployment, sets: readonly ReplicaSet[], pods: readonly Pod[]): PodMap {
  const map: PodMap = new Map(sets.map((rs) => [rs.metadata.uid ?? '', []]));
  for (const pod of pods) {
    if (!labelSelectorMatches(d.spec?.selector ?? undefined, pod.metadata.labels)) continue;
    const ref = controllerRef(pod);
    if (ref) map.get(ref.uid)?.push(pod);
  }
  return map;
}

export async function syncDeployment(ctx: SyncContext, caches: DeploymentCaches, key: string): Promise<void> {
  const cached = caches.deployment(key);
  if (!cached) return;
  const d: Deployment = structuredClone(cached);
  const namespace = d.metadata.namespace ?? '';
  if (selectsEverything(d.spec?.selector)) {
    recordEvent(ctx, d, 'Warning', 'SelectingAll', 'Sync', 'This deployment is selecting all pods. A non-empty selector is required.');
    if ((d.status?.observedGeneration ?? 0) < (d.metadata.generation ?? 0)) {
      (d.status ??= {}).observedGeneration = d.metadata.generation ?? 0;
      await updateDeploymentStatus(ctx, d).catch(() => undefined);
    }
    return;
  }
  const sets = await claimReplicaSets(ctx, d, caches.replicaSetsIn(namespace));
  const podMap = podMapFor(d, sets, caches.podsIn(namespace));
  if (d.metadata.deletionTimestamp) return syncStatusOnly(ctx, d, sets);
  await checkPausedConditions(ctx, d);
  if (d.spec?.paused) return syncScaled(ctx, d, sets);
  if (rollbackTo(d) !== undefined) return rollback(ctx, d, sets);
  if (await isScalingEvent(ctx, d, sets)) return syncScaled(ctx, d, sets);
  return recreateOrRolling(ctx, d, sets, podMap);
}

// The rollout step of a deployment's strategy.
import type { Deployment, ReplicaSet } from '../../../api/apps/v1/types.ts';
import { rolloutRecreate, type PodMap } from './recreate.ts';
import { rolloutRolling } from './rolling.ts';
import type { SyncContext } from './sync-context.ts';

export async function recreateOrRolling(ctx: SyncContext, d: Deployment, sets: readonly ReplicaSet[], podMap: PodMap): Promise<void> {
  switch (d.spec?.strategy?.type) {
    case 'Recreate':
      return rolloutRecreate(ctx, d, sets, podMap);
    case 'RollingUpdate':
      return rolloutRolling(ctx, d, sets);
  }
  throw new Error(`unexpected deployment strategy type: ${d.spec?.strategy?.type}`);
}

// Revision history: old replica sets beyond spec.revisionHistoryLimit are deleted, lowest
// revision first, but only those that are scaled to zero, have no pods left, whose controller has
// seen their latest spec, and that are not already being deleted.
import type { Deployment, ReplicaSet } from '../../../api/apps/v1/types.ts';
import { isNotFound } from '../../../machinery/status.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import { hasRevisionHistoryLimit, specReplicas } from './replica-math.ts';
import { byRevision } from './replica-set-lists.ts';
import { replicaSetApi, type SyncContext } from './sync-context.ts';

const log = klog('controllermanager/deployment');

export async function cleanupDeployment(ctx: SyncContext, oldSets: readonly ReplicaSet[], d: Deployment): Promise<void> {
  if (!hasRevisionHistoryLimit(d)) return;
  const cleanable = oldSets.filter((rs) => !rs.metadata.deletionTimestamp);
  const diff = cleanable.length - d.spec!.revisionHistoryLimit!;
  if (diff <= 0) return;
  cleanable.sort(byRevision);
  log.info('Looking to cleanup old replica sets for deployment', { deployment: `${d.metadata.namespace}/${d.metadata.name}` }, 4);
  for (const rs of cleanable.slice(0, diff)) {
    if ((rs.status?.replicas ?? 0) !== 0 || specReplicas(rs) !== 0 || (rs.metadata.generation ?? 0) > (rs.status?.observedGeneration ?? 0) || rs.metadata.deletionTimestamp) continue;
    log.info('Trying to cleanup replica set for deployment', { replicaSet: `${rs.metadata.namespace}/${rs.metadata.name}`, deployment: d.metadata.name }, 4);
    try {
      await replicaSetApi(ctx, rs.metadata.namespace).delete(rs.metadata.name ?? '', ctx.signal);
    } catch (err) {
      // One failed delete ends the pass rather than pressing on against a struggling server.
      if (!isNotFound(err)) throw err;
    }
  }
}

// The server-side rollback Kubernetes keeps for the deprecated spec.rollbackTo of
// extensions/v1beta1, which round-trips through the deprecated.deployment.rollback.to
// annotation: the deployment takes the template (and annotations) of the set with that revision,
// 0 meaning the one before the current, and the annotation is cleared. kubectl rollout undo does
// not use it: it patches the template itself, client-side.
import type { Deployment, ReplicaSet } from '../../../api/apps/v1/types.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import { DEPRECATED_ROLLBACK_TO, lastRevision, revisionOf, skipCopyAnnotation } from './annotations.ts';
import { REASONS } from './conditions.ts';
import { getAllReplicaSetsAndSyncRevision } from './new-replica-set.ts';
import { POD_TEMPLATE_HASH_LABEL, equalIgnoreHash } from './replica-set-lists.ts';
import { deploymentApi, recordEvent, typedDeployment, type SyncContext } from './sync-context.ts';

const log = klog('controllermanager/deployment');

/** The revision asked for, or undefined when there is no (readable) request. */
export function rollbackTo(d: Deployment): number | undefined {
  const v = d.metadata.annotations?.[DEPRECATED_ROLLBACK_TO];
  if (!v || !/^[+-]?\d+$/.test(v)) return undefined;
  return Number(v);
}

export async function rollback(ctx: SyncContext, d: Deployment, sets: readonly ReplicaSet[]): Promise<void> {
  const { newRS, oldSets } = await getAllReplicaSetsAndSyncRevision(ctx, d, sets, true);
  const all = [...oldSets, newRS];
  let revision = rollbackTo(d) ?? 0;
  if (revision === 0) {
    revision = lastRevision(all);
    if (revision === 0) {
      recordEvent(ctx, d, 'Warning', REASONS.rollbackRevisionNotFound, 'Rollback', 'Unable to find last revision.');
      return clearRollbackTo(ctx, d);
    }
  }
  for (const rs of all) {
    if (!rs) continue;
    const v = revisionOf(rs);
    if (Number.isNaN(v) || v !== revision) continue;
    log.info('Found replica set with desired revision', { replicaSet: rs.metadata.name, revision: v }, 4);
    if (await rollbackToTemplate(ctx, d, rs)) {
      recordEvent(ctx, d, 'Normal', REASONS.rollbackDone, 'Rollback', `Rolled back deployment "${d.metadata.name}" to revision ${revision}`);
    }
    return;
  }
  recordEvent(ctx, d, 'Warning', REASONS.rollbackRevisionNotFound, 'Rollback', 'Unable to find the revision to rollback to.');
  return clearRollbackTo(ctx, d);
}

async function rollbackToTemplate(ctx: SyncContext, d: Deployment, rs: ReplicaSet): Promise<boolean> {
  let performed = false;
  if (!equalIgnoreHash(d.spec?.template, rs.spec?.template)) {
    const template = structuredClone(rs.spec?.template ?? {});
    if (template.metadata?.labels) delete template.metadata.labels[POD_TEMPLATE_HASH_LABEL];
    (d.spec ??= {}).template = template;
    // The deployment takes the annotations of the set it goes back to (its change-cause and the
    // like), or the set would get the current ones copied onto it on the next sync.
    const kept = Object.fromEntries(Object.entries(d.metadata.annotations ?? {}).filter(([k]) => skipCopyAnnotation(k)));
    for (const [k, v] of Object.entries(rs.metadata.annotations ?? {})) if (!skipCopyAnnotation(k)) kept[k] = v;
    d.metadata.annotations = kept;
    performed = true;
  } else {
    recordEvent(ctx, d, 'Warning', REASONS.rollbackTemplateUnchanged, 'Rollback', `The rollback revision contains the same template as current deployment "${d.metadata.name}"`);
  }
  await clearRollbackTo(ctx, d);
  return performed;
}

async function clearRollbackTo(ctx: SyncContext, d: Deployment): Promise<void> {
  if (d.metadata.annotations) delete d.metadata.annotations[DEPRECATED_ROLLBACK_TO];
  await deploymentApi(ctx, d.metadata.namespace).update(typedDeployment(d), ctx.signal);
}

// Which replica sets a deployment owns, as Kubernetes' ReplicaSetControllerRefManager decides:
// a set it controls stays its own while the selector matches and is released (its owner
// reference deleted) when it no longer does; an orphan the selector matches is adopted (a
// controller reference with blockOwnerDeletion), but only after a live read confirms that the
// deployment is still there and not being deleted, so a set is never adopted by a deployment
// that is gone.
import type { Deployment, ReplicaSet } from '../../../api/apps/v1/types.ts';
import type { OwnerReference } from '../../../api/meta/v1/types.ts';
import { labelSelectorMatches } from '../../../machinery/selectors/label-selector.ts';
import { isInvalid, isNotFound } from '../../../machinery/status.ts';
import { deploymentApi, replicaSetApi, type SyncContext } from './sync-context.ts';

export function controllerRef(obj: { metadata: { ownerReferences?: unknown[] } }): OwnerReference | undefined {
  return (obj.metadata.ownerReferences as OwnerReference[] | undefined)?.find((r) => r.controller === true);
}

/** The sets the deployment owns after adopting and releasing; errors are gathered and thrown at the end. */
export async function claimReplicaSets(ctx: SyncContext, d: Deployment, sets: readonly ReplicaSet[]): Promise<ReplicaSet[]> {
  const selector = d.spec?.selector ?? undefined;
  const match = (rs: ReplicaSet) => labelSelectorMatches(selector, rs.metadata.labels);
  let adoptionChecked: Promise<void> | undefined;
  const canAdopt = () => (adoptionChecked ??= recheckDeployment(ctx, d));
  const claimed: ReplicaSet[] = [];
  const errors: Error[] = [];
  for (const rs of sets) {
    try {
      if (await claim(ctx, d, rs, match, canAdopt)) claimed.push(rs);
    } catch (err) {
      errors.push(err as Error);
    }
  }
  if (errors.length === 1) throw errors[0];
  if (errors.length > 1) throw new Error(`[${errors.map((e) => e.message).join(', ')}]`);
  return claimed;
}

async function claim(ctx: SyncContext, d: Deployment, rs: ReplicaSet, match: (rs: ReplicaSet) => boolean, canAdopt: () => Promise<void>): Promise<boolean> {
  const ref = controllerRef(rs);
  const api = replicaSetApi(ctx, rs.metadata.namespace);
  if (ref) {
    if (ref.uid !== d.metadata.uid) return false;
    if (match(rs)) return true;
    if (d.metadata.deletionTimestamp) return false;
    try {
      await api.patch(rs.metadata.name ?? '', 'application/strategic-merge-patch+json', {
        metadata: { ownerReferences: [{ $patch: 'delete', uid: d.metadata.uid }], uid: rs.metadata.uid },
      }, {}, ctx.signal);
    } catch (err) {
      // Gone, or no longer ours (the uid precondition fails): either way released.
      if (!isNotFound(err) && !isInvalid(err)) throw err;
    }
    return false;
  }
  if (d.metadata.deletionTimestamp || !match(rs) || rs.metadata.deletionTimestamp) return false;
  if (rs.metadata.namespace !== d.metadata.namespace) return false;
  try {
    await canAdopt();
    await api.patch(rs.metadata.name ?? '', 'application/strategic-merge-patch+json', {
      metadata: {
        ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: d.metadata.name, uid: d.metadata.uid, controller: true, blockOwnerDeletion: true }],
        uid: rs.metadata.uid,
      },
    }, {}, ctx.signal);
  } catch (err) {
    if (isNotFound(err)) return false;
    throw err;
  }
  return true;
}

/** RecheckDeletionTimestamp over a live GET: the deployment is the same one and not being deleted. */
async function recheckDeployment(ctx: SyncContext, d: Deployment): Promise<void> {
  const fresh = await deploymentApi(ctx, d.metadata.namespace).get(d.metadata.name ?? '', ctx.signal);
  if (fresh.metadata.uid !== d.metadata.uid) {
    throw new Error(`original Deployment ${d.metadata.namespace}/${d.metadata.name} is gone: got uid ${fresh.metadata.uid}, wanted ${d.metadata.uid}`);
  }
  if (fresh.metadata.deletionTimestamp) {
    throw new Error(`${d.metadata.namespace}/${d.metadata.name} has just been deleted at ${fresh.metadata.deletionTimestamp}`);
  }
}

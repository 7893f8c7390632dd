// The deployment's new replica set, as Kubernetes' getNewReplicaSet finds or makes it. An
// existing one gets the deployment's annotations, the next revision (the highest old revision
// plus one) and its minReadySeconds, and the deployment takes its revision. A missing one is
// created, when asked, as `<deployment>-<pod-template-hash>`: the hash (with the collision count)
// labels its selector, template and pods, and it starts at the size the strategy allows. A
// create that meets a set of that name not made from this template is a hash collision: the
// collision count goes up and the next sync tries another name.
import type { Deployment, ReplicaSet } from '../../../api/apps/v1/types.ts';
import type { LabelSelector } from '../../../api/meta/v1/types.ts';
import { computeHash } from '../../../machinery/hash/pod-template-hash.ts';
import { hasStatusCause, isAlreadyExists } from '../../../machinery/status.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import { REVISION_ANNOTATION, maxRevision, setDeploymentRevision, setNewReplicaSetAnnotations } from './annotations.ts';
import { PROGRESSING, REASONS, getCondition, newCondition, setCondition } from './conditions.ts';
import { hasProgressDeadline, maxSurge, newRSNewReplicas } from './replica-math.ts';
import { POD_TEMPLATE_HASH_LABEL, equalIgnoreHash, findNewReplicaSet, findOldReplicaSets } from './replica-set-lists.ts';
import { recordEvent, replicaSetApi, typedReplicaSet, updateDeploymentStatus, updateReplicaSet, type SyncContext } from './sync-context.ts';

const log = klog('controllermanager/deployment');

export interface AllReplicaSets {
  newRS: ReplicaSet | undefined;
  oldSets: ReplicaSet[];
}

/** The new set (synced, or created when `create`) and every old one. */
export async function getAllReplicaSetsAndSyncRevision(ctx: SyncContext, d: Deployment, sets: readonly ReplicaSet[], create: boolean): Promise<AllReplicaSets> {
  const oldSets = findOldReplicaSets(d, sets).all;
  const newRS = await getNewReplicaSet(ctx, d, sets, oldSets, create);
  return { newRS, oldSets };
}

function selectorWithHash(selector: LabelSelector | null | undefined, hash: string): LabelSelector {
  const copy: LabelSelector = structuredClone(selector ?? {});
  copy.matchLabels = { ...(copy.matchLabels ?? {}), [POD_TEMPLATE_HASH_LABEL]: hash };
  return copy;
}

function controllerRefOf(obj: { metadata: { ownerReferences?: unknown[] } }): { uid?: string } | undefined {
  return (obj.metadata.ownerReferences as Array<{ controller?: boolean; uid?: string }> | undefined)?.find((r) => r.controller === true);
}

export async function getNewReplicaSet(ctx: SyncContext, d: Deployment, sets: readonly ReplicaSet[], oldSets: readonly ReplicaSet[], create: boolean): Promise<ReplicaSet | undefined> {
  const existing = findNewReplicaSet(d, sets);
  const newRevision = String(maxRevision(oldSets) + 1);
  const now = ctx.clock.now();
  if (existing) {
    const copy = structuredClone(existing);
    const annotationsUpdated = setNewReplicaSetAnnotations(d, copy, newRevision, true, maxSurge(d));
    const minReadySeconds = d.spec?.minReadySeconds ?? 0;
    if (annotationsUpdated || (copy.spec?.minReadySeconds ?? 0) !== minReadySeconds) {
      (copy.spec ??= {}).minReadySeconds = minReadySeconds;
      return updateReplicaSet(ctx, copy);
    }
    // The set's own revision is the one to trust: the deployment's may not have been written.
    let needsUpdate = setDeploymentRevision(d, copy.metadata.annotations?.[REVISION_ANNOTATION] ?? '');
    if (hasProgressDeadline(d) && !getCondition(d.status, PROGRESSING)) {
      setCondition((d.status ??= {}), newCondition(PROGRESSING, 'True', REASONS.foundNewRS, `Found new replica set "${copy.metadata.name}"`, now));
      needsUpdate = true;
    }
    if (needsUpdate) await updateDeploymentStatus(ctx, d);
    return copy;
  }
  if (!create) return undefined;

  const template = structuredClone(d.spec?.template ?? {});
  const hash = computeHash(template, d.status?.collisionCount);
  template.metadata = { ...(template.metadata ?? {}), labels: { ...(d.spec?.template?.metadata?.labels ?? {}), [POD_TEMPLATE_HASH_LABEL]: hash } };
  const newRS: ReplicaSet = {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: {
      name: `${d.metadata.name}-${hash}`,
      namespace: d.metadata.namespace,
      ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: d.metadata.name, uid: d.metadata.uid, controller: true, blockOwnerDeletion: true }],
      labels: { ...template.metadata.labels },
    },
    spec: { replicas: 0, minReadySeconds: d.spec?.minReadySeconds ?? 0, selector: selectorWithHash(d.spec?.selector, hash), template },
  };
  const replicas = newRSNewReplicas(d, [...oldSets, newRS], newRS);
  newRS.spec!.replicas = replicas;
  setNewReplicaSetAnnotations(d, newRS, newRevision, false, maxSurge(d));

  let created: ReplicaSet;
  let alreadyExists = false;
  try {
    created = await replicaSetApi(ctx, d.metadata.namespace).create(typedReplicaSet(newRS), ctx.signal);
  } catch (err) {
    if (isAlreadyExists(err)) {
      alreadyExists = true;
      const rs = ctx.replicaSetCache.get(`${d.metadata.namespace}/${newRS.metadata.name}`);
      if (!rs) throw err;
      // A set of this name made from this deployment's template is the new set, seen late.
      if (controllerRefOf(rs)?.uid === d.metadata.uid && equalIgnoreHash(d.spec?.template, rs.spec?.template)) {
        created = rs;
      } else {
        const status = (d.status ??= {});
        const before = status.collisionCount ?? 0;
        status.collisionCount = before + 1;
        try {
          await updateDeploymentStatus(ctx, d);
          log.info('Found a hash collision for deployment - bumping collisionCount to resolve it', { deployment: `${d.metadata.namespace}/${d.metadata.name}`, oldCollisionCount: before, newCollisionCount: status.collisionCount }, 2);
        } catch {
          // The original error requeues the deployment either way.
        }
        throw err;
      }
    } else if (hasStatusCause(err, 'NamespaceTerminating')) {
      throw err;
    } else {
      const msg = `Failed to create new replica set "${newRS.metadata.name}": ${(err as Error).message}`;
      if (hasProgressDeadline(d)) {
        setCondition((d.status ??= {}), newCondition(PROGRESSING, 'False', REASONS.failedRSCreate, msg, now));
        await updateDeploymentStatus(ctx, d).catch(() => undefined);
      }
      recordEvent(ctx, d, 'Warning', REASONS.failedRSCreate, 'CreateReplicaSet', msg);
      throw err;
    }
  }
  if (!alreadyExists && replicas > 0) {
    recordEvent(ctx, d, 'Normal', 'ScalingReplicaSet', 'Scaling', `Scaled up replica set ${created.metadata.name} from 0 to ${replicas}`);
  }
  let needsUpdate = setDeploymentRevision(d, newRevision);
  if (!alreadyExists && hasProgressDeadline(d)) {
    setCondition((d.status ??= {}), newCondition(PROGRESSING, 'True', REASONS.newReplicaSet, `Created new replica set "${created.metadata.name}"`, now));
    needsUpdate = true;
  }
  if (needsUpdate) await updateDeploymentStatus(ctx, d);
  return created;
}

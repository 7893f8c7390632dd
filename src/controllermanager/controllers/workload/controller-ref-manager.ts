// Claiming pods, as Kubernetes' PodControllerRefManager does: of the pods a sync looks at, an
// owner keeps those it controls that its selector still matches, releases those it controls that
// the selector no longer matches (unless it is itself being deleted), and adopts orphans in its
// namespace that match (unless it or the pod is being deleted). Adoption first rereads the owner
// from the server once per sync, so an owner deleted a moment ago adopts nothing. Adopting and
// releasing are strategic merge patches of ownerReferences that name the pod's uid, so a pod
// deleted and made again under the same name is never touched.
import type { OwnerReference } from '../../../api/meta/v1/types.ts';
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import { isInvalid, isNotFound } from '../../../machinery/status.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import type { PodControl } from './pod-control.ts';
import { controllerRefOf } from './pod-state.ts';

const log = klog('controllermanager/controllerref');

export interface ClaimingOwner {
  apiVersion: string;
  kind: string;
  metadata: { name?: string; namespace?: string; uid?: string; deletionTimestamp?: string | null };
}

/** The controller reference an owner puts on its pods. */
export function newControllerRef(owner: ClaimingOwner): OwnerReference {
  return {
    apiVersion: owner.apiVersion,
    kind: owner.kind,
    name: owner.metadata.name ?? '',
    uid: owner.metadata.uid ?? '',
    controller: true,
    blockOwnerDeletion: true,
  };
}

/** The patch that makes `owner` a pod's controller (adding the owner's finalizers, if any). */
export function adoptPatch(owner: ClaimingOwner, podUid: string, finalizers: readonly string[] = []): unknown {
  return { metadata: { ownerReferences: [newControllerRef(owner)], uid: podUid, ...(finalizers.length ? { finalizers: [...finalizers] } : {}) } };
}

/** The patch that removes `ownerUid` from a pod's owner references (and the owner's finalizers, if any). */
export function releasePatch(ownerUid: string, podUid: string, finalizers: readonly string[] = []): unknown {
  const dropFinalizers = finalizers.length ? { '$deleteFromPrimitiveList/finalizers': [...finalizers] } : {};
  return { metadata: { ownerReferences: [{ $patch: 'delete', uid: ownerUid }], uid: podUid, ...dropFinalizers } };
}

/** Checks once per claim that the owner may adopt: it still exists with its uid and is not being deleted. */
export type CanAdopt = () => Promise<void>;

/** A CanAdopt that rereads the owner from the server (uncached) at most once. */
export function recheckDeletionTimestamp(readFresh: () => Promise<ClaimingOwner>): CanAdopt {
  let outcome: Promise<void> | undefined;
  return () => {
    outcome ??= (async () => {
      let fresh: ClaimingOwner;
      try {
        fresh = await readFresh();
      } catch (err) {
        throw new Error(`can't recheck DeletionTimestamp: ${(err as Error).message}`);
      }
      if (fresh.metadata.deletionTimestamp) {
        throw new Error(`${fresh.metadata.namespace}/${fresh.metadata.name} has just been deleted at ${fresh.metadata.deletionTimestamp}`);
      }
    })();
    return outcome;
  };
}

export interface ClaimOptions {
  owner: ClaimingOwner;
  /** Whether the owner's selector matches the pod's labels. */
  matches: (pod: Pod) => boolean;
  podControl: PodControl;
  canAdopt: CanAdopt;
  /** Finalizers an adopted pod gets and a released one loses (the job controller's tracking finalizer). */
  finalizers?: readonly string[];
}

/** The pods the owner controls after claiming; throws the collected errors once every pod is tried. */
export async function claimPods(pods: readonly Pod[], opts: ClaimOptions): Promise<Pod[]> {
  const claimed: Pod[] = [];
  const errors: Error[] = [];
  for (const pod of pods) {
    try {
      if (await claimPod(pod, opts)) claimed.push(pod);
    } catch (err) {
      errors.push(err as Error);
    }
  }
  if (errors.length === 1) throw errors[0];
  if (errors.length > 1) throw new Error(`[${errors.map((e) => e.message).join(', ')}]`);
  return claimed;
}

async function claimPod(pod: Pod, { owner, matches, podControl, canAdopt, finalizers }: ClaimOptions): Promise<boolean> {
  const ns = pod.metadata.namespace ?? '';
  const name = pod.metadata.name ?? '';
  const podUid = pod.metadata.uid ?? '';
  const ref = controllerRefOf(pod);
  if (ref) {
    if (ref.uid !== owner.metadata.uid) return false;
    if (matches(pod)) return true;
    // Ours, but the selector no longer matches: let it go, unless we are going ourselves.
    if (owner.metadata.deletionTimestamp) return false;
    log.info('Patching pod to remove its controllerRef', { pod: `${ns}/${name}`, kind: owner.kind, controller: owner.metadata.name }, 2);
    try {
      await podControl.patchPod(ns, name, releasePatch(owner.metadata.uid ?? '', podUid, finalizers));
    } catch (err) {
      // Gone, or no longer carrying our reference (a pod of the same name made again): nothing to release.
      if (!isNotFound(err) && !isInvalid(err)) throw err;
    }
    return false;
  }
  if (owner.metadata.deletionTimestamp || !matches(pod)) return false;
  if (pod.metadata.deletionTimestamp) return false;
  if (owner.metadata.namespace && owner.metadata.namespace !== ns) return false;
  try {
    await canAdopt();
  } catch (err) {
    throw new Error(`can't adopt Pod ${ns}/${name} (${podUid}): ${(err as Error).message}`);
  }
  log.info('Adopting pod', { pod: `${ns}/${name}`, kind: owner.kind, controller: owner.metadata.name }, 2);
  try {
    await podControl.patchPod(ns, name, adoptPatch(owner, podUid, finalizers));
  } catch (err) {
    if (isNotFound(err)) return false;
    throw err;
  }
  return true;
}

// Which pods hold a PersistentVolumeClaim, as Kubernetes' pvc-protection controller decides it: a
// pod scheduled to a node that names the claim in a persistentVolumeClaim volume, or whose generic
// ephemeral volume made the claim (`<pod>-<volume>`, controlled by the pod) unless the pod is shut
// down (deleted with no grace left). A pod not yet scheduled never holds a claim: the node agent
// refuses to start a pod whose claim is being deleted. The phase is not looked at: Kubernetes
// keeps a claim while even a finished pod still names it.
import type { Pod } from '../../../../api/core/v1/pod-types.ts';
import type { PersistentVolumeClaim, Volume } from '../../../../api/core/v1/volume-types.ts';
import type { OwnerReference } from '../../../../api/meta/v1/types.ts';

/** The index of pods by the claims they name, `namespace/claim` (Kubernetes' PodPVCIndex). */
export const POD_CLAIM_INDEX = 'pod-pvc';

/** The claim a generic ephemeral volume of the pod is backed by. */
export const ephemeralClaimName = (pod: Pod, volume: Volume) => `${pod.metadata.name ?? ''}-${volume.name}`;

/** The claim a volume names or makes, or undefined for other volumes. */
function claimOf(pod: Pod, volume: Volume): string | undefined {
  if (volume.persistentVolumeClaim) return volume.persistentVolumeClaim.claimName;
  if (volume.ephemeral) return ephemeralClaimName(pod, volume);
  return undefined;
}

/** The `namespace/claim` keys a pod's volumes name. */
export function podClaimKeys(pod: Pod): string[] {
  const namespace = pod.metadata.namespace ?? '';
  const keys: string[] = [];
  for (const volume of pod.spec?.volumes ?? []) {
    const claim = claimOf(pod, volume);
    if (claim) keys.push(`${namespace}/${claim}`);
  }
  return keys;
}

/** Deleted with a zero grace period: the node agent is done with it, or it was force-deleted. */
export function podIsShutDown(pod: Pod): boolean {
  return Boolean(pod.metadata.deletionTimestamp) && pod.metadata.deletionGracePeriodSeconds === 0;
}

/** The claim is controlled by the pod (the ephemeral volume's claim, not a same-named one). */
function claimIsForPod(pod: Pod, claim: PersistentVolumeClaim): boolean {
  if (claim.metadata.namespace !== pod.metadata.namespace) return false;
  const owners = (claim.metadata.ownerReferences ?? []) as OwnerReference[];
  const controller = owners.find((o) => o.controller === true);
  return Boolean(controller && pod.metadata.uid && controller.uid === pod.metadata.uid);
}

export function podUsesClaim(pod: Pod, claim: PersistentVolumeClaim): boolean {
  if (!pod.spec?.nodeName) return false;
  const name = claim.metadata.name;
  return (pod.spec.volumes ?? []).some((volume) => {
    if (volume.persistentVolumeClaim) return volume.persistentVolumeClaim.claimName === name;
    return Boolean(volume.ephemeral) && !podIsShutDown(pod) && ephemeralClaimName(pod, volume) === name && claimIsForPod(pod, claim);
  });
}

/** No container runs: each has terminated or is waiting (an empty list counts as none running). */
function noContainerRunning(pod: Pod): boolean {
  return (pod.status?.containerStatuses ?? []).every((s) => s.state?.terminated != null || s.state?.waiting != null);
}

/** Kubernetes' IsPodTerminated: finished, or being deleted with nothing running any more. */
export function podIsTerminated(pod: Pod): boolean {
  const phase = pod.status?.phase;
  if (phase === 'Failed' || phase === 'Succeeded') return true;
  return Boolean(pod.metadata.deletionTimestamp) && noContainerRunning(pod);
}

/**
 * Whether a pod event may let a claim go, so its claims are looked at again: the pod is gone,
 * terminated, or not scheduled. A running scheduled pod only holds its claims.
 */
export function podEventMayReleaseClaims(pod: Pod, deleted: boolean): boolean {
  return deleted || podIsTerminated(pod) || !pod.spec?.nodeName;
}

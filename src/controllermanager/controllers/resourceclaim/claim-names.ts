// Which ResourceClaim a pod's claim entry means, and the small rules around it, as Kubernetes'
// resourceclaim helpers decide them: a named claim is used as it is; a claim from a template is
// the one pod.status.resourceClaimStatuses records, which must be controlled by the pod. Generated
// claims are named `<pod>-<claim>-` plus five random characters, both parts shortened in
// proportion when the whole would pass 63 characters.
import type { Pod, PodResourceClaim } from '../../../api/core/v1/pod-types.ts';
import type { ResourceClaim } from '../../../api/resource/v1/types.ts';
import type { OwnerReference } from '../../../api/meta/v1/types.ts';

function ownerRefs(claim: ResourceClaim): OwnerReference[] {
  return (claim.metadata.ownerReferences ?? []) as OwnerReference[];
}

/** The annotation a generated claim carries: the pod's claim entry it was made for. */
export const POD_CLAIM_NAME_ANNOTATION = 'resource.orch.io/pod-claim-name';
/** The finalizer the scheduler puts on claims it allocates; the controller lifts it once unused. */
export const DELETE_PROTECTION_FINALIZER = 'resource.orch.io/delete-protection';
/** At most this many consumers may reserve one claim. */
export const RESERVED_FOR_MAX = 256;
const MAX_BASE_LEN = 57;

export type ClaimName =
  | { kind: 'name'; name: string; checkOwner: boolean }
  /** The status says no claim is needed for this entry. */
  | { kind: 'not-needed' }
  /** A template entry without a status entry yet: the claim is still to be made. */
  | { kind: 'not-created' }
  | { kind: 'unsupported' };

export function claimNameFor(pod: Pod, podClaim: PodResourceClaim): ClaimName {
  if (podClaim.resourceClaimName) return { kind: 'name', name: podClaim.resourceClaimName, checkOwner: false };
  if (!podClaim.resourceClaimTemplateName) return { kind: 'unsupported' };
  const status = (pod.status?.resourceClaimStatuses ?? []).find((s) => s.name === podClaim.name);
  if (!status) return { kind: 'not-created' };
  return status.resourceClaimName ? { kind: 'name', name: status.resourceClaimName, checkOwner: true } : { kind: 'not-needed' };
}

export function isControlledBy(claim: ResourceClaim, pod: Pod): boolean {
  return ownerRefs(claim).some((r) => r.controller === true && r.uid === pod.metadata.uid);
}

/** Kubernetes' error when a claim named in the status belongs to another pod. */
export function notForPodError(claim: ResourceClaim, pod: Pod): Error {
  return new Error(`ResourceClaim ${claim.metadata.namespace}/${claim.metadata.name} was not created for pod ${pod.metadata.namespace}/${pod.metadata.name} (pod is not owner)`);
}

export function isReservedForPod(pod: Pod, claim: ResourceClaim): boolean {
  return (claim.status?.reservedFor ?? []).some((r) => r.uid === pod.metadata.uid);
}

export function canBeReserved(claim: ResourceClaim): boolean {
  return (claim.status?.reservedFor ?? []).length < RESERVED_FOR_MAX;
}

/** The pod will not run (again): finished, or deleted before it was scheduled. */
export function isPodDone(pod: Pod): boolean {
  const phase = pod.status?.phase;
  return phase === 'Succeeded' || phase === 'Failed' || (!!pod.metadata.deletionTimestamp && !pod.spec?.nodeName);
}

export function generateNameFor(podName: string, claimName: string): string {
  const base = `${podName}-${claimName}-`;
  if (base.length <= MAX_BASE_LEN) return base;
  return `${podName.slice(0, Math.floor((podName.length * MAX_BASE_LEN) / base.length))}-${claimName.slice(0, Math.floor((claimName.length * MAX_BASE_LEN) / base.length))}`;
}

/** The pod a claim was generated for (its controller owner of kind Pod), if any. */
export function owningPod(claim: ResourceClaim): { name: string; uid: string } | undefined {
  const ref = ownerRefs(claim).find((r) => r.controller === true && r.apiVersion === 'v1' && r.kind === 'Pod');
  return ref ? { name: ref.name, uid: ref.uid } : undefined;
}

// NodeRestriction for the other objects a node writes: a claim's resize status and nothing else of
// it, tokens only for its own pods (bound to the pod, with its uid, for an audience the pod uses
// or one the node is authorized for), and its own Lease, CSINode and ResourceSlices.
import type { Pod } from '../../../../api/core/v1/pod-types.ts';
import type { PersistentVolumeClaim } from '../../../../api/core/v1/volume-types.ts';
import type { TokenRequest } from '../../../../api/authentication/v1/token-request-types.ts';
import type { Authorizer } from '../../../../machinery/authorization/types.ts';
import { deepEqual } from '../../../../machinery/validation/immutable.ts';
import { admissionForbidden } from '../../forbidden.ts';
import type { StoredObjects } from '../../stored-objects.ts';
import type { AdmissionAttributes } from '../../types.ts';
import { NODE_LEASE_NAMESPACE } from '../../../authorization/node/authorizer.ts';
import { existingPod } from './pods.ts';

/** A claim as compared for a status update: what a node may change taken out. */
function comparableClaim(claim: PersistentVolumeClaim | undefined): object {
  const { resourceVersion: _rv, managedFields: _mf, ...metadata } = claim?.metadata ?? {};
  const { capacity: _c, conditions: _co, allocatedResources: _ar, allocatedResourceStatuses: _ars, ...status } = (claim?.status ?? {}) as Record<string, unknown>;
  return { ...claim, metadata, status };
}

export function admitClaimStatus(attrs: AdmissionAttributes, node: string): void {
  if (attrs.operation !== 'UPDATE') throw admissionForbidden(attrs, `unexpected operation "${attrs.operation}"`);
  if (!deepEqual(comparableClaim(attrs.oldObject as PersistentVolumeClaim), comparableClaim(attrs.object as PersistentVolumeClaim))) {
    throw admissionForbidden(attrs, `node "${node}" is not allowed to update fields other than status.quantity and status.conditions`);
  }
}

/** The pod uses this audience in a projected service account token. */
function podUsesAudience(pod: Pod, audience: string): boolean {
  return (pod.spec?.volumes ?? []).some((v) => (v.projected?.sources ?? []).some((s) => s.serviceAccountToken && (s.serviceAccountToken.audience ?? '') === audience));
}

export async function admitServiceAccountToken(attrs: AdmissionAttributes, node: string, objects: StoredObjects | undefined, authorizer: Authorizer | undefined): Promise<void> {
  if (attrs.operation !== 'CREATE' || attrs.subresource !== 'token') return;
  const request = attrs.object as unknown as TokenRequest;
  const ref = request.spec?.boundObjectRef;
  if (!ref || ref.apiVersion !== 'v1' || ref.kind !== 'Pod' || !ref.name) throw admissionForbidden(attrs, 'node requested token not bound to a pod');
  if (!ref.uid) throw admissionForbidden(attrs, 'node requested token with a pod binding without a uid');
  const pod = await existingPod(objects, attrs.namespace, ref.name);
  if (ref.uid !== pod.metadata.uid) {
    throw admissionForbidden(attrs, `the UID in the bound object reference (${ref.uid}) does not match the UID in record. The object might have been deleted and then recreated`);
  }
  if (pod.spec?.nodeName !== node) throw admissionForbidden(attrs, 'node requested token bound to a pod scheduled on a different node');
  const audiences = request.spec.audiences ?? [];
  if (audiences.length > 1) throw admissionForbidden(attrs, 'node may only request 0 or 1 audiences');
  const audience = audiences[0] ?? '';
  if (podUsesAudience(pod, audience)) return;
  const user = attrs.userInfo!;
  const decision = await authorizer?.authorize({
    user,
    verb: 'request-serviceaccounts-token-audience',
    isResourceRequest: true,
    path: '',
    namespace: attrs.namespace,
    apiGroup: '',
    apiVersion: 'v1',
    resource: audience,
    subresource: '',
    name: attrs.name,
  });
  if (decision?.decision === 'allow') return;
  throw admissionForbidden(attrs, `audience "${audience}" not found in pod spec volume, ${user.name} is not authorized to request tokens for this audience`);
}

export function admitLease(attrs: AdmissionAttributes, node: string): void {
  if (attrs.namespace !== NODE_LEASE_NAMESPACE) throw admissionForbidden(attrs, `can only access leases in the "${NODE_LEASE_NAMESPACE}" system namespace`);
  const name = attrs.operation === 'CREATE' ? attrs.object?.metadata?.name : attrs.name;
  if (name !== node) throw admissionForbidden(attrs, 'can only access node lease with the same name as the requesting node');
}

export function admitCSINode(attrs: AdmissionAttributes, node: string): void {
  const name = attrs.operation === 'CREATE' ? attrs.object?.metadata?.name : attrs.name;
  if (name !== node) throw admissionForbidden(attrs, 'can only access CSINode with the same name as the requesting node');
}

export function admitResourceSlice(attrs: AdmissionAttributes, node: string): void {
  const nodeOf = (o: unknown) => ((o as { spec?: { nodeName?: string } } | undefined)?.spec?.nodeName ?? '');
  if (attrs.operation === 'CREATE' && nodeOf(attrs.object) !== node) throw admissionForbidden(attrs, 'can only create ResourceSlice with the same NodeName as the requesting node');
  if (attrs.operation === 'DELETE' && nodeOf(attrs.oldObject) !== node) throw admissionForbidden(attrs, 'can only delete ResourceSlice with the same NodeName as the requesting node');
}

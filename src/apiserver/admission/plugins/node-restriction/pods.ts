// What NodeRestriction lets a node do to pods: create only its own mirror pods (annotated, bound
// to it, owned by its Node as controller, naming no other API object), delete and evict only
// pods bound to it, and update only the status of those, without touching labels or resource
// claim statuses.
import type { Pod } from '../../../../api/core/v1/pod-types.ts';
import { notFound } from '../../../../machinery/status.ts';
import { deepEqual } from '../../../../machinery/validation/immutable.ts';
import { admissionForbidden } from '../../forbidden.ts';
import type { StoredObjects } from '../../stored-objects.ts';
import type { AdmissionAttributes } from '../../types.ts';
import { MIRROR_POD_ANNOTATION } from '../../../registry/core/pods/validation/pod.ts';
import { podConfigMapNames, podSecretNames } from '../../../authorization/node/pod-references.ts';

interface OwnerReference {
  apiVersion?: string;
  kind?: string;
  name?: string;
  uid?: string;
  controller?: boolean;
  blockOwnerDeletion?: boolean;
}

const PODS = { group: '', resource: 'pods' };

/** The stored pod a request is about; a missing one is the 404 the pods lister gives. */
export async function existingPod(objects: StoredObjects | undefined, namespace: string, name: string): Promise<Pod> {
  const pod = await objects?.get<Pod>('', 'pods', namespace, name);
  if (!pod) throw notFound(PODS, name);
  return pod;
}

/** The first kind of API object a would-be mirror pod refers to, as Kubernetes checks them. */
function referencedObjects(pod: Pod): string | undefined {
  if (pod.spec?.serviceAccountName) return 'a service account';
  if (podSecretNames(pod).length) return 'secrets';
  if (podConfigMapNames(pod).length) return 'configmaps';
  const volumes = pod.spec?.volumes ?? [];
  if (volumes.some((v) => (v.projected?.sources ?? []).some((s) => s.clusterTrustBundle))) return 'clustertrustbundles';
  if (volumes.some((v) => v.persistentVolumeClaim)) return 'persistentvolumeclaims';
  return undefined;
}

export async function admitPodCreate(attrs: AdmissionAttributes, node: string, objects: StoredObjects | undefined): Promise<void> {
  const pod = attrs.object as Pod;
  const refuse = (why: string) => admissionForbidden(attrs, why);
  if (pod.metadata.annotations?.[MIRROR_POD_ANNOTATION] === undefined) {
    throw refuse(`pod does not have "${MIRROR_POD_ANNOTATION}" annotation, node "${node}" can only create mirror pods`);
  }
  if (pod.spec?.nodeName !== node) throw refuse(`node "${node}" can only create pods with spec.nodeName set to itself`);
  const owners = (pod.metadata.ownerReferences ?? []) as OwnerReference[];
  if (owners.length > 1) throw refuse(`node "${node}" can only create pods with a single owner reference set to itself`);
  const owner = owners[0];
  if (!owner || owner.apiVersion !== 'v1' || owner.kind !== 'Node' || owner.name !== node) {
    throw refuse(`node "${node}" can only create pods with an owner reference set to itself`);
  }
  if (owner.controller !== true) throw refuse(`node "${node}" can only create pods with a controller owner reference set to itself`);
  if (owner.blockOwnerDeletion === true) throw refuse(`node "${node}" must not set blockOwnerDeletion on an owner reference`);
  const registered = await objects?.get('', 'nodes', '', node);
  if (!registered) throw notFound({ group: '', resource: 'nodes' }, node);
  if (owner.uid !== registered.metadata.uid) throw refuse(`node ${node} UID mismatch: expected ${owner.uid ?? ''} got ${registered.metadata.uid ?? ''}`);
  const referenced = referencedObjects(pod);
  if (referenced) throw refuse(`node "${node}" can not create pods that reference ${referenced}`);
}

export async function admitPodDelete(attrs: AdmissionAttributes, node: string, objects: StoredObjects | undefined): Promise<void> {
  const pod = (attrs.oldObject as Pod | undefined) ?? (await existingPod(objects, attrs.namespace, attrs.name));
  if (pod.spec?.nodeName !== node) throw admissionForbidden(attrs, `node "${node}" can only delete pods with spec.nodeName set to itself`);
}

function sameLabels(a: Record<string, string> = {}, b: Record<string, string> = {}): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => b[k] === a[k]);
}

function claimStatuses(pod: Pod | undefined): string {
  return JSON.stringify((pod?.status?.resourceClaimStatuses ?? []).map((s) => [s.name, s.resourceClaimName ?? null]));
}

export function admitPodStatus(attrs: AdmissionAttributes, node: string): void {
  if (attrs.operation !== 'UPDATE') throw admissionForbidden(attrs, `unexpected operation "${attrs.operation}"`);
  const old = attrs.oldObject as Pod | undefined;
  const pod = attrs.object as Pod | undefined;
  if (old?.spec?.nodeName !== node) throw admissionForbidden(attrs, `node "${node}" can only update pod status for pods with spec.nodeName set to itself`);
  if (!sameLabels(old.metadata.labels, pod?.metadata.labels)) throw admissionForbidden(attrs, `node "${node}" cannot update labels through pod status`);
  if (claimStatuses(old) !== claimStatuses(pod)) throw admissionForbidden(attrs, `node "${node}" cannot update resource claim statues`);
  if (!deepEqual(old.status?.extendedResourceClaimStatus ?? null, pod?.status?.extendedResourceClaimStatus ?? null)) {
    throw admissionForbidden(attrs, `node "${node}" cannot update extended resource claim status`);
  }
}

export async function admitPodEviction(attrs: AdmissionAttributes, node: string, objects: StoredObjects | undefined): Promise<void> {
  if (attrs.operation !== 'CREATE') throw admissionForbidden(attrs, `unexpected operation ${attrs.operation}`);
  const podName = attrs.name || attrs.object?.metadata?.name;
  if (!podName) throw admissionForbidden(attrs, 'could not determine pod from request data');
  const pod = await existingPod(objects, attrs.namespace, podName);
  if (pod.spec?.nodeName !== node) throw admissionForbidden(attrs, `node ${node} can only evict pods with spec.nodeName set to itself`);
}

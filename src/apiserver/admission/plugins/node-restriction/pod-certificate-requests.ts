// NodeRestriction for PodCertificateRequests, as Kubernetes 1.35 has it: a node may only create
// them, for a pod bound to itself that is no mirror pod, naming its own name and uid, the pod's
// uid and the pod's service account with its uid. A uid or object that does not match may be a
// stale read (the pod or node was just replaced), so those are internal errors a retry may cure;
// the rest is forbidden.
import type { Pod } from '../../../../api/core/v1/pod-types.ts';
import type { PodCertificateRequest } from '../../../../api/certificates/v1beta1/types.ts';
import type { ApiObject } from '../../../../api/meta/v1/types.ts';
import { internalError } from '../../../../machinery/status.ts';
import { admissionForbidden } from '../../forbidden.ts';
import { MIRROR_POD_ANNOTATION } from '../../../registry/core/pods/validation/pod.ts';
import type { StoredObjects } from '../../stored-objects.ts';
import type { AdmissionAttributes } from '../../types.ts';

export async function admitPodCertificateRequest(attrs: AdmissionAttributes, node: string, objects: StoredObjects | undefined): Promise<void> {
  if (attrs.operation !== 'CREATE') throw admissionForbidden(attrs, `unexpected operation ${attrs.operation}`);
  if (attrs.subresource) throw admissionForbidden(attrs, `unexpected subresource ${attrs.subresource}`);
  const spec = (attrs.object as unknown as PodCertificateRequest | undefined)?.spec;
  const ns = attrs.namespace;
  const podRef = `${ns}/${spec?.podName ?? ''}`;
  if (spec?.nodeName !== node) throw admissionForbidden(attrs, `PodCertificateRequest.Spec.NodeName=${JSON.stringify(spec?.nodeName ?? '')}, which is not the requesting node ${JSON.stringify(node)}`);
  const nodeObj = await objects?.get<ApiObject>('', 'nodes', '', spec.nodeName);
  if (!nodeObj) throw internalError(`while retrieving node ${JSON.stringify(spec.nodeName)} named in the PodCertificateRequest: node ${JSON.stringify(spec.nodeName)} not found`);
  if (nodeObj.metadata.uid !== spec.nodeUID) throw internalError(`PodCertificateRequest for pod ${JSON.stringify(podRef)} names node UID ${JSON.stringify(spec.nodeUID)}, inconsistent with the running node (${JSON.stringify(nodeObj.metadata.uid ?? '')})`);
  const pod = await objects?.get<Pod>('', 'pods', ns, spec.podName);
  if (!pod) throw internalError(`while retrieving pod ${JSON.stringify(podRef)} named in the PodCertificateRequest: pod ${JSON.stringify(spec.podName)} not found`);
  if (pod.metadata.uid !== spec.podUID) throw internalError(`PodCertificateRequest for pod ${JSON.stringify(podRef)} contains pod UID (${JSON.stringify(spec.podUID)}) which differs from running pod ${JSON.stringify(pod.metadata.uid ?? '')}`);
  if (pod.spec?.nodeName !== spec.nodeName) throw admissionForbidden(attrs, `pod ${JSON.stringify(podRef)} is not running on node ${JSON.stringify(spec.nodeName)} named in the PodCertificateRequest`);
  if (pod.metadata.annotations?.[MIRROR_POD_ANNOTATION] !== undefined) throw admissionForbidden(attrs, `pod ${JSON.stringify(podRef)} is a mirror pod`);
  const podAccount = pod.spec?.serviceAccountName ?? '';
  if (spec.serviceAccountName !== podAccount) {
    throw admissionForbidden(attrs, `PodCertificateRequest for pod ${JSON.stringify(podRef)} contains serviceAccountName (${JSON.stringify(spec.serviceAccountName)}) that differs from running pod (${JSON.stringify(podAccount)})`);
  }
  const accountRef = `${ns}/${spec.serviceAccountName}`;
  const account = await objects?.get<ApiObject>('', 'serviceaccounts', ns, spec.serviceAccountName);
  if (!account) throw internalError(`while retrieving service account ${JSON.stringify(accountRef)} named in the PodCertificateRequest: serviceaccount ${JSON.stringify(spec.serviceAccountName)} not found`);
  if (account.metadata.uid !== spec.serviceAccountUID) {
    throw internalError(`PodCertificateRequest for pod ${JSON.stringify(podRef)} names service account UID ${JSON.stringify(spec.serviceAccountUID)}, which differs from the running service account (${JSON.stringify(account.metadata.uid ?? '')})`);
  }
}

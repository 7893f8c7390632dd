// What each built-in signer accepts, as Kubernetes checks it before signing (and the approver
// before approving a node's client certificate). Node client requests: organization exactly
// system:nodes, common name system:node:<name>, no subject alternative names, usages digital
// signature + client auth with or without key encipherment. Node serving requests: the same
// subject, at least one DNS or IP name and no email or URI names, usages digital signature +
// server auth with or without key encipherment. API server client requests: client auth, and
// besides it only digital signature and key encipherment. The legacy signer takes anything.
import {
  KUBE_APISERVER_CLIENT_KUBELET_SIGNER,
  KUBE_APISERVER_CLIENT_SIGNER,
  KUBELET_SERVING_SIGNER,
  LEGACY_UNKNOWN_SIGNER,
} from '../../../api/certificates/v1/types.ts';
import type { CertificateRequest } from './certificate-request.ts';

export type RequestSubject = Pick<CertificateRequest, 'organizations' | 'commonName' | 'dnsNames' | 'ipAddresses' | 'emailAddresses' | 'uris'>;

const NODES_GROUP = 'system:nodes';
const NODE_USER_PREFIX = 'system:node:';

/** The signers this controller manager signs for, in Kubernetes' start order. */
export const BUILT_IN_SIGNERS = [KUBELET_SERVING_SIGNER, KUBE_APISERVER_CLIENT_KUBELET_SIGNER, KUBE_APISERVER_CLIENT_SIGNER, LEGACY_UNKNOWN_SIGNER] as const;
export type BuiltInSigner = (typeof BUILT_IN_SIGNERS)[number];

const NODE_CLIENT_USAGES = ['client auth', 'digital signature', 'key encipherment'];
const NODE_CLIENT_USAGES_NO_RSA = ['client auth', 'digital signature'];
const NODE_SERVING_USAGES = ['digital signature', 'key encipherment', 'server auth'];
const NODE_SERVING_USAGES_NO_RSA = ['digital signature', 'server auth'];

function sameSet(usages: readonly string[], expected: readonly string[]): boolean {
  const set = new Set(usages);
  return set.size === expected.length && expected.every((u) => set.has(u));
}

/** Go's %v of a sorted string list. */
const goList = (values: readonly string[]) => `[${values.join(' ')}]`;

const onlyNodesOrganization = (req: RequestSubject) => req.organizations.length === 1 && req.organizations[0] === NODES_GROUP;

/** Why a request is not a node's client certificate request; undefined when it is one. */
export function nodeClientRequestError(req: RequestSubject, usages: readonly string[]): string | undefined {
  if (!onlyNodesOrganization(req)) return 'subject organization is not system:nodes';
  if (req.dnsNames.length) return 'DNS subjectAltNames are not allowed';
  if (req.emailAddresses.length) return 'Email subjectAltNames are not allowed';
  if (req.ipAddresses.length) return 'IP subjectAltNames are not allowed';
  if (req.uris.length) return 'URI subjectAltNames are not allowed';
  if (!req.commonName.startsWith(NODE_USER_PREFIX)) return 'subject common name does not begin with system:node:';
  if (!sameSet(usages, NODE_CLIENT_USAGES) && !sameSet(usages, NODE_CLIENT_USAGES_NO_RSA)) return `usages did not match ${goList(NODE_CLIENT_USAGES)}`;
  return undefined;
}

/** Why a request is not a node's serving certificate request; undefined when it is one. */
export function nodeServingRequestError(req: RequestSubject, usages: readonly string[]): string | undefined {
  if (!sameSet(usages, NODE_SERVING_USAGES) && !sameSet(usages, NODE_SERVING_USAGES_NO_RSA)) return `usages did not match ${goList(NODE_SERVING_USAGES)}`;
  if (!onlyNodesOrganization(req)) return 'subject organization is not system:nodes';
  if (!req.dnsNames.length && !req.ipAddresses.length) return 'DNS or IP subjectAltName is required';
  if (req.emailAddresses.length) return 'Email subjectAltNames are not allowed';
  if (req.uris.length) return 'URI subjectAltNames are not allowed';
  if (!req.commonName.startsWith(NODE_USER_PREFIX)) return 'subject common name does not begin with system:node:';
  return undefined;
}

/** Why usages do not fit an API server client certificate; undefined when they do. */
export function apiserverClientUsagesError(usages: readonly string[]): string | undefined {
  let clientAuth = false;
  for (const usage of usages) {
    if (usage === 'client auth') clientAuth = true;
    else if (usage !== 'digital signature' && usage !== 'key encipherment') return `invalid usage for client certificate: ${usage}`;
  }
  return clientAuth ? undefined : 'missing required usage for client certificate: client auth';
}

/** Why `signer` refuses the request (the CSR then fails with SignerValidationFailure); undefined to sign. */
export function signerRequestError(signer: BuiltInSigner, req: RequestSubject, usages: readonly string[]): string | undefined {
  switch (signer) {
    case KUBELET_SERVING_SIGNER:
      return nodeServingRequestError(req, usages);
    case KUBE_APISERVER_CLIENT_KUBELET_SIGNER:
      return nodeClientRequestError(req, usages);
    case KUBE_APISERVER_CLIENT_SIGNER:
      return apiserverClientUsagesError(usages);
    case LEGACY_UNKNOWN_SIGNER:
      return undefined;
  }
}

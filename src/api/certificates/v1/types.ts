// certificates.orch.io/v1 CertificateSigningRequest, as JSON on the wire: request and
// certificate are PEM text base64-encoded ([]byte in Go).
import type { ObjectMeta } from '../../meta/v1/types.ts';

export const CERTIFICATES_GROUP = 'certificates.orch.io';

/** The signers orch's own components know (Kubernetes' kubernetes.io/... names, brand swapped). */
export const KUBE_APISERVER_CLIENT_SIGNER = 'orch.io/kube-apiserver-client';
export const KUBE_APISERVER_CLIENT_KUBELET_SIGNER = 'orch.io/kube-apiserver-client-kubelet';
export const KUBELET_SERVING_SIGNER = 'orch.io/kubelet-serving';
/** Requests made through the removed v1beta1 API without a signer; not accepted for new ones. */
export const LEGACY_UNKNOWN_SIGNER = 'orch.io/legacy-unknown';

export interface CertificateSigningRequestSpec {
  request: string;
  signerName: string;
  expirationSeconds?: number;
  usages?: string[];
  username?: string;
  uid?: string;
  groups?: string[];
  extra?: Record<string, string[]>;
}

export interface CertificateSigningRequestCondition {
  type: string;
  status: string;
  reason?: string;
  message?: string;
  lastUpdateTime?: string | null;
  lastTransitionTime?: string | null;
}

export interface CertificateSigningRequestStatus {
  conditions?: CertificateSigningRequestCondition[];
  certificate?: string;
}

export interface CertificateSigningRequest {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec: CertificateSigningRequestSpec;
  status?: CertificateSigningRequestStatus;
  [field: string]: unknown;
}

// certificates.orch.io/v1beta1 ClusterTrustBundle and PodCertificateRequest, as JSON on the wire
// ([]byte fields are base64 text).
import type { ObjectMeta } from '../../meta/v1/types.ts';
import type { MetaCondition } from '../../meta/v1/types.ts';

export interface ClusterTrustBundleSpec {
  signerName?: string;
  trustBundle: string;
}

export interface ClusterTrustBundle {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec: ClusterTrustBundleSpec;
  [field: string]: unknown;
}

export const PCR_ISSUED = 'Issued';
export const PCR_DENIED = 'Denied';
export const PCR_FAILED = 'Failed';

export interface PodCertificateRequestSpec {
  signerName: string;
  podName: string;
  podUID: string;
  serviceAccountName: string;
  serviceAccountUID: string;
  nodeName: string;
  nodeUID: string;
  maxExpirationSeconds?: number;
  pkixPublicKey: string;
  proofOfPossession: string;
  unverifiedUserAnnotations?: Record<string, string>;
}

export interface PodCertificateRequestStatus {
  conditions?: MetaCondition[];
  certificateChain?: string;
  notBefore?: string;
  beginRefreshAt?: string;
  notAfter?: string;
}

export interface PodCertificateRequest {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec: PodCertificateRequestSpec;
  status?: PodCertificateRequestStatus;
  [field: string]: unknown;
}

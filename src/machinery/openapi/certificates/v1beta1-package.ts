// certificates.v1beta1's types served by this server, as Go structs (see ../go-structs.ts):
// ClusterTrustBundle and PodCertificateRequest, beta in Kubernetes 1.35 and off unless
// --runtime-config turns them on (each behind its feature gate as well).
// Field numbers and tags are Kubernetes' (k8s.io/api certificates/v1beta1); descriptions are our own.
import type { GoPackage } from '../go-structs.ts';

export const certificatesV1beta1Package: GoPackage = {
  prefix: 'io.orch.api.certificates.v1beta1',
  goPackage: 'v1beta1',
  structs: {
    ClusterTrustBundle: {
      doc: 'A cluster-wide set of X.509 trust anchors (root certificates), optionally those of one signer; readable by every authenticated user, and mountable into pods through clusterTrustBundle projections.',
      kind: { group: 'certificates.orch.io', version: 'v1beta1', kind: 'ClusterTrustBundle' },
      listDoc: 'A list of cluster trust bundles.',
      fields: [
        ['metadata,omitempty', 1, 'meta.ObjectMeta', 'Standard object metadata.'],
        ['spec', 2, 'ClusterTrustBundleSpec', 'The signer, if any, and the trust anchors.'],
      ],
    },
    ClusterTrustBundleSpec: {
      doc: 'The signer of a trust bundle and its anchors.',
      fields: [
        ['signerName,omitempty', 1, 'string', 'The signer these anchors are for, if any; writing such a bundle needs the attest verb on certificates.orch.io signers for it, and its name must start with the signer name with slashes as colons (example.com:foo:...). Field selector spec.signerName. Immutable.'],
        ['trustBundle', 2, 'string', 'The anchors as PEM CERTIFICATE blocks without headers, each a CA certificate, none repeated, at most 1 MiB.'],
      ],
    },
    PodCertificateRequest: {
      doc: 'A node agent\'s request, on behalf of one of its pods, for a certificate from a signer for a key the agent holds; the signer answers through /status.',
      kind: { group: 'certificates.orch.io', version: 'v1beta1', kind: 'PodCertificateRequest' },
      listDoc: 'A list of pod certificate requests.',
      fields: [
        ['metadata,omitempty', 1, 'meta.ObjectMeta', 'Standard object metadata.'],
        ['spec', 2, 'PodCertificateRequestSpec', 'The signer, the pod, its service account and node, and the key; fixed once created.'],
        ['status,omitempty', 3, 'PodCertificateRequestStatus', 'The signer\'s answer: Issued with the certificate chain and its times, or Denied, or Failed.'],
      ],
    },
    PodCertificateRequestSpec: {
      doc: 'What a pod certificate request asks for, and for whom. Immutable.',
      fields: [
        ['signerName', 1, 'string', 'The signer asked (domain/path); signers under orch.io belong to orch and issue for at most 24 hours. Field selector spec.signerName.'],
        ['podName', 2, 'string', 'The pod the certificate is for. Field selector spec.podName.'],
        ['podUID', 3, 'string:UID', 'The uid of that pod.'],
        ['serviceAccountName', 4, 'string', 'The service account the pod runs as.'],
        ['serviceAccountUID', 5, 'string:UID', 'The uid of that service account.'],
        ['nodeName', 6, 'string:NodeName', 'The node the pod is bound to; a node may only ask for its own pods. Field selector spec.nodeName.'],
        ['nodeUID', 7, 'string:UID', 'The uid of that node.'],
        ['*maxExpirationSeconds,omitempty', 8, 'int32', 'The longest lifetime the certificate may have, in seconds: 86400 when left out, from 3600 to 7862400 (to 86400 for orch.io signers).', { default: 86400 }],
        ['pkixPublicKey', 9, '[]byte', 'The public key to certify, PKIX (SubjectPublicKeyInfo) DER: RSA of 3072 or 4096 bits, ECDSA on P-256, P-384 or P-521, or Ed25519; at most 10 KiB.'],
        ['proofOfPossession', 10, '[]byte', 'The signature of the pod\'s uid (its ASCII bytes) with the private key: RSA-PSS or ASN.1 ECDSA over SHA-256, or plain Ed25519; checked on create.'],
        ['unverifiedUserAnnotations,omitempty', 11, 'map[string]string', 'Extra information from the pod\'s author for the signer, which orch passes on unchecked; keys are domain-prefixed annotation keys.'],
      ],
    },
    PodCertificateRequestStatus: {
      doc: 'The signer\'s answer to a pod certificate request.',
      fields: [
        ['conditions,omitempty', 1, '[]meta.Condition', 'At most one of Issued, Denied or Failed, with status True; no other types. Fixed once one of them is set.', { listType: 'map', listMapKeys: ['type'], patchStrategy: 'merge', patchMergeKey: 'type' }],
        ['certificateChain,omitempty', 2, 'string', 'The issued certificate first, then any intermediates, as PEM CERTIFICATE blocks; set with Issued and fixed afterwards.'],
        ['*notBefore,omitempty', 4, 'meta.Time', 'When the issued certificate becomes valid (its NotBefore), within five minutes of the server\'s clock when set.'],
        ['*beginRefreshAt,omitempty', 5, 'meta.Time', 'When the node agent should start asking for a new certificate: at least ten minutes after notBefore and before notAfter.'],
        ['*notAfter,omitempty', 6, 'meta.Time', 'When the issued certificate expires (its NotAfter).'],
      ],
    },
  },
};

// certificates.v1beta1's types served by this server, as Go structs (see ../go-structs.ts):
// ClusterTrustBundle, beta in Kubernetes 1.35 and off unless --runtime-config turns it on.
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
  },
};

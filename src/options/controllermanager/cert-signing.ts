// Certificate signing rows: the general signing pair, the four specific signers, and the
// service account token rows of the same spec section.
import type { FlagSpec } from '../flag.ts';
import { CERT_SIGNING as group } from './groups.ts';
import { KUBE_APISERVER_CLIENT_KUBELET_SIGNER, KUBE_APISERVER_CLIENT_SIGNER, KUBELET_SERVING_SIGNER, LEGACY_UNKNOWN_SIGNER } from '../../api/certificates/v1/types.ts';

const status = 'implemented' as const;

/** Each specific signer: flag infix and the signer name the API server knows. */
export const SPECIFIC_SIGNERS: ReadonlyArray<[string, string]> = [
  ['orch-apiserver-client', KUBE_APISERVER_CLIENT_SIGNER],
  ['nodeagent-client', KUBE_APISERVER_CLIENT_KUBELET_SIGNER],
  ['nodeagent-serving', KUBELET_SERVING_SIGNER],
  ['legacy-unknown', LEGACY_UNKNOWN_SIGNER],
];

export const specificSignerFlagNames: readonly string[] = SPECIFIC_SIGNERS.flatMap(([infix]) => [
  `cluster-signing-${infix}-cert-file`,
  `cluster-signing-${infix}-key-file`,
]);

export const certSigningFlags: readonly FlagSpec[] = [
  { name: 'cluster-signing-cert-file', type: 'string', group, status,
    help: 'Filename containing a PEM-encoded X509 CA certificate used to issue cluster-scoped certificates. If specified, no more specific --cluster-signing-* flag may be specified.' },
  { name: 'cluster-signing-key-file', type: 'string', group, status,
    help: 'Filename containing a PEM-encoded RSA or ECDSA private key used to sign cluster-scoped certificates. If specified, no more specific --cluster-signing-* flag may be specified.' },
  ...SPECIFIC_SIGNERS.flatMap(([infix, signer]): FlagSpec[] => [
    { name: `cluster-signing-${infix}-cert-file`, type: 'string', group, status,
      help: `Filename containing a PEM-encoded X509 CA certificate used to issue certificates for the ${signer} signer. If specified, --cluster-signing-{cert,key}-file must not be set.` },
    { name: `cluster-signing-${infix}-key-file`, type: 'string', group, status,
      help: `Filename containing a PEM-encoded RSA or ECDSA private key used to sign certificates for the ${signer} signer. If specified, --cluster-signing-{cert,key}-file must not be set.` },
  ]),
  { name: 'cluster-signing-duration', type: 'duration', default: '8760h0m0s', group, status,
    help: 'The max length of duration signed certificates will be given. Individual CSRs may request shorter certs by setting spec.expirationSeconds.' },
  { name: 'root-ca-file', type: 'string', group, status,
    help: "If set, this root certificate authority will be included in service account's token secret. This must be a valid PEM-encoded CA bundle." },
  { name: 'service-account-private-key-file', type: 'string', group, status,
    help: 'Filename containing a PEM-encoded private RSA or ECDSA key used to sign service account tokens.' },
  { name: 'legacy-service-account-token-clean-up-period', type: 'duration', default: '8760h0m0s', group, status,
    help: 'The period of time since the last usage of an legacy service account token before it can be deleted.' },
];

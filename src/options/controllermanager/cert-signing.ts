// Certificate signing rows: the general signing pair, the four specific signers, and the
// service account token rows of the same spec section.
import type { FlagSpec } from '../flag.ts';
import { CERT_SIGNING as group, NO_CONTROLLER } from './groups.ts';

const statusNote = 'the certificate signing controllers are not implemented yet';
const status = 'not-yet' as const;

/** Each specific signer: flag infix and signer name. */
export const SPECIFIC_SIGNERS: ReadonlyArray<[string, string]> = [
  ['orch-apiserver-client', 'orch.io/orch-apiserver-client'],
  ['nodeagent-client', 'orch.io/orch-apiserver-client-nodeagent'],
  ['nodeagent-serving', 'orch.io/nodeagent-serving'],
  ['legacy-unknown', 'orch.io/legacy-unknown'],
];

export const specificSignerFlagNames: readonly string[] = SPECIFIC_SIGNERS.flatMap(([infix]) => [
  `cluster-signing-${infix}-cert-file`,
  `cluster-signing-${infix}-key-file`,
]);

export const certSigningFlags: readonly FlagSpec[] = [
  { name: 'cluster-signing-cert-file', type: 'string', group, status, statusNote,
    help: 'Filename containing a PEM-encoded X509 CA certificate used to issue cluster-scoped certificates. If specified, no more specific --cluster-signing-* flag may be specified.' },
  { name: 'cluster-signing-key-file', type: 'string', group, status, statusNote,
    help: 'Filename containing a PEM-encoded RSA or ECDSA private key used to sign cluster-scoped certificates. If specified, no more specific --cluster-signing-* flag may be specified.' },
  ...SPECIFIC_SIGNERS.flatMap(([infix, signer]): FlagSpec[] => [
    { name: `cluster-signing-${infix}-cert-file`, type: 'string', group, status, statusNote,
      help: `Filename containing a PEM-encoded X509 CA certificate used to issue certificates for the ${signer} signer. If specified, --cluster-signing-{cert,key}-file must not be set.` },
    { name: `cluster-signing-${infix}-key-file`, type: 'string', group, status, statusNote,
      help: `Filename containing a PEM-encoded RSA or ECDSA private key used to sign certificates for the ${signer} signer. If specified, --cluster-signing-{cert,key}-file must not be set.` },
  ]),
  { name: 'cluster-signing-duration', type: 'duration', default: '8760h0m0s', group, status, statusNote,
    help: 'The max length of duration signed certificates will be given. Individual CSRs may request shorter certs by setting spec.expirationSeconds.' },
  { name: 'root-ca-file', type: 'string', group, status: 'partial', statusNote: 'published by the root-ca-certificate-publisher; legacy token secrets are not implemented yet',
    help: "If set, this root certificate authority will be included in service account's token secret. This must be a valid PEM-encoded CA bundle." },
  { name: 'service-account-private-key-file', type: 'string', group, status, statusNote: 'legacy service account token secrets are not implemented yet',
    help: 'Filename containing a PEM-encoded private RSA or ECDSA key used to sign service account tokens.' },
  { name: 'legacy-service-account-token-clean-up-period', type: 'duration', default: '8760h0m0s', group, status, statusNote: NO_CONTROLLER,
    help: 'The period of time since the last usage of an legacy service account token before it can be deleted.' },
];

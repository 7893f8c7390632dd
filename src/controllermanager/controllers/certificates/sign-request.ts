// Issues the certificate of a request, as Kubernetes' CertificateAuthority.Sign does with the
// permissive policy: the request's subject and public key, its DNS, email, IP and URI names,
// the key usages and extended key usages the policy derives from spec.usages, no CA, a random
// 128-bit serial, the CA's key identifier as the authority key identifier, signed by the CA.
import { webcrypto } from 'node:crypto';
import type * as X509 from '@peculiar/x509';
import { serialNumber } from '../../../component-base/certs/keys.ts';
import type { CertificateAuthority } from './ca-provider.ts';
import type { CertificateRequest } from './certificate-request.ts';
import { certificateUsages, certificateValidity } from './signing-policy.ts';
import { x509Library } from './x509-library.ts';

const SUBJECT_KEY_IDENTIFIER = '2.5.29.14';

// The library's provider type is the DOM Crypto; Node's webcrypto is the same at run time.
const crypto = webcrypto as unknown as NonNullable<Parameters<typeof X509.X509CertificateGenerator.create>[1]>;

type CreateParams = Extract<Parameters<typeof X509.X509CertificateGenerator.create>[0], { signingKey: unknown }>;

export interface SignInput {
  ca: CertificateAuthority;
  request: CertificateRequest;
  usages: readonly string[];
  ttlMs: number;
  nowMs: number;
}

/** The certificate as PEM (ending in a newline); throws when the policy refuses it. */
export async function signRequest({ ca, request, usages, ttlMs, nowMs }: SignInput): Promise<string> {
  const x509 = await x509Library();
  const { keyUsages, extKeyUsages } = certificateUsages(usages);
  const { notBefore, notAfter } = certificateValidity(nowMs, ttlMs, ca.notAfterMs);
  const extensions: X509.Extension[] = [];
  if (keyUsages.length) {
    const flags = keyUsages.reduce((bits, name) => bits | x509.KeyUsageFlags[name as keyof typeof x509.KeyUsageFlags], 0);
    extensions.push(new x509.KeyUsagesExtension(flags, true));
  }
  if (extKeyUsages.length) extensions.push(new x509.ExtendedKeyUsageExtension(extKeyUsages, false));
  extensions.push(new x509.BasicConstraintsExtension(false, undefined, true));
  const caKeyId = (ca.cert.getExtension(SUBJECT_KEY_IDENTIFIER) as X509.SubjectKeyIdentifierExtension | null)?.keyId;
  if (caKeyId) extensions.push(new x509.AuthorityKeyIdentifierExtension(caKeyId, false));
  const names: X509.JsonGeneralName[] = [
    ...request.dnsNames.map((value) => ({ type: 'dns' as const, value })),
    ...request.emailAddresses.map((value) => ({ type: 'email' as const, value })),
    ...request.ipAddresses.map((value) => ({ type: 'ip' as const, value })),
    ...request.uris.map((value) => ({ type: 'url' as const, value })),
  ];
  // An empty subject makes the names the certificate's only identity: critical, as Go marks it.
  if (names.length) extensions.push(new x509.SubjectAlternativeNameExtension(names, request.request.subjectName.toJSON().length === 0));
  const cert = await x509.X509CertificateGenerator.create(
    {
      serialNumber: serialNumber(),
      subject: request.request.subjectName,
      issuer: ca.cert.subjectName,
      notBefore: new Date(notBefore),
      notAfter: new Date(notAfter),
      publicKey: request.request.publicKey,
      signingKey: ca.key as unknown as CreateParams['signingKey'],
      signingAlgorithm: ca.signingAlgorithm as unknown as CreateParams['signingAlgorithm'],
      extensions,
    },
    crypto,
  );
  return cert.toString('pem') + '\n';
}

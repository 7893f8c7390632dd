// Warnings on a write that Kubernetes gives but does not refuse: a TLS secret whose certificate
// and key do not parse or do not belong together.
import { X509Certificate, createPrivateKey, createPublicKey } from 'node:crypto';
import type { Secret } from '../../../../api/core/v1/secret-types.ts';
import { SecretKeys } from '../../../../api/core/v1/secret-types.ts';
import { secretKind } from './secret-type.ts';

export function secretWarnings(secret: Secret): string[] {
  if (secretKind(secret.type) !== 'tls') return [];
  const cert = secret.data?.[SecretKeys.tlsCert];
  const key = secret.data?.[SecretKeys.tlsKey];
  if (cert === undefined || key === undefined) return [];
  const certPem = Buffer.from(cert, 'base64').toString('utf8');
  const keyPem = Buffer.from(key, 'base64').toString('utf8');
  if (!certPem.includes('-----BEGIN CERTIFICATE-----')) return ['tls: failed to find any PEM data in certificate input'];
  if (!keyPem.includes('-----BEGIN')) return ['tls: failed to find any PEM data in key input'];
  try {
    const publicOfCert = new X509Certificate(certPem).publicKey.export({ type: 'spki', format: 'der' });
    const publicOfKey = createPublicKey(createPrivateKey(keyPem)).export({ type: 'spki', format: 'der' });
    return Buffer.compare(publicOfCert, publicOfKey) === 0 ? [] : ['tls: private key does not match public key'];
  } catch (err) {
    return [`tls: failed to parse certificate and key: ${(err as Error).message}`];
  }
}

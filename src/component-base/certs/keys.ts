// Key pairs and PEM encoding for generated certificates, with WebCrypto only: loading this module
// stays cheap, unlike issue.ts which pulls in the X.509 library.
import { webcrypto } from 'node:crypto';

export type KeyAlgorithm = webcrypto.RsaHashedKeyGenParams | webcrypto.EcKeyGenParams;

/** What the API server's and controller manager's self-signed certificates use, as Kubernetes does. */
export const RSA_2048: webcrypto.RsaHashedKeyGenParams = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256', publicExponent: new Uint8Array([1, 0, 1]), modulusLength: 2048 };
/** Smaller and faster to make; what `orch up` uses for its CA, serving and service account keys. */
export const ECDSA_P256: webcrypto.EcKeyGenParams = { name: 'ECDSA', namedCurve: 'P-256' };

export async function generateKeyPair(algorithm: KeyAlgorithm): Promise<webcrypto.CryptoKeyPair> {
  return (await webcrypto.subtle.generateKey(algorithm, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
}

/** DER bytes as a PEM block with 64-column lines. */
export function pem(label: string, der: ArrayBuffer | Uint8Array): string {
  const body = Buffer.from(der as ArrayBuffer).toString('base64').match(/.{1,64}/g)?.join('\n') ?? '';
  return `-----BEGIN ${label}-----\n${body}\n-----END ${label}-----\n`;
}

/** An extractable private key as PKCS#8 PEM. */
export async function privateKeyPem(key: webcrypto.CryptoKey): Promise<string> {
  return pem('PRIVATE KEY', await webcrypto.subtle.exportKey('pkcs8', key));
}

/** A public key as SubjectPublicKeyInfo PEM. */
export async function publicKeyPem(key: webcrypto.CryptoKey): Promise<string> {
  return pem('PUBLIC KEY', await webcrypto.subtle.exportKey('spki', key));
}

/** A PKCS#8 PEM private key of `algorithm`, usable only to sign. */
export async function importPrivateKey(keyPem: string, algorithm: KeyAlgorithm): Promise<webcrypto.CryptoKey> {
  const der = Buffer.from(keyPem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''), 'base64');
  return webcrypto.subtle.importKey('pkcs8', der, algorithm, false, ['sign']);
}

/** A random positive 128-bit certificate serial number, in hex. */
export function serialNumber(): string {
  const bytes = webcrypto.getRandomValues(new Uint8Array(16));
  // Clear the top bit so DER does not read the number as negative.
  bytes[0] = bytes[0]! & 0x7f;
  return Buffer.from(bytes).toString('hex');
}

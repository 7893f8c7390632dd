// --service-account-signing-key-file: the issuer's private key. RSA keys sign RS256, ECDSA keys
// ES256/ES384/ES512 by curve; the key ID is Kubernetes' (unpadded base64url SHA-256 of the DER
// public key), the same the verifier computes from --service-account-key-file.
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { keyID } from '../authentication/service-account-keys.ts';

export interface SigningKey {
  privateKey: KeyObject;
  publicKey: KeyObject;
  alg: 'RS256' | 'ES256' | 'ES384' | 'ES512';
  kid: string;
}

const EC_ALGS: Record<string, SigningKey['alg']> = { prime256v1: 'ES256', 'P-256': 'ES256', secp384r1: 'ES384', 'P-384': 'ES384', secp521r1: 'ES512', 'P-521': 'ES512' };

/** The JWS algorithm of a public or private key, or undefined for keys that cannot sign tokens. */
export function algorithmOf(key: KeyObject): SigningKey['alg'] | undefined {
  if (key.asymmetricKeyType === 'rsa') return 'RS256';
  if (key.asymmetricKeyType === 'ec') return EC_ALGS[key.asymmetricKeyDetails?.namedCurve ?? ''];
  return undefined;
}

export function parseSigningKey(pem: string, source: string): SigningKey {
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(pem);
  } catch (err) {
    throw new Error(`${source}: not a PEM private key: ${(err as Error).message}`);
  }
  const alg = algorithmOf(privateKey);
  if (!alg) throw new Error(`${source}: ${privateKey.asymmetricKeyType} keys cannot sign service account tokens (want RSA or ECDSA P-256/P-384/P-521)`);
  const publicKey = createPublicKey(privateKey);
  return { privateKey, publicKey, alg, kid: keyID(publicKey) };
}

export function loadSigningKey(file: string): SigningKey {
  let pem: string;
  try {
    pem = readFileSync(file, 'utf8');
  } catch (err) {
    throw new Error(`--service-account-signing-key-file ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  return parseSigningKey(pem, `--service-account-signing-key-file ${file}`);
}

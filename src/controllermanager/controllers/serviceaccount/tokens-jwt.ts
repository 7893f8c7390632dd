// Signs legacy service account tokens with --service-account-private-key-file, as Kubernetes'
// JWTTokenGenerator does for the legacy issuer: RS256 for RSA keys, ES256/ES384/ES512 by curve for
// ECDSA keys, the key id the API server derives from the public key (unpadded base64url SHA-256
// of its DER), and the legacy claims. The API server's --service-account-key-file must hold the
// public half for the tokens to authenticate.
import { createHash, createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { SignJWT } from 'jose';
import { legacyTokenClaims, type LegacyTokenSubject } from '../../../machinery/serviceaccount/legacy-token-claims.ts';

const EC_ALGORITHMS: Readonly<Record<string, string>> = { prime256v1: 'ES256', secp384r1: 'ES384', secp521r1: 'ES512' };

export interface LegacyTokenGenerator {
  generate(subject: LegacyTokenSubject): Promise<string>;
}

function algorithmOf(key: KeyObject): string {
  if (key.asymmetricKeyType === 'rsa') return 'RS256';
  const alg = key.asymmetricKeyType === 'ec' ? EC_ALGORITHMS[key.asymmetricKeyDetails?.namedCurve ?? ''] : undefined;
  if (!alg) throw new Error(`unknown private key type ${key.asymmetricKeyType}, must be RSA or ECDSA`);
  return alg;
}

export function legacyTokenGenerator(privateKey: KeyObject): LegacyTokenGenerator {
  const alg = algorithmOf(privateKey);
  const kid = createHash('sha256').update(createPublicKey(privateKey).export({ type: 'spki', format: 'der' })).digest('base64url');
  return {
    generate: (subject) => new SignJWT(legacyTokenClaims(subject)).setProtectedHeader({ alg, kid }).sign(privateKey),
  };
}

/** The generator of the key in `file`; throws as Kubernetes words it when the key cannot be read. */
export function loadLegacyTokenGenerator(file: string): LegacyTokenGenerator {
  let key: KeyObject;
  try {
    key = createPrivateKey(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`error reading key for service account token controller: ${(err as Error).message}`);
  }
  try {
    return legacyTokenGenerator(key);
  } catch (err) {
    throw new Error(`failed to build token generator: ${(err as Error).message}`);
  }
}

// The public keys a PodCertificateRequest may name and its proof of possession, checked as
// Kubernetes 1.35 checks them: PKIX DER of an Ed25519 key, an ECDSA key on P-256, P-384 or P-521
// or an RSA key of 3072 or 4096 bits; the proof is the pod uid's ASCII bytes signed with the key
// (plain Ed25519, ASN.1 ECDSA over SHA-256, RSA-PSS over SHA-256 with any salt length).
import { constants, createPublicKey, verify, type KeyObject } from 'node:crypto';

/** Go's names of the curves its x509 package parses. */
const GO_CURVES: Record<string, string> = { prime256v1: 'P-256', secp384r1: 'P-384', secp521r1: 'P-521', secp224r1: 'P-224' };

export type KeyCheck =
  | { ok: true; key: KeyObject }
  | { ok: false; problem: 'unparsable' | 'unknown-type' }
  | { ok: false; problem: 'bad-curve'; curve: string }
  | { ok: false; problem: 'bad-modulus'; bits: number };

/** Whether Go's x509.ParsePKIXPublicKey reads the key, and whether the pod certificate rules allow it. */
export function checkPublicKey(der: Buffer): KeyCheck {
  let key: KeyObject;
  try {
    key = createPublicKey({ key: der, format: 'der', type: 'spki' });
  } catch {
    return { ok: false, problem: 'unparsable' };
  }
  switch (key.asymmetricKeyType) {
    case 'ed25519':
      return { ok: true, key };
    case 'ec': {
      const curve = GO_CURVES[key.asymmetricKeyDetails?.namedCurve ?? ''];
      if (!curve) return { ok: false, problem: 'unparsable' };
      return curve === 'P-224' ? { ok: false, problem: 'bad-curve', curve } : { ok: true, key };
    }
    case 'rsa': {
      const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
      return bits === 3072 || bits === 4096 ? { ok: true, key } : { ok: false, problem: 'bad-modulus', bits };
    }
    // Go parses these too, but they cannot sign a proof.
    case 'x25519':
    case 'dsa':
      return { ok: false, problem: 'unknown-type' };
    default:
      return { ok: false, problem: 'unparsable' };
  }
}

export function proofVerifies(key: KeyObject, podUID: string, proof: Buffer): boolean {
  const data = Buffer.from(podUID, 'ascii');
  try {
    switch (key.asymmetricKeyType) {
      case 'ed25519':
        return verify(null, data, key, proof);
      case 'ec':
        return verify('sha256', data, { key, dsaEncoding: 'der' }, proof);
      default:
        return verify('sha256', data, { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: constants.RSA_PSS_SALTLEN_AUTO }, proof);
    }
  } catch {
    return false;
  }
}

/** The same key, compared by its PKIX encoding. */
export function sameKey(a: KeyObject, b: KeyObject): boolean {
  return a.export({ type: 'spki', format: 'der' }).equals(b.export({ type: 'spki', format: 'der' }));
}

// --service-account-key-file: PEM files holding RSA or ECDSA keys, public or private (the public
// half is used), or certificates; a file may hold several. Each key gets Kubernetes' key ID: the
// unpadded base64url SHA-256 of its DER public key.
import { createHash, createPublicKey, X509Certificate, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';

export interface VerificationKey {
  key: KeyObject;
  kid: string;
  /** 'RSA' keys verify RS256/384/512; 'EC' keys ES256/384/512. */
  kind: 'RSA' | 'EC';
}

const BLOCK = /-----BEGIN ([A-Z ]+)-----[\s\S]+?-----END \1-----/g;

export function keyID(key: KeyObject): string {
  return createHash('sha256').update(key.export({ type: 'spki', format: 'der' })).digest('base64url');
}

export function parseVerificationKeys(pem: string, source: string): VerificationKey[] {
  const keys: VerificationKey[] = [];
  for (const match of pem.matchAll(BLOCK)) {
    const [block, label] = match as unknown as [string, string];
    let key: KeyObject;
    try {
      key = label === 'CERTIFICATE' ? new X509Certificate(block).publicKey : createPublicKey(block);
    } catch (err) {
      throw new Error(`${source}: ${label} block: ${(err as Error).message}`);
    }
    const type = key.asymmetricKeyType;
    if (type !== 'rsa' && type !== 'ec') throw new Error(`${source}: ${type} keys are not supported (want RSA or ECDSA)`);
    keys.push({ key, kid: keyID(key), kind: type === 'rsa' ? 'RSA' : 'EC' });
  }
  if (keys.length === 0) throw new Error(`${source}: no RSA or ECDSA keys found`);
  return keys;
}

export function loadVerificationKeys(files: string[], flag: string): VerificationKey[] {
  return files.flatMap((file) => {
    let pem: string;
    try {
      pem = readFileSync(file, 'utf8');
    } catch (err) {
      throw new Error(`${flag} ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
    return parseVerificationKeys(pem, `${flag} ${file}`);
  });
}

// The `aesgcm` provider: AES-GCM with a random 12-byte nonce in front of the sealed value and the
// storage key as additional authenticated data, as Kubernetes' (non-KMS) GCM transformer does.
// Random nonces are why Kubernetes asks for key rotation every 200,000 writes with this provider.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { TransformError, type ValueTransformer } from './transformer.ts';

const NONCE_SIZE = 12;
const TAG_SIZE = 16;

export function aesGcmTransformer(key: Uint8Array): ValueTransformer {
  const algorithm = `aes-${key.length * 8}-gcm` as 'aes-256-gcm';
  return {
    toStorage(data, authenticatedData) {
      const nonce = randomBytes(NONCE_SIZE);
      const cipher = createCipheriv(algorithm, key, nonce);
      cipher.setAAD(Buffer.from(authenticatedData));
      const sealed = Buffer.concat([cipher.update(data), cipher.final()]);
      return Buffer.concat([nonce, sealed, cipher.getAuthTag()]);
    },
    fromStorage(stored, authenticatedData) {
      if (stored.length < NONCE_SIZE + TAG_SIZE) throw new TransformError('the stored data was shorter than the required size');
      try {
        const decipher = createDecipheriv(algorithm, key, stored.subarray(0, NONCE_SIZE));
        decipher.setAAD(Buffer.from(authenticatedData));
        decipher.setAuthTag(stored.subarray(stored.length - TAG_SIZE));
        const data = Buffer.concat([decipher.update(stored.subarray(NONCE_SIZE, stored.length - TAG_SIZE)), decipher.final()]);
        return { data, stale: false };
      } catch {
        throw new TransformError('cipher: message authentication failed');
      }
    },
  };
}

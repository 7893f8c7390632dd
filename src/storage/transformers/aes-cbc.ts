// The `aescbc` provider: AES in CBC mode with PKCS#7 padding and a random 16-byte IV written in
// front of the ciphertext, as Kubernetes' aes CBC transformer lays it out.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { TransformError, type ValueTransformer } from './transformer.ts';

const IV_SIZE = 16;

export function aesCbcTransformer(key: Uint8Array): ValueTransformer {
  const algorithm = `aes-${key.length * 8}-cbc`;
  return {
    toStorage(data) {
      const iv = randomBytes(IV_SIZE);
      const cipher = createCipheriv(algorithm, key, iv);
      return Buffer.concat([iv, cipher.update(data), cipher.final()]);
    },
    fromStorage(stored) {
      if (stored.length < IV_SIZE) throw new TransformError('the stored data was shorter than the required size');
      if ((stored.length - IV_SIZE) % IV_SIZE !== 0) throw new TransformError('the stored data is not a multiple of the block size');
      try {
        const decipher = createDecipheriv(algorithm, key, stored.subarray(0, IV_SIZE));
        return { data: Buffer.concat([decipher.update(stored.subarray(IV_SIZE)), decipher.final()]), stale: false };
      } catch {
        throw new TransformError('invalid PKCS7 data (empty or not padded)');
      }
    },
  };
}

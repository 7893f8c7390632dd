// The `secretbox` provider: XSalsa20-Poly1305 (NaCl secretbox) with a random 24-byte nonce in
// front of the box. node:crypto has no XSalsa20, so tweetnacl does the sealing; its box layout
// (tag first) is the one Go's secretbox.Seal writes.
import { randomBytes } from 'node:crypto';
import { tweetnacl as nacl } from '../../machinery/lazy/tweetnacl.ts';
import { TransformError, type ValueTransformer } from './transformer.ts';

const NONCE_SIZE = 24;

export function secretboxTransformer(key: Uint8Array): ValueTransformer {
  const k = new Uint8Array(key);
  return {
    toStorage(data) {
      const nonce = new Uint8Array(randomBytes(NONCE_SIZE));
      const box = nacl().secretbox(new Uint8Array(data), nonce, k);
      return Buffer.concat([nonce, box]);
    },
    fromStorage(stored) {
      if (stored.length < NONCE_SIZE + nacl().secretbox.overheadLength) throw new TransformError('the stored data was shorter than the required size');
      const opened = nacl().secretbox.open(new Uint8Array(stored.subarray(NONCE_SIZE)), new Uint8Array(stored.subarray(0, NONCE_SIZE)), k);
      if (!opened) throw new TransformError('output array was not large enough for encryption');
      return { data: Buffer.from(opened), stale: false };
    },
  };
}

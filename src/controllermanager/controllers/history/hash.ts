// The hashes Kubernetes names revisions with: 32-bit FNV-1 and FNV-1a, written as a decimal number
// and then spelled in the consonants and digits of rand.SafeEncodeString, so a hash never forms
// words or looks like a number.

const OFFSET = 0x811c9dc5;
const PRIME = 0x01000193;
const SAFE_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';

/** An FNV-1 (or, with `alternate`, FNV-1a) 32-bit hash that more bytes can be written into. */
export class Fnv32 {
  private hash = OFFSET;
  private readonly alternate: boolean;

  constructor(alternate = false) {
    this.alternate = alternate;
  }

  write(bytes: Uint8Array | string): this {
    const data = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes;
    for (const byte of data) {
      if (this.alternate) {
        this.hash ^= byte;
        this.hash = Math.imul(this.hash, PRIME) >>> 0;
      } else {
        this.hash = Math.imul(this.hash, PRIME) >>> 0;
        this.hash ^= byte;
      }
    }
    this.hash >>>= 0;
    return this;
  }

  sum32(): number {
    return this.hash >>> 0;
  }
}

/** rand.SafeEncodeString: each byte of `s` as one character of the safe alphabet. */
export function safeEncodeString(s: string): string {
  let out = '';
  for (const byte of Buffer.from(s, 'utf8')) out += SAFE_ALPHABET[byte % SAFE_ALPHABET.length];
  return out;
}

/** A hash as Kubernetes prints it into names: the decimal sum, safely encoded. */
export function encodeHash(sum: number): string {
  return safeEncodeString(String(sum >>> 0));
}

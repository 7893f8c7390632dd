// Kubernetes' controller.ComputeHash: the name suffix and pod-template-hash label of the replica
// sets a deployment makes (and the revision hash of a daemon set). FNV-32a over the template as
// DeepHashObject prints it (go-struct-text.ts), then the collision count as eight little-endian
// bytes when there is one; the 32-bit sum written in decimal and each digit swapped for a
// letter or digit of rand.SafeEncodeString's alphabet, which has no vowels, so the suffix never
// spells a word.
import type { PodTemplateSpec } from '../../api/core/v1/pod-types.ts';
import { coreStructText } from './go-struct-text.ts';

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
/** rand.SafeEncodeString's alphabet. */
const SAFE_ALPHANUMS = 'bcdfghjklmnpqrstvwxz2456789';

function fnv32a(hash: number, bytes: Uint8Array): number {
  let h = hash;
  for (const b of bytes) h = Math.imul(h ^ b, FNV_PRIME) >>> 0;
  return h;
}

/** rand.SafeEncodeString. */
export function safeEncodeString(s: string): string {
  let out = '';
  for (const ch of s) out += SAFE_ALPHANUMS[ch.codePointAt(0)! % SAFE_ALPHANUMS.length];
  return out;
}

/** The text hashed for a template. */
export function podTemplateHashText(template: PodTemplateSpec): string {
  return coreStructText('PodTemplateSpec', template);
}

/** JSON with its object keys sorted: the same template always gives the same text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function computeHash(template: PodTemplateSpec, collisionCount?: number | null): string {
  let text: string;
  try {
    text = podTemplateHashText(template);
  } catch {
    // A value Go holds in a form not printed here (a quantity kept as inf.Dec, a set time): the
    // name is then stable but not Kubernetes' own.
    text = canonicalJson(template);
  }
  let h = fnv32a(FNV_OFFSET, Buffer.from(text, 'utf8'));
  if (collisionCount !== undefined && collisionCount !== null) {
    const bytes = new Uint8Array(8);
    new DataView(bytes.buffer).setUint32(0, collisionCount >>> 0, true);
    h = fnv32a(h, bytes);
  }
  return safeEncodeString(String(h));
}

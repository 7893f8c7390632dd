// Values crossing into and out of CEL: JSON integers are CEL ints (bigint), as Kubernetes reads
// JSON numbers without a fraction; results come back as JSON-ish JavaScript.
import { setOwn } from '../patch/json-value.ts';

/** JSON-ish input with integral numbers as bigint; other values unchanged. */
export function toCelValue(v: unknown): unknown {
  if (typeof v === 'number') return Number.isInteger(v) ? BigInt(v) : v;
  if (Array.isArray(v)) return v.map(toCelValue);
  if (v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) setOwn(out, k, toCelValue(x));
    return out;
  }
  return v;
}

/** A CEL result as JSON-ish JavaScript (integers come back as numbers). */
export function plainCelValue(v: unknown): unknown {
  if (typeof v === 'bigint') return Number(v);
  if (Array.isArray(v)) return v.map(plainCelValue);
  if (v instanceof Map) return Object.fromEntries([...v.entries()].map(([k, x]) => [String(k), plainCelValue(x)]));
  if (v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plainCelValue(x)]));
  return v;
}

// Resource quantities (resource.Quantity) read and written exactly as Kubernetes does: the same
// grammar and error texts, exact values (a BigInt mantissa and a power of ten, never a float),
// rounding up to nano units, and the canonical string the server writes back ("0.5" → "500m",
// "1024Mi" → "1Gi", "1000" → "1k"). A string already in canonical form is kept as written, as Go
// keeps it. Validation compares and reads values through the same type.

export type QuantityFormat = 'DecimalExponent' | 'BinarySI' | 'DecimalSI';

export interface Quantity {
  /** The value is `unscaled × 10^scale`. */
  readonly unscaled: bigint;
  readonly scale: number;
  readonly format: QuantityFormat;
  /** The string as parsed, when Go keeps it (it was already canonical). */
  readonly cached?: string;
  /** Parsed without big-number arithmetic: Go holds it as an int64Amount. */
  readonly small: boolean;
}

const SPLIT_RE = '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$';
export const QUANTITY_FORMAT_ERROR = `quantities must match the regular expression '${SPLIT_RE}'`;
export const QUANTITY_SUFFIX_ERROR = "unable to parse quantity's suffix";

export class QuantityParseError extends Error {}

const DECIMAL_SUFFIXES: Record<string, number> = { n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const BINARY_SUFFIXES: Record<string, number> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };
const DECIMAL_BY_EXPONENT = new Map(Object.entries(DECIMAL_SUFFIXES).map(([s, e]) => [e, s]));
const BINARY_BY_EXPONENT = new Map(Object.entries(BINARY_SUFFIXES).map(([s, e]) => [e, s]));

const INT64_MAX = 2n ** 63n - 1n;
const NANO = -9;
const SUFFIX_CHARS = 'eEinumkKMGTP';
const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';

interface Parts {
  positive: boolean;
  num: string;
  denom: string;
  suffix: string;
}

/** Splits a quantity as Go's parseQuantityString does (leading zeros dropped, `1.` accepted). */
function split(str: string): Parts {
  let pos = 0;
  const end = str.length;
  let positive = true;
  if (str[0] === '-') {
    positive = false;
    pos++;
  } else if (str[0] === '+') pos++;
  while (pos < end && str[pos] === '0') pos++;
  if (pos >= end) return { positive, num: '0', denom: '', suffix: '' };
  let i = pos;
  while (i < end && isDigit(str[i])) i++;
  const num = str.slice(pos, i) || '0';
  pos = i;
  let denom = '';
  if (str[pos] === '.') {
    pos++;
    i = pos;
    while (i < end && isDigit(str[i])) i++;
    denom = str.slice(pos, i);
    pos = i;
  }
  const suffixStart = pos;
  while (pos < end && SUFFIX_CHARS.includes(str[pos]!)) pos++;
  if (str[pos] === '-' || str[pos] === '+') pos++;
  while (pos < end && isDigit(str[pos])) pos++;
  if (pos < end) throw new QuantityParseError(QUANTITY_FORMAT_ERROR);
  return { positive, num, denom, suffix: str.slice(suffixStart) };
}

/** The base, exponent and format a suffix stands for; undefined when it is none. */
function interpret(suffix: string): { base: 2 | 10; exponent: number; format: QuantityFormat } | undefined {
  if (Object.hasOwn(DECIMAL_SUFFIXES, suffix)) return { base: 10, exponent: DECIMAL_SUFFIXES[suffix]!, format: 'DecimalSI' };
  if (Object.hasOwn(BINARY_SUFFIXES, suffix)) return { base: 2, exponent: BINARY_SUFFIXES[suffix]!, format: 'BinarySI' };
  if (suffix.length > 1 && (suffix[0] === 'e' || suffix[0] === 'E') && /^[+-]?\d+$/.test(suffix.slice(1))) {
    const exponent = Number(suffix.slice(1));
    if (Number.isSafeInteger(exponent) && Math.abs(exponent) < 2 ** 31) return { base: 10, exponent, format: 'DecimalExponent' };
  }
  return undefined;
}

function pow10(n: number): bigint {
  return 10n ** BigInt(n);
}

/** Rounds `unscaled × 10^scale` up (away from zero) to a multiple of 10^target. */
function roundUpToScale(unscaled: bigint, scale: number, target: number): bigint {
  if (scale >= target) return unscaled * pow10(scale - target);
  const div = pow10(target - scale);
  const q = unscaled / div;
  if (unscaled % div === 0n) return q;
  return unscaled > 0n ? q + 1n : q - 1n;
}

/** Parses a quantity as resource.ParseQuantity; throws QuantityParseError with Go's message. */
export function parseQuantity(str: string): Quantity {
  if (str.length === 0) throw new QuantityParseError(QUANTITY_FORMAT_ERROR);
  if (str === '0') return { unscaled: 0n, scale: 0, format: 'DecimalSI', cached: '0', small: true };
  const { positive, num, denom, suffix } = split(str);
  const suf = interpret(suffix);
  if (!suf) throw new QuantityParseError(QUANTITY_SUFFIX_ERROR);
  const { base, exponent } = suf;
  let format = suf.format;
  const digits = BigInt(num + denom);
  const sign = positive ? 1n : -1n;

  // Go's fast path: an int64 mantissa at nano scale or coarser, kept exactly.
  let precision: number;
  let scale = 0;
  let mantissa = 1n;
  if (base === 10) {
    scale = exponent;
    precision = 18 - (num.length + denom.length);
  } else if (exponent >= 0 && denom.length === 0) {
    mantissa = 1n << BigInt(exponent);
    precision = 15 - num.length - Math.trunc((exponent * 3) / 10) - 1;
  } else precision = -1;
  if (precision >= 0) {
    scale -= denom.length;
    if (scale >= NANO && digits <= INT64_MAX && digits * mantissa <= INT64_MAX) {
      const value = sign * digits * mantissa;
      const shifted = num + denom;
      const canonical = base === 2
        ? exponent % 10 === 0 && (digits & 7n) !== 0n
        : scale % 3 === 0 && !shifted.endsWith('000') && shifted[0] !== '0';
      return { unscaled: value, scale, format, cached: canonical ? str : undefined, small: true };
    }
  }

  // Big numbers: exact, then rounded up to nano units and capped at the int64 maximum.
  let unscaled = sign * digits;
  scale = -denom.length;
  if (base === 10) scale += exponent;
  else unscaled *= 1n << BigInt(exponent);
  if (unscaled !== 0n) {
    unscaled = roundUpToScale(unscaled, scale, NANO);
    scale = NANO;
  }
  const magnitude = unscaled < 0n ? -unscaled : unscaled;
  if (scale >= 0 ? magnitude * pow10(scale) > INT64_MAX : magnitude > INT64_MAX * pow10(-scale)) {
    unscaled = sign * INT64_MAX;
    scale = 0;
  }
  if (format === 'BinarySI' && unscaled !== 0n && compareParts(magnitude, scale, 1n, 0) < 0) format = 'DecimalSI';
  return { unscaled, scale, format, small: false };
}

function compareParts(a: bigint, as: number, b: bigint, bs: number): number {
  const s = Math.min(as, bs);
  const x = a * pow10(as - s);
  const y = b * pow10(bs - s);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** -1, 0 or 1 as `a` is less than, equal to or greater than `b`. */
export function compareQuantities(a: Quantity, b: Quantity): number {
  return compareParts(a.unscaled, a.scale, b.unscaled, b.scale);
}

export function isZeroQuantity(q: Quantity): boolean {
  return q.unscaled === 0n;
}

/** The value at `10^scale` units, rounded up away from zero (Go's Value and MilliValue). */
export function scaledValue(q: Quantity, scale: number): bigint {
  return roundUpToScale(q.unscaled, q.scale, scale);
}

/** Strips factors of `factor` from `v`, counting them. */
function removeFactors(v: bigint, factor: bigint): [bigint, number] {
  let times = 0;
  while (v !== 0n && v % factor === 0n) {
    v /= factor;
    times++;
  }
  return [v, times];
}

/** The canonical string Go writes for a quantity (Quantity.String, ignoring a kept original). */
export function canonicalQuantity(q: Quantity): string {
  if (q.unscaled === 0n) return '0';
  let format = q.format;
  if (format === 'BinarySI') {
    const abs = q.unscaled < 0n ? -q.unscaled : q.unscaled;
    if (compareParts(abs, q.scale, 1024n, 0) < 0) format = 'DecimalSI';
    else if (q.scale < 0 && q.unscaled % pow10(-q.scale) !== 0n) format = 'DecimalSI';
  }
  if (format === 'BinarySI') {
    const whole = q.scale >= 0 ? q.unscaled * pow10(q.scale) : q.unscaled / pow10(-q.scale);
    const [amount, times] = removeFactors(whole, 1024n);
    return `${amount}${BINARY_BY_EXPONENT.get(times * 10) ?? ''}`;
  }
  let [amount, exponent] = removeFactors(q.unscaled, 10n);
  exponent += q.scale;
  // Go's remainder keeps the dividend's sign, so negative exponents step down too.
  while (exponent % 3 !== 0) {
    amount *= 10n;
    exponent--;
  }
  if (format === 'DecimalExponent') return exponent === 0 ? `${amount}` : `${amount}e${exponent}`;
  return `${amount}${DECIMAL_BY_EXPONENT.get(exponent) ?? ''}`;
}

/** What the server writes for a quantity: the original when Go kept it, else the canonical form. */
export function quantityString(q: Quantity): string {
  return q.cached ?? canonicalQuantity(q);
}

/**
 * How Go's `%#v` prints a resource.Quantity value, which is what a field error shows when it is
 * handed a quantity. A big number's pointer is printed as a fixed placeholder.
 */
export function goQuantityRepr(q: Quantity): string {
  const i = q.small ? `resource.int64Amount{value:${q.unscaled}, scale:${q.scale}}` : 'resource.int64Amount{value:0, scale:0}';
  const d = q.small ? 'resource.infDecAmount{Dec:(*inf.Dec)(nil)}' : 'resource.infDecAmount{Dec:(*inf.Dec)(0xc000000000)}';
  return `resource.Quantity{i:${i}, d:${d}, s:${JSON.stringify(q.cached ?? '')}, Format:"${q.format}"}`;
}

/**
 * A JSON value as Quantity.UnmarshalJSON reads it: a string (trimmed) or a number's text. Returns
 * the string to store, or throws QuantityParseError.
 */
export function normalizeQuantityJson(value: unknown): string {
  const text = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : JSON.stringify(value);
  return quantityString(parseQuantity(text));
}

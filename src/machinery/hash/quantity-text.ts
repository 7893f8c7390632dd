// A resource.Quantity as go-spew prints it: its unexported fields as ParseQuantity fills them
// from the canonical string the server sends. The int64 form holds the digits and the decimal
// scale (the value of 1Gi is 1073741824 at scale 0), and the string is kept only when
// ParseQuantity keeps it (a canonical form: no trailing 000 at a decimal scale, a binary
// mantissa that is not a multiple of 8). Quantities ParseQuantity holds as inf.Dec (more digits
// than an int64 takes, or finer than nano) are not printed: the caller learns it by an error.

const DECIMAL_SUFFIXES: Readonly<Record<string, number>> = { '': 0, n: -9, u: -6, m: -3, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const BINARY_SUFFIXES: Readonly<Record<string, number>> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };
const MAX_INT64_FACTORS = 18;
const INT64_MAX = (1n << 63n) - 1n;

export interface GoQuantity {
  value: bigint;
  scale: number;
  /** The cached string, '' when ParseQuantity does not keep it. */
  s: string;
  format: 'DecimalSI' | 'BinarySI' | 'DecimalExponent';
}

export class UnprintableQuantityError extends Error {}

/** ParseQuantity's int64 fast path. */
export function goQuantity(str: string): GoQuantity {
  if (str === '0') return { value: 0n, scale: 0, s: '0', format: 'DecimalSI' };
  const m = /^([+-]?)(\d*)(?:\.(\d*))?(.*)$/.exec(str);
  if (!m) throw new UnprintableQuantityError(`quantity ${str}`);
  const positive = m[1] !== '-';
  const num = (m[2] ?? '').replace(/^0+/, '') || '0';
  const denom = m[3] ?? '';
  const suffix = m[4] ?? '';
  let format: GoQuantity['format'];
  let exponent: number;
  if (suffix in DECIMAL_SUFFIXES) {
    format = 'DecimalSI';
    exponent = DECIMAL_SUFFIXES[suffix]!;
  } else if (suffix in BINARY_SUFFIXES) {
    format = 'BinarySI';
    exponent = BINARY_SUFFIXES[suffix]!;
  } else if (/^[eE][+-]?\d+$/.test(suffix)) {
    format = 'DecimalExponent';
    exponent = Number(suffix.slice(1));
  } else {
    throw new UnprintableQuantityError(`quantity ${str}`);
  }
  let scale = 0;
  let precision: number;
  let mantissa = 1n;
  if (format === 'BinarySI') {
    if (denom.length === 0) {
      mantissa = 1n << BigInt(exponent);
      precision = 15 - num.length - Math.trunc(Math.fround(exponent * 3) / 10) - 1;
    } else {
      precision = -1;
    }
  } else {
    scale = exponent;
    precision = MAX_INT64_FACTORS - (num.length + denom.length);
  }
  if (precision >= 0) {
    scale -= denom.length;
    if (scale >= -9) {
      const shifted = num + denom;
      const value = BigInt(shifted);
      const result = value * mantissa;
      if (value <= INT64_MAX && result <= INT64_MAX) {
        const signed = positive ? result : -result;
        const keep = format === 'BinarySI'
          ? exponent % 10 === 0 && (value & 7n) !== 0n
          : scale % 3 === 0 && !shifted.endsWith('000') && shifted[0] !== '0';
        return { value: signed, scale, s: keep ? str : '', format };
      }
    }
  }
  throw new UnprintableQuantityError(`quantity ${str} is held as inf.Dec`);
}

/** The struct's text (without its type), as a field of a template prints it. */
export function quantityText(value: unknown): string {
  const q = goQuantity(typeof value === 'number' ? String(value) : String(value ?? '0'));
  return `{i:(resource.int64Amount){value:(int64)${q.value} scale:(resource.Scale)${q.scale}} d:(resource.infDecAmount){Dec:(*inf.Dec)<nil>} s:(string)${q.s} Format:(resource.Format)${q.format}}`;
}

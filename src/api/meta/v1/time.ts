// metav1.Time (RFC 3339, whole seconds, UTC) and metav1.MicroTime (RFC 3339 with exactly six
// fractional digits, UTC). JavaScript's Date keeps only milliseconds, so instants are carried as
// bigint microseconds since the epoch and the wire form is always a string or null (zero time).

const rfc3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;

/** Microseconds since the Unix epoch of Go's zero time, 0001-01-01T00:00:00Z. */
function zeroTimeMicros(): bigint {
  const d = new Date(0);
  d.setUTCFullYear(1, 0, 1);
  d.setUTCHours(0, 0, 0, 0);
  return BigInt(d.getTime()) * 1000n;
}

const GO_ZERO = zeroTimeMicros();

/** Parses an RFC 3339 timestamp (any fraction, any offset) to microseconds; undefined if malformed. */
export function parseRFC3339Micros(s: string): bigint | undefined {
  const m = rfc3339.exec(s);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, sec, frac, , sign, oh, om] = m;
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(sec);
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return undefined;
  const date = new Date(0);
  date.setUTCFullYear(Number(y), month - 1, day);
  if (date.getUTCMonth() !== month - 1) return undefined; // e.g. February 30th
  date.setUTCHours(hour, minute, second, 0);
  let micros = BigInt(date.getTime()) * 1000n;
  if (frac) micros += BigInt(frac.slice(0, 6).padEnd(6, '0'));
  if (sign) {
    const offsetMinutes = Number(oh) * 60 + Number(om);
    if (Number(oh) > 23 || Number(om) > 59) return undefined;
    micros -= BigInt(sign === '+' ? offsetMinutes : -offsetMinutes) * 60_000_000n;
  }
  return micros;
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

function formatMicros(micros: bigint, withFraction: boolean): string {
  const floorMs = micros >= 0n ? micros / 1000n : -((-micros + 999n) / 1000n);
  const d = new Date(Number(floorMs));
  const base = `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1, 2)}-${pad(d.getUTCDate(), 2)}T${pad(d.getUTCHours(), 2)}:${pad(d.getUTCMinutes(), 2)}:${pad(d.getUTCSeconds(), 2)}`;
  if (!withFraction) return `${base}Z`;
  const fraction = ((micros % 1_000_000n) + 1_000_000n) % 1_000_000n;
  return `${base}.${fraction.toString().padStart(6, '0')}Z`;
}

export function isZeroMicros(micros: bigint): boolean {
  return micros === GO_ZERO;
}

/** A MicroTime on the wire: `2026-11-22T05:10:00.123456Z`, or null for the zero time. */
export type MicroTime = string | null;
/** A Time on the wire: `2026-11-22T05:10:00Z`, or null for the zero time. */
export type Time = string | null;

/** Canonical MicroTime for a parsed instant (null for Go's zero time). */
export function formatMicroTime(micros: bigint): MicroTime {
  return isZeroMicros(micros) ? null : formatMicros(micros, true);
}

/** Canonical Time (seconds truncated) for a parsed instant (null for Go's zero time). */
export function formatTime(micros: bigint): Time {
  const seconds = micros - (((micros % 1_000_000n) + 1_000_000n) % 1_000_000n);
  return isZeroMicros(seconds) ? null : formatMicros(seconds, false);
}

/** Thrown for a timestamp that does not parse; the caller turns it into a 400. */
export class TimeParseError extends Error {
  readonly value: string;
  readonly layout: string;
  constructor(value: string, layout: string) {
    super(`parsing time ${JSON.stringify(value)} as ${JSON.stringify(layout)}: cannot parse ${JSON.stringify(value)} as ${JSON.stringify(layout.slice(0, 4))}`);
    this.name = 'TimeParseError';
    this.value = value;
    this.layout = layout;
  }
}

const RFC3339_LAYOUT = '2006-01-02T15:04:05Z07:00';
const RFC3339_MICRO_LAYOUT = '2006-01-02T15:04:05.000000Z07:00';

// Already-canonical wire forms (UTC, fields in range) are returned as they are: parsing and
// re-formatting them would give the same string back. The day is checked against the month below.
const canonicalMicroTime = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{6}Z$/;
const canonicalTime = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\dZ$/;
/** Both canonical forms of Go's zero time start with this; they normalise to null. */
const ZERO_PREFIX = '0001-01-01T00:00:00';

/** True when the canonical-looking string names a real day that is not Go's zero time. */
function isRealNonZeroDay(v: string): boolean {
  if (v.startsWith(ZERO_PREFIX)) return false;
  const day = Number(v.slice(8, 10));
  if (day <= 28) return true;
  const year = Number(v.slice(0, 4));
  const month = Number(v.slice(5, 7));
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 ? (leap ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
  return day <= days;
}

function isCanonicalMicroTime(v: string): boolean {
  return canonicalMicroTime.test(v) && isRealNonZeroDay(v);
}

function isCanonicalTime(v: string): boolean {
  return canonicalTime.test(v) && isRealNonZeroDay(v);
}

/** Normalises a wire MicroTime (null, undefined, '' or a timestamp) to its canonical form. */
export function normalizeMicroTime(v: string | null | undefined): MicroTime {
  if (v === null || v === undefined || v === '') return null;
  if (isCanonicalMicroTime(v)) return v;
  const micros = parseRFC3339Micros(v);
  if (micros === undefined) throw new TimeParseError(v, RFC3339_MICRO_LAYOUT);
  return formatMicroTime(micros);
}

/** Normalises a wire Time to its canonical form (fractions dropped, UTC). */
export function normalizeTime(v: string | null | undefined): Time {
  if (v === null || v === undefined || v === '') return null;
  if (isCanonicalTime(v)) return v;
  const micros = parseRFC3339Micros(v);
  if (micros === undefined) throw new TimeParseError(v, RFC3339_LAYOUT);
  return formatTime(micros);
}

/** True for an absent or zero Time/MicroTime. */
export function isZeroTime(v: string | null | undefined): boolean {
  if (v && (isCanonicalMicroTime(v) || isCanonicalTime(v))) return false;
  return normalizeMicroTime(v) === null;
}

/** The instant as a Date (millisecond precision), or undefined for zero. */
export function timeToDate(v: string | null | undefined): Date | undefined {
  if (v === null || v === undefined || v === '') return undefined;
  const micros = parseRFC3339Micros(v);
  if (micros === undefined || isZeroMicros(micros)) return undefined;
  return new Date(Number(micros / 1000n));
}

/** The current time as a MicroTime (for server-set timestamps). */
export function nowMicroTime(now: Date = new Date()): string {
  return formatMicros(BigInt(now.getTime()) * 1000n, true);
}

/** The current time as a Time. */
export function nowTime(now: Date = new Date()): string {
  return formatMicros(BigInt(Math.floor(now.getTime() / 1000)) * 1_000_000n, false);
}

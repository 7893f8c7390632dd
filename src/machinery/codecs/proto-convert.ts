// Converts between API objects as JSON and protobuf message objects, field by field from the
// message table: times become {seconds, nanos}, fieldsV1 becomes its raw JSON bytes, and zero
// values the Go types would omit from JSON are dropped on the way back (unless the field keeps
// them: pointers and non-omitempty fields).

import { messages, type FieldSpec } from './proto-messages.ts';

const scalarTypes = new Set(['string', 'bool', 'int32', 'int64', 'bytes']);
/** Go's zero time, which a non-pointer Time or MicroTime carries when unset. */
const zeroTimeSeconds = -62135596800;

export function toMessage(json: unknown, type: string): Record<string, unknown> {
  const spec = messages[type]!;
  const src = (json ?? {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(spec)) {
    const v = src[name];
    if (v === undefined || v === null) {
      const zero = field.always ? zeroOnWire(field) : undefined;
      if (zero !== undefined) out[name] = zero;
      continue;
    }
    out[name] = field.repeated ? (v as unknown[]).map((item) => toField(item, field)) : toField(v, field);
  }
  return out;
}

function toField(v: unknown, field: FieldSpec): unknown {
  if (field.map) return scalarTypes.has(field.type) ? v : mapValues(v, (item) => toField(item, { id: field.id, type: field.type }));
  // ExtraValue is a bare string array in JSON.
  if (field.type === 'ExtraValue') return { items: v };
  if (field.type === 'Time' || field.type === 'MicroTime') return parseTime(String(v));
  if (field.type === 'FieldsV1') return { Raw: Buffer.from(JSON.stringify(v)) };
  if (scalarTypes.has(field.type)) return v;
  return toMessage(v, field.type);
}

export function fromMessage(msg: Record<string, unknown>, type: string): Record<string, unknown> {
  const spec = messages[type]!;
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(spec)) {
    const v = msg[name];
    if (v === undefined || v === null) {
      const zero = field.always ? zeroInJson(field) : undefined;
      if (zero !== undefined) out[name] = zero;
      continue;
    }
    const converted = field.repeated ? (v as unknown[]).map((item) => fromField(item, field)) : fromField(v, field);
    if (field.always) out[name] = converted === undefined ? zeroInJson(field) : converted;
    else if (!isZero(converted) || field.keepZero || (type === 'Event' && name === 'metadata')) out[name] = converted;
  }
  return out;
}

function fromField(v: unknown, field: FieldSpec): unknown {
  // map<string, bytes> (Secret data) is base64 in JSON, as Go encodes []byte.
  if (field.map && field.type === 'bytes') return Object.fromEntries(Object.entries(v as Record<string, Uint8Array>).map(([k, b]) => [k, Buffer.from(b).toString('base64')]));
  if (field.map) return scalarTypes.has(field.type) ? v : mapValues(v, (item) => fromField(item, { id: field.id, type: field.type }));
  if (field.type === 'ExtraValue') return (v as { items?: string[] }).items ?? [];
  if (field.type === 'Time' || field.type === 'MicroTime') {
    const t = v as { seconds?: number; nanos?: number };
    // Go writes a zero Time as an empty message.
    if (t.seconds === undefined && t.nanos === undefined) return undefined;
    return formatTime(t.seconds ?? 0, t.nanos ?? 0, field.type === 'MicroTime');
  }
  if (field.type === 'FieldsV1') {
    const raw = (v as { Raw?: Uint8Array }).Raw;
    return raw && raw.length > 0 ? (JSON.parse(Buffer.from(raw).toString('utf8')) as unknown) : {};
  }
  if (scalarTypes.has(field.type)) return v;
  return fromMessage(v as Record<string, unknown>, field.type);
}

/** What Go writes for a zero non-pointer field: a zero time is an empty message. */
function zeroOnWire(field: FieldSpec): unknown {
  if (field.type === 'string') return '';
  return scalarTypes.has(field.type) ? undefined : {};
}

/** What Go's JSON holds for a zero non-pointer field: null for a time, {} for a struct. */
function zeroInJson(field: FieldSpec): unknown {
  if (field.type === 'Time' || field.type === 'MicroTime') return null;
  if (field.type === 'string') return '';
  return scalarTypes.has(field.type) ? undefined : {};
}

function mapValues(v: unknown, convert: (item: unknown) => unknown): Record<string, unknown> {
  return Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, item]) => [k, convert(item)]));
}

function isZero(v: unknown): boolean {
  if (v === undefined || v === '' || v === 0 || v === false) return true;
  if (Array.isArray(v)) return v.length === 0;
  if (typeof v === 'object' && v !== null && !(v instanceof Uint8Array)) return Object.keys(v).length === 0;
  return false;
}

const timePattern = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/i;

/** RFC 3339 with any fraction to {seconds, nanos}; throws on anything else. */
export function parseTime(s: string): { seconds: number; nanos: number } {
  const m = timePattern.exec(s);
  if (!m) throw new Error(`invalid time ${JSON.stringify(s)}`);
  const seconds = Date.parse(`${m[1]}${m[3]!.toUpperCase()}`) / 1000;
  if (!Number.isFinite(seconds)) throw new Error(`invalid time ${JSON.stringify(s)}`);
  const nanos = m[2] ? Number(m[2].padEnd(9, '0')) : 0;
  return { seconds, nanos };
}

/** Time as Kubernetes writes it: seconds precision, or exactly six fractional digits for MicroTime. */
export function formatTime(seconds: number, nanos: number, micro: boolean): string | undefined {
  if (seconds === zeroTimeSeconds && nanos === 0) return undefined;
  const base = new Date(seconds * 1000).toISOString().slice(0, 19);
  if (!micro) return `${base}Z`;
  return `${base}.${String(Math.floor(nanos / 1000)).padStart(6, '0')}Z`;
}

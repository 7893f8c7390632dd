// apimachinery types whose protobuf message differs from their JSON form, as Kubernetes writes
// them (apimachinery meta/v1, runtime, api/resource and util/intstr generated.proto): a Time is an
// RFC 3339 string in JSON and {seconds, nanos} on the wire. A definition names its wire type with
// `x-orch-protobuf: {wire}`; the message shapes are fixed by apimachinery, not by any kind.

import type { ProtobufWireType } from '../openapi/protobuf-extension.ts';

export interface WireTypeCodec {
  /** The message's fields on the wire. */
  fields: Readonly<Record<string, { id: number; type: string }>>;
  /** JSON value to message object. */
  toWire(json: unknown): unknown;
  /** Message object to JSON value; undefined for a zero value Go leaves out. */
  fromWire(message: unknown): unknown;
  /** What Go's JSON holds for a zero non-pointer field of this type. */
  zeroInJson: () => unknown;
}

/** Go's zero time, which a non-pointer Time or MicroTime carries when unset. */
const zeroTimeSeconds = -62135596800;
const timePattern = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/i;

/** RFC 3339 with any fraction to {seconds, nanos}; throws on anything else. */
function parseTime(s: string): { seconds: number; nanos: number } {
  const m = timePattern.exec(s);
  if (!m) throw new Error(`invalid time ${JSON.stringify(s)}`);
  const seconds = Date.parse(`${m[1]}${m[3]!.toUpperCase()}`) / 1000;
  if (!Number.isFinite(seconds)) throw new Error(`invalid time ${JSON.stringify(s)}`);
  const nanos = m[2] ? Number(m[2].padEnd(9, '0')) : 0;
  return { seconds, nanos };
}

/** Time as Kubernetes writes it: seconds precision, or exactly six fractional digits for MicroTime. */
function formatTime(seconds: number, nanos: number, micro: boolean): string | undefined {
  if (seconds === zeroTimeSeconds && nanos === 0) return undefined;
  const base = new Date(seconds * 1000).toISOString().slice(0, 19);
  if (!micro) return `${base}Z`;
  return `${base}.${String(Math.floor(nanos / 1000)).padStart(6, '0')}Z`;
}

function time(micro: boolean): WireTypeCodec {
  return {
    fields: { seconds: { id: 1, type: 'int64' }, nanos: { id: 2, type: 'int32' } },
    toWire: (json) => parseTime(String(json)),
    fromWire: (message) => {
      const t = message as { seconds?: number; nanos?: number };
      // Go writes a zero Time as an empty message.
      if (t.seconds === undefined && t.nanos === undefined) return undefined;
      return formatTime(t.seconds ?? 0, t.nanos ?? 0, micro);
    },
    // A non-pointer Time that is zero is null in Go's JSON.
    zeroInJson: () => null,
  };
}

const emptyObject = () => ({});

export const wireTypes: Readonly<Record<ProtobufWireType, WireTypeCodec>> = {
  Time: time(false),
  MicroTime: time(true),
  // The field set's JSON, as bytes.
  FieldsV1: {
    fields: { Raw: { id: 1, type: 'bytes' } },
    toWire: (json) => ({ Raw: Buffer.from(JSON.stringify(json)) }),
    fromWire: (message) => {
      const raw = (message as { Raw?: Uint8Array }).Raw;
      return raw && raw.length > 0 ? (JSON.parse(Buffer.from(raw).toString('utf8')) as unknown) : {};
    },
    zeroInJson: emptyObject,
  },
  // The embedded object's bytes. A watch frame nests an enveloped object already encoded, so its
  // JSON side holds the bytes and the caller decodes them; a field of a kind (a controller
  // revision's data) holds a JSON object, carried as its JSON bytes, as Go's RawExtension does.
  RawExtension: {
    fields: { raw: { id: 1, type: 'bytes' } },
    toWire: (json) => ({ raw: json instanceof Uint8Array ? json : Buffer.from(JSON.stringify(json)) }),
    fromWire: (message) => {
      const raw = (message as { raw?: Uint8Array }).raw ?? new Uint8Array();
      const first = raw[0];
      // JSON objects and arrays open with { or [; an enveloped object opens with the protobuf magic.
      if (first !== 0x7b && first !== 0x5b) return raw;
      try {
        return JSON.parse(Buffer.from(raw).toString('utf8')) as unknown;
      } catch {
        return raw;
      }
    },
    zeroInJson: emptyObject,
  },
  // A quantity's canonical string ("100m", "1Gi").
  Quantity: {
    fields: { string: { id: 1, type: 'string' } },
    toWire: (json) => ({ string: String(json) }),
    fromWire: (message) => (message as { string?: string }).string || '0',
    zeroInJson: () => '0',
  },
  // Go writes all three fields; type 0 holds an int, 1 a string.
  IntOrString: {
    fields: { type: { id: 1, type: 'int64' }, intVal: { id: 2, type: 'int32' }, strVal: { id: 3, type: 'string' } },
    toWire: (json) => (typeof json === 'string' ? { type: 1, intVal: 0, strVal: json } : { type: 0, intVal: json, strVal: '' }),
    fromWire: (message) => {
      const v = message as { type?: number; intVal?: number; strVal?: string };
      return v.type === 1 ? (v.strVal ?? '') : (v.intVal ?? 0);
    },
    zeroInJson: () => 0,
  },
};

// Converts between API objects as JSON and protobuf message objects, field by field from the
// message plans derived from the definitions (proto-derive.ts): apimachinery wire types convert
// as proto-wire-types.ts says, []byte is base64 in JSON, and zero values the Go types would omit
// from JSON are dropped on the way back (unless the field keeps them: pointers and non-omitempty
// fields). Fields a message does not declare are left out, as Go's types have no place for them.

import type { FieldPlan, MessagePlan, ValuePlan } from './proto-derive.ts';

export function toMessage(json: unknown, plan: MessagePlan): Record<string, unknown> {
  const src = (json ?? {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const field of plan.fields) {
    if (field.value.kind === 'inline') {
      out[field.name] = toMessage(src, field.value.message);
      continue;
    }
    const v = src[field.name];
    if (v === undefined || v === null) {
      if (field.always) {
        const zero = zeroOnWire(field.value);
        if (zero !== undefined) out[field.name] = zero;
      }
      continue;
    }
    if (field.repeated) out[field.name] = field.value.kind === 'scalar' ? v : (v as unknown[]).map((item) => toValue(item, field.value));
    else if (field.map) out[field.name] = field.value.kind === 'scalar' ? v : mapValues(v, (item) => toValue(item, field.value));
    else out[field.name] = toValue(v, field.value);
  }
  return out;
}

function toValue(v: unknown, value: ValuePlan): unknown {
  switch (value.kind) {
    case 'scalar':
      return v;
    case 'message':
      return toMessage(v, value.message);
    case 'wire':
      return value.codec.toWire(v);
    case 'wrapped':
      return { items: v };
    case 'inline':
      return toMessage(v, value.message);
  }
}

export function fromMessage(msg: Record<string, unknown>, plan: MessagePlan): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of plan.fields) {
    const v = msg[field.name];
    if (field.value.kind === 'inline') {
      if (v) Object.assign(out, fromMessage(v as Record<string, unknown>, field.value.message));
      continue;
    }
    if (v === undefined || v === null) {
      if (field.always) {
        const zero = zeroInJson(field.value);
        if (zero !== undefined) out[field.name] = zero;
      }
      continue;
    }
    const converted = fromField(v, field);
    if (field.always) out[field.name] = converted === undefined ? zeroInJson(field.value) : converted;
    else if (converted !== undefined && (field.keepZero || !isZero(converted))) out[field.name] = converted;
  }
  return out;
}

function fromField(v: unknown, field: FieldPlan): unknown {
  const value = field.value;
  if (field.repeated) return value.kind === 'scalar' && value.protoType !== 'bytes' ? v : (v as unknown[]).map((item) => fromValue(item, value));
  if (field.map) return value.kind === 'scalar' && value.protoType !== 'bytes' ? v : mapValues(v, (item) => fromValue(item, value));
  return fromValue(v, value);
}

function fromValue(v: unknown, value: ValuePlan): unknown {
  switch (value.kind) {
    case 'scalar':
      // []byte is base64 in JSON, as Go encodes it.
      return value.protoType === 'bytes' ? Buffer.from(v as Uint8Array).toString('base64') : v;
    case 'message':
      return fromMessage(v as Record<string, unknown>, value.message);
    case 'wire':
      return value.codec.fromWire(v);
    case 'wrapped':
      return (v as { items?: unknown[] }).items ?? [];
    case 'inline':
      return fromMessage(v as Record<string, unknown>, value.message);
  }
}

/** What Go writes for a zero non-pointer field: a zero time or struct is an empty message. */
function zeroOnWire(value: ValuePlan): unknown {
  if (value.kind !== 'scalar') return {};
  return value.protoType === 'string' ? '' : undefined;
}

/** What Go's JSON holds for a zero non-pointer field: null for a time, {} for a struct. */
function zeroInJson(value: ValuePlan): unknown {
  if (value.kind === 'wire') return value.codec.zeroInJson();
  if (value.kind !== 'scalar') return {};
  return value.protoType === 'string' ? '' : undefined;
}

function mapValues(v: unknown, convert: (item: unknown) => unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, item] of Object.entries(v as Record<string, unknown>)) out[k] = convert(item);
  return out;
}

function isZero(v: unknown): boolean {
  if (v === undefined || v === '' || v === 0 || v === false) return true;
  if (Array.isArray(v)) return v.length === 0;
  if (typeof v === 'object' && v !== null && !(v instanceof Uint8Array)) return Object.keys(v).length === 0;
  return false;
}

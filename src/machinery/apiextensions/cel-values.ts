// Custom resource values as the CEL rules of their schema see them: integers as CEL ints
// (bigint) and numbers as doubles, following the schema rather than the JSON text, and every
// list wrapped so that reading its elements is metered: that count approximates Kubernetes'
// runtime cost of comprehensions over lists, and stops a rule that runs past its limit.
import type { JSONSchemaProps } from '../../api/apiextensions/v1/types.ts';
import { toCelValue } from '../cel/index.ts';
import { setOwn } from '../patch/json-value.ts';

/** Cost accounting of one validation request. */
export class CostMeter {
  /** Element reads since the current rule started. */
  count = 0;
  /** The count at which the current rule is stopped. */
  stopAt = Infinity;
  /** Off while the validator itself walks the value. */
  active = false;
}

export const COST_EXCEEDED = 'operation cancelled: actual cost limit exceeded';

function metered(list: unknown[], meter: CostMeter): unknown[] {
  return new Proxy(list, {
    get(target, key, receiver) {
      if (meter.active && typeof key === 'string' && key !== 'length') {
        if (++meter.count > meter.stopAt) throw new Error(COST_EXCEEDED);
      }
      return Reflect.get(target, key, receiver);
    },
  });
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** The schema's value converted for CEL; unknown-typed parts convert as plain JSON. */
export function toCelBySchema(schema: JSONSchemaProps | undefined, v: unknown, meter: CostMeter): unknown {
  if (v === null || v === undefined) return v;
  if (!schema || schema['x-kubernetes-int-or-string']) return deepMetered(toCelValue(v), meter);
  switch (schema.type) {
    case 'integer':
      return typeof v === 'number' && Number.isInteger(v) ? BigInt(v) : v;
    case 'number':
      return v;
    case 'array': {
      if (!Array.isArray(v)) return v;
      const items = Array.isArray(schema.items) ? undefined : schema.items;
      return metered(v.map((x) => toCelBySchema(items, x, meter)), meter);
    }
    case 'object': {
      if (!isPlainObject(v)) return v;
      const out: Record<string, unknown> = {};
      const props = schema.properties;
      const extra = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
      for (const [k, x] of Object.entries(v)) {
        const s = props?.[k] ?? extra;
        setOwn(out, k, s ? toCelBySchema(s, x, meter) : deepMetered(toCelValue(x), meter));
      }
      return out;
    }
    default:
      return typeof v === 'object' ? deepMetered(toCelValue(v), meter) : v;
  }
}

function deepMetered(v: unknown, meter: CostMeter): unknown {
  if (Array.isArray(v)) return metered(v.map((x) => deepMetered(x, meter)), meter);
  if (isPlainObject(v)) {
    for (const k of Object.keys(v)) v[k] = deepMetered(v[k], meter);
  }
  return v;
}

/** The CEL type `self` has for a schema: typed where the CEL library allows, else dyn. */
export function celTypeOf(schema: JSONSchemaProps | undefined): string {
  if (!schema || schema['x-kubernetes-int-or-string'] || schema['x-kubernetes-embedded-resource']) return 'dyn';
  switch (schema.type) {
    case 'integer':
      return 'int';
    case 'number':
      return 'double';
    case 'boolean':
      return 'bool';
    case 'string':
      // date-time, duration and byte strings are plain strings here (timestamp, duration and
      // bytes in Kubernetes); see the module notes in cel-rules.ts.
      return 'string';
    case 'array': {
      const items = Array.isArray(schema.items) ? undefined : schema.items;
      return `list<${celTypeOf(items)}>`;
    }
    case 'object': {
      if (schema.properties || schema['x-kubernetes-preserve-unknown-fields']) return 'map<string, dyn>';
      if (typeof schema.additionalProperties === 'object') return `map<string, ${celTypeOf(schema.additionalProperties)}>`;
      return 'map<string, dyn>';
    }
    default:
      return 'dyn';
  }
}

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

function meteredList(list: unknown[], meter: CostMeter): unknown[] {
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

/** Converts one value for CEL; compiled per schema so that validating does no schema lookups. */
export type CelConverter = (v: unknown, meter: CostMeter) => unknown;

const plain: CelConverter = (v, meter) => deepMetered(toCelValue(v), meter);
const plainUnmetered: CelConverter = (v) => toCelValue(v);
const identity: CelConverter = (v) => v;

/**
 * The converter of a schema's values. With `metered` false (no rule iterates lists) lists are
 * left unwrapped, which saves most of the conversion's cost.
 */
export function compileCelConverter(schema: JSONSchemaProps | undefined, metered: boolean): CelConverter {
  const generic = metered ? plain : plainUnmetered;
  if (!schema || schema['x-kubernetes-int-or-string']) return generic;
  switch (schema.type) {
    case 'integer':
      return (v) => (typeof v === 'number' && Number.isInteger(v) ? BigInt(v) : v);
    case 'number':
    case 'string':
    case 'boolean':
      return identity;
    case 'array': {
      const item = compileCelConverter(Array.isArray(schema.items) ? undefined : schema.items, metered);
      return (v, meter) => {
        if (!Array.isArray(v)) return v;
        const out = new Array<unknown>(v.length);
        for (let i = 0; i < v.length; i++) out[i] = v[i] === null ? null : item(v[i], meter);
        return metered ? meteredList(out, meter) : out;
      };
    }
    case 'object': {
      const props = new Map<string, CelConverter>();
      for (const [k, s] of Object.entries(schema.properties ?? {})) props.set(k, compileCelConverter(s, metered));
      const extra = typeof schema.additionalProperties === 'object' ? compileCelConverter(schema.additionalProperties, metered) : generic;
      return (v, meter) => {
        if (!isPlainObject(v)) return v;
        const out: Record<string, unknown> = {};
        for (const k in v) {
          const x = v[k];
          const value = x === null ? null : (props.get(k) ?? extra)(x, meter);
          if (k === '__proto__') setOwn(out, k, value);
          else out[k] = value;
        }
        return out;
      };
    }
    default:
      return generic;
  }
}

function deepMetered(v: unknown, meter: CostMeter): unknown {
  if (Array.isArray(v)) return meteredList(v.map((x) => deepMetered(x, meter)), meter);
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

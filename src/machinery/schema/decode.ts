// The schema engine's decoder: walks a parsed JSON value against a kind's structural schema as
// Kubernetes' JSON decoder walks it into Go structs. The first value of the wrong JSON type ends
// the walk with Go's message (`json: cannot unmarshal array into Go struct field
// ObjectMeta.metadata.labels of type map[string]string`); nulls become what Go makes of them
// (an absent field, or the zero value inside a map or list) and timestamps their canonical form,
// so that validation only ever sees well-typed values.
//
// A schema is compiled once into a tree of nodes that carry their error context precomputed; the
// walk is iterative over an explicit stack and reads own properties only, so hostile keys such as
// "__proto__" are plain data and deep input cannot exhaust the call stack.
import { normalizeMicroTime, normalizeTime, TimeParseError } from '../../api/meta/v1/time.ts';
import { base64ErrorOffset } from './base64.ts';
import type { StructuralSchema } from './structural.ts';

const K = {
  ANY: 0,
  STRING: 1,
  INT32: 2,
  INT64: 3,
  NUMBER: 4,
  BOOL: 5,
  BYTES: 6,
  TIME: 7,
  MICROTIME: 8,
  INT_OR_STRING: 9,
  STRUCT: 10,
  MAP: 11,
  LIST: 12,
} as const;
type NodeKind = (typeof K)[keyof typeof K];

interface Node {
  kind: NodeKind;
  /** Go's error context for a value here: `ObjectMeta.metadata.labels`. */
  context: string;
  /** The Go type named in a type error (what Go's decoder reports, e.g. `string` for a Time). */
  goType: string;
  fields?: Map<string, Node>;
  elem?: Node;
}

/** A schema compiled for decoding; build it once per kind with compileSchema. */
export interface CompiledSchema {
  readonly root: Node;
  /** `v1.ConfigMap`: what a root of the wrong type is reported as. */
  readonly rootType: string;
}

const INT32_MIN = -(2 ** 31);
const INT32_END = 2 ** 31;
const INT64_MIN = -(2 ** 63);
const INT64_END = 2 ** 63;

/** Schemas deeper than this (only recursive ones) decode their deeper levels as anything. */
const MAX_SCHEMA_DEPTH = 64;

function goTypeOf(s: StructuralSchema): string {
  if (s.goType) return s.goType;
  if (s['x-kubernetes-int-or-string']) return 'intstr.IntOrString';
  switch (s.type) {
    case 'string':
      return s.format === 'byte' ? '[]uint8' : 'string';
    case 'integer':
      return s.format === 'int32' ? 'int32' : 'int64';
    case 'number':
      return 'float64';
    case 'boolean':
      return 'bool';
    case 'array':
      return `[]${s.items ? goTypeOf(s.items) : 'interface {}'}`;
    case 'object':
      if (s.additionalProperties && !s.properties) return `map[string]${goTypeOf(s.additionalProperties)}`;
      return 'map[string]interface {}';
    default:
      return 'interface {}';
  }
}

/** The struct name Go's errors use: `ObjectMeta` of `v1.ObjectMeta`. */
function structName(goType: string): string {
  return goType.slice(goType.lastIndexOf('.') + 1);
}

function compileNode(s: StructuralSchema, struct: string, path: string, depth: number): Node {
  const context = path ? `${struct}.${path}` : struct;
  const goType = goTypeOf(s);
  const node = (kind: NodeKind, type = goType): Node => ({ kind, context, goType: type });
  if (depth > MAX_SCHEMA_DEPTH || s['x-kubernetes-preserve-unknown-fields'] || s['x-kubernetes-embedded-resource']) return node(K.ANY);
  if (s['x-kubernetes-int-or-string']) return node(K.INT_OR_STRING, 'int32');
  switch (s.type) {
    case 'string':
      if (s.format === 'byte') return node(K.BYTES);
      // metav1.Time and MicroTime unmarshal a string themselves, so Go's errors name `string`.
      if (s.format === 'date-time') return node(goType.endsWith('MicroTime') ? K.MICROTIME : K.TIME, 'string');
      return node(K.STRING);
    case 'integer':
      return node(s.format === 'int32' ? K.INT32 : K.INT64);
    case 'number':
      return node(K.NUMBER);
    case 'boolean':
      return node(K.BOOL);
    case 'array': {
      const out = node(K.LIST);
      // Go names no index: items of a struct field keep the field's context.
      if (s.items) out.elem = compileNode(s.items, struct, path, depth + 1);
      else out.kind = K.ANY;
      return out;
    }
    case 'object': {
      if (s.properties) {
        const out = node(K.STRUCT);
        const name = structName(goType);
        out.fields = new Map();
        for (const field of Object.keys(s.properties)) {
          out.fields.set(field, compileNode(s.properties[field]!, name, path ? `${path}.${field}` : field, depth + 1));
        }
        return out;
      }
      if (s.additionalProperties) {
        const out = node(K.MAP);
        out.elem = compileNode(s.additionalProperties, struct, path, depth + 1);
        return out;
      }
      return node(K.ANY);
    }
    default:
      return node(K.ANY);
  }
}

/** Compiles a kind's schema (its root must be an object schema) for decodeWithSchema. */
export function compileSchema(schema: StructuralSchema): CompiledSchema {
  const rootType = goTypeOf(schema);
  return { root: compileNode(schema, structName(rootType), '', 0), rootType };
}

function jsonType(v: unknown): string {
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'boolean') return 'bool';
  return typeof v;
}

function typeError(node: Node, value: unknown, valueText = jsonType(value)): string {
  return `json: cannot unmarshal ${valueText} into Go struct field ${node.context} of type ${node.goType}`;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** An integer in [min, end), or Go's error; Go names the number when it does not fit. */
function integerError(node: Node, v: unknown, min: number, end: number): string | undefined {
  if (typeof v !== 'number') return typeError(node, v);
  if (!Number.isInteger(v) || v < min || v >= end) return typeError(node, v, `number ${v}`);
  return undefined;
}

/** Go's zero value for a null inside a map or list; undefined where Go keeps null (nil). */
function zeroValue(node: Node): unknown {
  switch (node.kind) {
    case K.STRING:
    case K.BYTES:
      return '';
    case K.INT32:
    case K.INT64:
    case K.NUMBER:
    case K.INT_OR_STRING:
      return 0;
    case K.BOOL:
      return false;
    case K.STRUCT:
      return {};
    default:
      return undefined;
  }
}

// The walk's stack, shared by every call: decoding is synchronous, so calls never interleave.
const stackValues: unknown[] = [];
const stackNodes: Node[] = [];

/**
 * Checks (and normalises) the value at `holder[key]`; containers are pushed for later. Returns
 * Go's error for a wrong type, or undefined.
 */
function visit(node: Node, holder: Record<string, unknown> | unknown[], key: string | number, v: unknown): string | undefined {
  switch (node.kind) {
    case K.ANY:
      return undefined;
    case K.STRING:
      return typeof v === 'string' ? undefined : typeError(node, v);
    case K.INT32:
      return integerError(node, v, INT32_MIN, INT32_END);
    case K.INT64:
      return integerError(node, v, INT64_MIN, INT64_END);
    case K.NUMBER:
      return typeof v === 'number' ? undefined : typeError(node, v);
    case K.BOOL:
      return typeof v === 'boolean' ? undefined : typeError(node, v);
    case K.INT_OR_STRING:
      return typeof v === 'string' ? undefined : integerError(node, v, INT32_MIN, INT32_END);
    case K.BYTES: {
      if (typeof v !== 'string') return typeError(node, v);
      const at = base64ErrorOffset(v);
      // Go's base64 error carries no field context.
      return at >= 0 ? `illegal base64 data at input byte ${at}` : undefined;
    }
    case K.TIME:
    case K.MICROTIME: {
      if (typeof v !== 'string') return typeError(node, v);
      let t: string | null;
      try {
        t = node.kind === K.TIME ? normalizeTime(v) : normalizeMicroTime(v);
      } catch (err) {
        if (err instanceof TimeParseError) return err.message;
        throw err;
      }
      // An empty timestamp is Go's zero time: absent from a struct, null inside a list.
      if (t === null && !Array.isArray(holder)) delete holder[key as string];
      else if (t !== v) (holder as Record<string | number, unknown>)[key] = t;
      return undefined;
    }
    case K.STRUCT:
    case K.MAP:
      if (!isPlainObject(v)) return typeError(node, v);
      stackValues.push(v);
      stackNodes.push(node);
      return undefined;
    case K.LIST:
      if (!Array.isArray(v)) return typeError(node, v);
      stackValues.push(v);
      stackNodes.push(node);
      return undefined;
  }
}

function walk(): string | undefined {
  while (stackValues.length) {
    const value = stackValues.pop()!;
    const node = stackNodes.pop()!;
    if (node.kind === K.STRUCT) {
      const obj = value as Record<string, unknown>;
      const fields = node.fields!;
      for (const key in obj) {
        if (!Object.hasOwn(obj, key)) continue;
        const field = fields.get(key);
        if (!field) continue; // unknown fields are ignored here, as Go's non-strict decoding does
        const v = obj[key];
        if (v === null) {
          delete obj[key];
          continue;
        }
        const err = visit(field, obj, key, v);
        if (err) return err;
      }
    } else if (node.kind === K.MAP) {
      const obj = value as Record<string, unknown>;
      const elem = node.elem!;
      for (const key in obj) {
        if (!Object.hasOwn(obj, key)) continue;
        const v = obj[key];
        if (v === null) {
          const zero = zeroValue(elem);
          if (zero !== undefined) obj[key] = zero;
          continue;
        }
        const err = visit(elem, obj, key, v);
        if (err) return err;
      }
    } else {
      const arr = value as unknown[];
      const elem = node.elem!;
      for (let i = 0; i < arr.length; i++) {
        const v = arr[i];
        if (v === null) {
          const zero = zeroValue(elem);
          if (zero !== undefined) arr[i] = zero;
          continue;
        }
        const err = visit(elem, arr, i, v);
        if (err) return err;
      }
    }
  }
  return undefined;
}

/**
 * Decodes `value` in place against `schema`: returns Go's error text for the first value of the
 * wrong type (the caller words the API error), or undefined when the value is well typed.
 */
export function decodeWithSchema(schema: CompiledSchema, value: unknown): string | undefined {
  if (!isPlainObject(value)) return `json: cannot unmarshal ${value === null ? 'null' : jsonType(value)} into Go value of type ${schema.rootType}`;
  stackValues.push(value);
  stackNodes.push(schema.root);
  const err = walk();
  stackValues.length = 0;
  stackNodes.length = 0;
  return err;
}

// The schema engine's decoder: walks a parsed JSON value against a kind's structural schema as
// Kubernetes' JSON decoder walks it into Go structs. The first value of the wrong JSON type ends
// the walk with Go's message (`json: cannot unmarshal array into Go struct field
// ObjectMeta.metadata.labels of type map[string]string`); nulls become what Go makes of them
// (an absent field, or the zero value inside a map or list) and timestamps their canonical form,
// so that validation only ever sees well-typed values. The same pass, as its caller asks, does
// what Go's structs do to fields they do not declare: drops them (pruning) and reports their paths
// as Kubernetes' strict decoding names them (`spec.containers[0].foo`), in document order; and
// writes the struct as Go's encoder would: the schema's defaults filled into absent fields (a
// non-pointer struct as `{}`, a non-omitempty string as ""), `omitEmpty` zero values dropped, and
// the fields of a struct whose schema is in Go's order (`goOrder`) written in that order.
//
// A schema is compiled once into a tree of nodes that carry their error context precomputed; the
// walk is iterative over an explicit stack and reads own properties only, so hostile keys such as
// "__proto__" are plain data and deep input cannot exhaust the call stack.
import { normalizeMicroTime, normalizeTime, TimeParseError } from '../../api/meta/v1/time.ts';
import { normalizeQuantityJson, QuantityParseError } from '../quantity/quantity.ts';
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
  QUANTITY: 13,
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
  /** A struct that keeps (and does not report) fields it does not declare. */
  preserveUnknown?: boolean;
  /** Go's `,omitempty`: a zero value here is dropped from its struct. */
  omitEmpty?: boolean;
  /** A null here is kept (a custom resource's `nullable: true`), not dropped from its struct. */
  nullable?: boolean;
  /**
   * A custom resource's container: a value of another type is left as it is for validation to
   * report, rather than failing decoding as Go's typed decoding would.
   */
  lenient?: boolean;
  /** A struct's fields that have a default, with it. */
  defaults?: Array<{ field: string; value: unknown; node: Node }>;
  /** A struct written in Go's field order: its fields in that order. */
  order?: string[];
  /** A field of such a struct: its place in the order. */
  index: number;
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

function compileNode(s: StructuralSchema, struct: string, path: string, depth: number, lenient: boolean): Node {
  const context = path ? `${struct}.${path}` : struct;
  const goType = goTypeOf(s);
  // A built-in type inside a custom resource (its ObjectMeta) decodes as Go decodes it.
  if (s.goType) lenient = false;
  const node = (kind: NodeKind, type = goType): Node => {
    const out: Node = { kind, context, goType: type, index: 0 };
    if (s.nullable) out.nullable = true;
    if (lenient) out.lenient = true;
    return out;
  };
  if (depth > MAX_SCHEMA_DEPTH) return node(K.ANY);
  // An embedded object of a custom resource is pruned by its own properties, and keeps its type
  // and metadata as any object does; elsewhere it is taken as it is.
  if (s['x-kubernetes-embedded-resource']) {
    if (!lenient || !s.properties || s['x-kubernetes-preserve-unknown-fields']) return node(K.ANY);
    const open: StructuralSchema = {};
    s = { ...s, properties: { apiVersion: open, kind: open, metadata: open, ...s.properties } };
  }
  // A custom resource's scalars are typed by validation, which names the schema's types.
  if (lenient && s.type !== 'object' && s.type !== 'array') return node(K.ANY);
  if (s['x-kubernetes-preserve-unknown-fields'] && !(s.type === 'object' && s.properties)) return node(K.ANY);
  if (s['x-kubernetes-int-or-string']) return node(K.INT_OR_STRING, 'int32');
  // resource.Quantity reads any JSON value itself (a string or a number's text).
  if (s.goType === 'resource.Quantity') return node(K.QUANTITY);
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
      if (s.items) out.elem = compileNode(s.items, struct, path, depth + 1, lenient);
      else out.kind = K.ANY;
      return out;
    }
    case 'object': {
      if (s.properties) {
        const out = node(K.STRUCT);
        const name = structName(goType);
        out.fields = new Map();
        for (const field of Object.keys(s.properties)) {
          const sub = s.properties[field]!;
          const child = compileNode(sub, name, path ? `${path}.${field}` : field, depth + 1, lenient);
          out.fields.set(field, child);
          if (sub.omitEmpty) child.omitEmpty = true;
          if (sub.default !== undefined) (out.defaults ??= []).push({ field, value: sub.default, node: child });
          child.index = out.fields.size - 1;
        }
        if (s['x-kubernetes-preserve-unknown-fields']) out.preserveUnknown = true;
        // Fields it keeps without declaring them have no place in Go's order.
        else if (s.goOrder) out.order = [...out.fields.keys()];
        return out;
      }
      if (s.additionalProperties) {
        const out = node(K.MAP);
        out.elem = compileNode(s.additionalProperties, struct, path, depth + 1, lenient);
        return out;
      }
      return node(K.ANY);
    }
    default:
      return node(K.ANY);
  }
}

/**
 * Compiles a kind's schema (its root must be an object schema) for decodeWithSchema. A custom
 * resource's schema (`customResource`) is not Go-typed: values of the wrong type are left for its
 * validation, nulls are kept where the schema is nullable, and only its ObjectMeta is Go's.
 */
export function compileSchema(schema: StructuralSchema, opts: { customResource?: boolean } = {}): CompiledSchema {
  const rootType = goTypeOf(schema);
  return { root: compileNode(schema, structName(rootType), '', 0, opts.customResource ?? false), rootType };
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
  if (node.lenient) return undefined;
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
    case K.QUANTITY:
      return '0';
    case K.STRUCT:
      return {};
    default:
      return undefined;
  }
}

// The walk's stack, shared by every call: decoding is synchronous, so calls never interleave.
// Each entry is a container to walk (or, with UNKNOWN as its node, an unknown field to report),
// with the id of its path record when paths are tracked.
const stackValues: unknown[] = [];
const stackNodes: Node[] = [];
const stackPaths: number[] = [];

/** Marks a stack entry that reports an unknown field when it is reached. */
const UNKNOWN: Node = { kind: K.ANY, context: '', goType: '', index: 0 };

// Paths are kept as records (parent id, key), so that one is spelled out only for an unknown
// field; a record costs two array stores per container.
const pathParents: number[] = [];
const pathKeys: Array<string | number> = [];
let pathCount = 0;

/** Where unknown fields are reported in this call; undefined when nobody asks. */
let unknownOut: string[] | undefined;
let pruneUnknown = false;
let fillDefaults = false;

function pathRecord(parent: number, key: string | number): number {
  pathParents[pathCount] = parent;
  pathKeys[pathCount] = key;
  return pathCount++;
}

/** `spec.containers[0].foo`, as Kubernetes' strict decoding names a field. */
function pathText(id: number): string {
  let out = '';
  for (let at = id; at > 0; at = pathParents[at]!) {
    const key = pathKeys[at]!;
    const segment = typeof key === 'number' ? `[${key}]` : key;
    out = out === '' ? segment : out[0] === '[' ? segment + out : `${segment}.${out}`;
  }
  return out;
}

function push(value: unknown, node: Node, path: number): void {
  stackValues.push(value);
  stackNodes.push(node);
  stackPaths.push(path);
}

/** Reverses the entries pushed since `base`, so they are taken in document order. */
function inOrder(base: number): void {
  for (let i = base, j = stackValues.length - 1; i < j; i++, j--) {
    const v = stackValues[i];
    stackValues[i] = stackValues[j];
    stackValues[j] = v;
    const n = stackNodes[i]!;
    stackNodes[i] = stackNodes[j]!;
    stackNodes[j] = n;
    const p = stackPaths[i]!;
    stackPaths[i] = stackPaths[j]!;
    stackPaths[j] = p;
  }
}

/**
 * Checks (and normalises) the value at `holder[key]`; containers are pushed for later, with a path
 * record under `parent` when paths are tracked. Returns Go's error for a wrong type, or undefined.
 */
function visit(node: Node, holder: Record<string, unknown> | unknown[], key: string | number, v: unknown, parent: number): string | undefined {
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
    case K.QUANTITY: {
      // Stored and served in Go's canonical form; Go's parse error carries no field context.
      let q: string;
      try {
        q = normalizeQuantityJson(v);
      } catch (err) {
        if (err instanceof QuantityParseError) return err.message;
        throw err;
      }
      if (q !== v) (holder as Record<string | number, unknown>)[key] = q;
      return undefined;
    }
    case K.STRUCT:
    case K.MAP:
      if (!isPlainObject(v)) return node.lenient ? undefined : typeError(node, v);
      push(v, node, parent < 0 ? -1 : pathRecord(parent, key));
      return undefined;
    case K.LIST:
      if (!Array.isArray(v)) return node.lenient ? undefined : typeError(node, v);
      push(v, node, parent < 0 ? -1 : pathRecord(parent, key));
      return undefined;
  }
}

/** What Go's `,omitempty` leaves out: a zero scalar, an empty list or map. */
function isGoEmpty(v: unknown): boolean {
  if (v === '' || v === 0 || v === false) return true;
  if (Array.isArray(v)) return v.length === 0;
  if (typeof v === 'object' && v !== null) {
    for (const key in v) if (Object.hasOwn(v, key)) return false;
    return true;
  }
  return false;
}

/** Go's zero value of a default: a fresh copy, since the filled object may be changed later. */
function copyDefault(v: unknown): unknown {
  return typeof v === 'object' && v !== null ? structuredClone(v) : v;
}

/**
 * Writes `obj`'s fields again in `order`, in place: the object is the caller's (the root is the
 * decoded body itself), and only a struct whose fields came out of order pays for it.
 */
function reorder(obj: Record<string, unknown>, node: Node): void {
  const order = node.order!;
  const values: unknown[] = [];
  for (let i = 0; i < order.length; i++) values.push(Object.hasOwn(obj, order[i]!) ? obj[order[i]!] : undefined);
  // Undeclared fields a caller chose not to prune stay, after the declared ones.
  const rest: Array<[string, unknown]> = [];
  for (const key in obj) {
    if (!Object.hasOwn(obj, key)) continue;
    if (!node.fields!.has(key)) rest.push([key, obj[key]]);
    delete obj[key];
  }
  for (let i = 0; i < order.length; i++) if (values[i] !== undefined) obj[order[i]!] = values[i];
  // Defined, not assigned: a key such as "__proto__" stays plain data.
  for (const [key, value] of rest) Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

function walkStruct(obj: Record<string, unknown>, node: Node, path: number): string | undefined {
  const fields = node.fields!;
  // Whether the fields come in Go's order so far, and the place of the last one.
  let inGoOrder = true;
  let last = -1;
  for (const key in obj) {
    if (!Object.hasOwn(obj, key)) continue;
    const field = fields.get(key);
    if (!field) {
      if (node.preserveUnknown) continue;
      // Go's structs have no place for it: dropped, and reported when somebody asks.
      if (pruneUnknown) delete obj[key];
      if (unknownOut) push(undefined, UNKNOWN, pathRecord(path, key));
      continue;
    }
    const v = obj[key];
    if (v === null) {
      if (!field.nullable) delete obj[key];
      continue;
    }
    const err = visit(field, obj, key, v, path);
    if (err) return err;
    if (field.omitEmpty && fillDefaults && isGoEmpty(obj[key])) delete obj[key];
    if (field.index < last) inGoOrder = false;
    else last = field.index;
  }
  if (!fillDefaults) return undefined;
  const defaults = node.defaults;
  if (defaults) {
    for (let i = 0; i < defaults.length; i++) {
      const d = defaults[i]!;
      if (obj[d.field] !== undefined && Object.hasOwn(obj, d.field)) continue;
      const v = copyDefault(d.value);
      obj[d.field] = v;
      // Filled after the fields that were there: in order only if it comes after them.
      if (d.node.index < last) inGoOrder = false;
      else last = d.node.index;
      if (v === null) continue;
      // A filled struct gets its own fields' defaults too.
      const err = visit(d.node, obj, d.field, v, path);
      if (err) return err;
    }
  }
  if (!inGoOrder && node.order) reorder(obj, node);
  return undefined;
}

function walk(): string | undefined {
  while (stackValues.length) {
    const value = stackValues.pop()!;
    const node = stackNodes.pop()!;
    const path = stackPaths.pop()!;
    if (node === UNKNOWN) {
      unknownOut!.push(pathText(path));
      continue;
    }
    const base = stackValues.length;
    if (node.kind === K.STRUCT) {
      const err = walkStruct(value as Record<string, unknown>, node, path);
      if (err) return err;
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
        const err = visit(elem, obj, key, v, path);
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
        const err = visit(elem, arr, i, v, path);
        if (err) return err;
      }
    }
    if (stackValues.length - base > 1) inOrder(base);
  }
  return undefined;
}

export interface DecodeOptions {
  /** Receives the paths of fields the schema does not declare. */
  unknownFields?: string[];
  /** Drop fields the schema does not declare, as decoding into a Go struct does. */
  prune?: boolean;
  /**
   * Write the struct as Go's encoder would: fill the schema's defaults into absent (or null)
   * fields, drop `omitEmpty` fields holding a zero value, and put the fields of a struct in Go's
   * order when its schema has one.
   */
  defaults?: boolean;
}

/**
 * Decodes `value` in place against `schema`: returns Go's error text for the first value of the
 * wrong type (the caller words the API error), or undefined when the value is well typed. As
 * `options` ask, fields the schema does not declare are listed and dropped, and defaults filled.
 */
export function decodeWithSchema(schema: CompiledSchema, value: unknown, options?: DecodeOptions): string | undefined {
  if (!isPlainObject(value)) return `json: cannot unmarshal ${value === null ? 'null' : jsonType(value)} into Go value of type ${schema.rootType}`;
  unknownOut = options?.unknownFields;
  pruneUnknown = options?.prune ?? false;
  fillDefaults = options?.defaults ?? false;
  pathCount = 0;
  push(value, schema.root, unknownOut ? pathRecord(-1, '') : -1);
  let err: string | undefined;
  try {
    err = walk();
  } finally {
    stackValues.length = 0;
    stackNodes.length = 0;
    stackPaths.length = 0;
    unknownOut = undefined;
  }
  return err;
}

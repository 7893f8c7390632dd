// Validation of a custom resource value against its CRD schema, as Kubernetes does it with
// kube-openapi's validator (type, nullable, enum, bounds, lengths, pattern, items, properties,
// required, allOf/anyOf/oneOf/not, formats), followed by the embedded-resource checks and the
// list-type uniqueness checks. The schema is compiled once into a tree of closures; validating
// walks the value once. Messages and reasons are Kubernetes' (`spec.replicas: Invalid value: 11:
// spec.replicas in body should be less than or equal to 10`).
import type { JSONSchemaProps } from '../../api/apiextensions/v1/types.ts';
import type { StatusCause } from '../status.ts';
import { invalid, notSupported, required, RenderedValue, toStatusCauses, tooLong, tooMany, type FieldError } from '../validation/field-error.ts';
import { NIL_PATH } from '../validation/path.ts';
import { validateEmbeddedResource } from './embedded.ts';
import { isSupportedFormat, stringFormatCheck } from './formats.ts';
import { compileGoPattern } from './go-regexp.ts';
import { canonicalJson, goFloat, goNumber, goSharpV, jsonEqual, jsonTypeOf } from './go-values.ts';
import { compileListTypeCheck } from './list-type.ts';

/** Where errors of one validation go, in the order Kubernetes reports the passes. */
interface Sink {
  /** The caller's field path, prepended to every error's field. */
  readonly prefix: string;
  readonly schema: FieldError[];
  readonly embedded: FieldError[];
  readonly lists: FieldError[];
}

/**
 * One compiled schema node. `name` is kube-openapi's path (properties joined with dots, items
 * as `[i]`, map values as `.key`), used in messages; `fpath` is the field.Path form of the same
 * place (map values as `[key]`), used by the embedded and list-type passes.
 */
type Node = (value: unknown, name: string, fpath: string, sink: Sink) => void;

function fieldOf(sink: Sink, name: string): string {
  if (!name) return sink.prefix || NIL_PATH;
  return sink.prefix ? `${sink.prefix}.${name}` : name;
}

function shown(name: string): string {
  return name;
}

/** A bad value as Kubernetes' field errors print it. */
function bad(v: unknown): FieldError['badValue'] {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'number') return Number.isInteger(v) ? v : new RenderedValue(goFloat(v));
  if (typeof v === 'object') return new RenderedValue(goSharpV(v));
  return v as FieldError['badValue'];
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function joinName(parent: string, key: string): string {
  return parent ? `${parent}.${key}` : key;
}

function runeLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

function enumLabel(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

function enumMatches(value: unknown, candidate: unknown): boolean {
  if (typeof value === 'number' && typeof candidate === 'number') return value === candidate;
  return jsonEqual(value, candidate);
}

/** Kubernetes' data type names: integral numbers are integers, as JSON decoding makes them. */
function typeAccepts(types: readonly string[], actual: string): boolean {
  if (types.includes(actual)) return true;
  return actual === 'integer' && types.includes('number');
}

/** The format Go's type inference gives a decoded value (int64 for integers, double for floats). */
function dataFormat(actual: string): string {
  return actual === 'integer' ? 'int64' : actual === 'number' ? 'double' : '';
}

function isMultipleOf(value: number, factor: number): boolean {
  if (factor <= 0) return true;
  const q = value / factor;
  return Math.abs(q - Math.round(q)) < 1e-9 * Math.max(1, Math.abs(q));
}

interface Options {
  /** Nodes inside allOf/anyOf/oneOf/not check values only (no embedded or list-type passes). */
  valueOnly: boolean;
}

function compileNode(schema: JSONSchemaProps, opts: Options): Node {
  const checks: Node[] = [];
  const intOrString = schema['x-kubernetes-int-or-string'] === true;
  const types = intOrString ? ['integer', 'string'] : schema.type ? [schema.type] : [];
  const typeName = types.join(',');
  const nullable = schema.nullable === true;
  const format = schema.format && isSupportedFormat(intOrString ? undefined : schema.type, schema.format) ? schema.format : '';
  const formatCheck = format ? stringFormatCheck(format) : undefined;
  const numericType = types.includes('integer') || types.includes('number');

  // Type (and the numeric format agreement kube-openapi checks alongside it).
  if (types.length || format) {
    checks.push((v, name, _f, sink) => {
      const actual = jsonTypeOf(v);
      if (actual === 'string' || actual === 'array') {
        if (!numericType && format) return;
      } else if (format && !typeAccepts(types, actual) && dataFormat(actual) !== format) {
        const df = dataFormat(actual);
        sink.schema.push({ type: 'FieldValueTypeInvalid', field: fieldOf(sink, name), badValue: df, detail: `${shown(name)} in body must be of type ${format}: ${JSON.stringify(df)}` });
        return;
      }
      if (types.length && !typeAccepts(types, actual)) {
        sink.schema.push({ type: 'FieldValueTypeInvalid', field: fieldOf(sink, name), badValue: actual, detail: `${shown(name)} in body must be of type ${typeName}: ${JSON.stringify(actual)}` });
      }
    });
  }

  // allOf / anyOf / oneOf / not: value validation only.
  const sub = (list: JSONSchemaProps[] | undefined): Node[] => (list ?? []).map((s) => compileNode(s, { valueOnly: true }));
  const allOf = sub(schema.allOf);
  const anyOf = sub(schema.anyOf);
  const oneOf = sub(schema.oneOf);
  const not = schema.not ? compileNode(schema.not, { valueOnly: true }) : undefined;
  const trial = (node: Node, v: unknown, name: string, fpath: string, sink: Sink): FieldError[] => {
    const scratch: Sink = { prefix: sink.prefix, schema: [], embedded: [], lists: [] };
    node(v, name, fpath, scratch);
    return scratch.schema;
  };
  const general = (sink: Sink, message: string) => sink.schema.push(invalid(NIL_PATH, '', message));
  if (allOf.length) {
    checks.push((v, name, fpath, sink) => {
      let valid = 0;
      for (const n of allOf) {
        const errs = trial(n, v, name, fpath, sink);
        if (!errs.length) valid++;
        sink.schema.push(...errs);
      }
      if (valid !== allOf.length) general(sink, `${JSON.stringify(name)} must validate all the schemas (allOf)${valid === 0 ? '. None validated' : ''}`);
    });
  }
  if (anyOf.length) {
    checks.push((v, name, fpath, sink) => {
      let best: FieldError[] | undefined;
      for (const n of anyOf) {
        const errs = trial(n, v, name, fpath, sink);
        if (!errs.length) return;
        if (!best || errs.length < best.length) best = errs;
      }
      general(sink, `${JSON.stringify(name)} must validate at least one schema (anyOf)`);
      sink.schema.push(...(best ?? []));
    });
  }
  if (oneOf.length) {
    checks.push((v, name, fpath, sink) => {
      let valid = 0;
      let best: FieldError[] | undefined;
      for (const n of oneOf) {
        const errs = trial(n, v, name, fpath, sink);
        if (!errs.length) valid++;
        else if (!best || errs.length < best.length) best = errs;
      }
      if (valid === 1) return;
      general(sink, `${JSON.stringify(name)} must validate one and only one schema (oneOf). ${valid === 0 ? 'Found none valid' : `Found ${valid} valid alternatives`}`);
      if (valid === 0) sink.schema.push(...(best ?? []));
    });
  }
  if (not) {
    checks.push((v, name, fpath, sink) => {
      if (!trial(not, v, name, fpath, sink).length) general(sink, `${JSON.stringify(name)} must not validate the schema (not)`);
    });
  }

  // Strings: lengths in characters, the pattern, the format.
  const { maxLength, minLength } = schema;
  const pattern = schema.pattern !== undefined ? compileGoPattern(schema.pattern) : undefined;
  if (maxLength !== undefined || minLength !== undefined || (pattern && pattern.ok) || formatCheck) {
    checks.push((v, name, _f, sink) => {
      if (typeof v !== 'string') return;
      const len = maxLength !== undefined || minLength !== undefined ? runeLength(v) : 0;
      if (maxLength !== undefined && len > maxLength) sink.schema.push(tooLong(fieldOf(sink, name), maxLength));
      if (minLength !== undefined && len < minLength) sink.schema.push(invalid(fieldOf(sink, name), v, `${shown(name)} in body should be at least ${minLength} chars long`));
      if (pattern?.ok && !pattern.regexp.test(v)) sink.schema.push(invalid(fieldOf(sink, name), v, `${shown(name)} in body should match '${schema.pattern}'`));
      if (formatCheck && !formatCheck(v)) sink.schema.push({ type: 'FieldValueTypeInvalid', field: fieldOf(sink, name), badValue: v, detail: `${shown(name)} in body must be of type ${format}: ${JSON.stringify(v)}` });
    });
  }

  // Numbers.
  const { multipleOf, maximum, minimum } = schema;
  if (multipleOf !== undefined || maximum !== undefined || minimum !== undefined) {
    checks.push((v, name, _f, sink) => {
      if (typeof v !== 'number') return;
      const int = Number.isInteger(v);
      if (multipleOf !== undefined && !isMultipleOf(v, multipleOf)) {
        sink.schema.push(invalid(fieldOf(sink, name), bad(v), `${shown(name)} in body should be a multiple of ${goNumber(multipleOf, int)}`));
      }
      if (maximum !== undefined && (schema.exclusiveMaximum ? v >= maximum : v > maximum)) {
        const words = schema.exclusiveMaximum ? 'less than' : 'less than or equal to';
        sink.schema.push(invalid(fieldOf(sink, name), bad(v), `${shown(name)} in body should be ${words} ${goNumber(maximum, int)}`));
      }
      if (minimum !== undefined && (schema.exclusiveMinimum ? v <= minimum : v < minimum)) {
        const words = schema.exclusiveMinimum ? 'greater than' : 'greater than or equal to';
        sink.schema.push(invalid(fieldOf(sink, name), bad(v), `${shown(name)} in body should be ${words} ${goNumber(minimum, int)}`));
      }
    });
  }

  // Arrays: items first, then the counts and uniqueness.
  const items = schema.items && !Array.isArray(schema.items) ? compileNode(schema.items, opts) : undefined;
  const { maxItems, minItems, uniqueItems } = schema;
  if (items || maxItems !== undefined || minItems !== undefined || uniqueItems) {
    checks.push((v, name, fpath, sink) => {
      if (!Array.isArray(v)) return;
      if (items) for (let i = 0; i < v.length; i++) items(v[i], `${name}[${i}]`, `${fpath}[${i}]`, sink);
      if (minItems !== undefined && v.length < minItems) sink.schema.push(invalid(fieldOf(sink, name), v.length, `${shown(name)} in body should have at least ${minItems} items`));
      if (maxItems !== undefined && v.length > maxItems) sink.schema.push(tooMany(fieldOf(sink, name), v.length, maxItems));
      if (uniqueItems && new Set(v.map(canonicalJson)).size !== v.length) sink.schema.push(invalid(fieldOf(sink, name), '', `${shown(name)} in body shouldn't contain duplicates`));
    });
  }

  // Enum.
  const enumValues = schema.enum;
  if (enumValues && enumValues.length) {
    const labels = enumValues.map(enumLabel);
    checks.push((v, name, _f, sink) => {
      for (const e of enumValues) if (enumMatches(v, e)) return;
      sink.schema.push(notSupported(fieldOf(sink, name), bad(v) as never, labels));
    });
  }

  // Objects: counts, closed maps, required, then properties and map values.
  const properties = Object.entries(schema.properties ?? {}).map(([k, s]) => [k, compileNode(s, opts)] as const);
  const propertyNames = new Set(Object.keys(schema.properties ?? {}));
  const additional = schema.additionalProperties;
  const additionalNode = additional && typeof additional === 'object' ? compileNode(additional, opts) : undefined;
  const closed = additional === false;
  const requiredKeys = schema.required ?? [];
  const { maxProperties, minProperties } = schema;
  if (properties.length || additionalNode || closed || requiredKeys.length || maxProperties !== undefined || minProperties !== undefined) {
    checks.push((v, name, fpath, sink) => {
      if (!isObject(v)) return;
      if (maxProperties !== undefined || minProperties !== undefined) {
        const n = Object.keys(v).length;
        if (maxProperties !== undefined && n > maxProperties) sink.schema.push(tooMany(fieldOf(sink, name), n, maxProperties));
        if (minProperties !== undefined && n < minProperties) sink.schema.push(invalid(fieldOf(sink, name), minProperties, `${shown(name)} in body should have at least ${minProperties} properties`));
      }
      if (closed) {
        for (const k of Object.keys(v)) {
          if (!propertyNames.has(k)) sink.schema.push(invalid(fieldOf(sink, name), k, `${shown(name)}.${k} in body is a forbidden property`));
        }
      }
      for (const k of requiredKeys) if (!Object.hasOwn(v, k)) sink.schema.push(required(fieldOf(sink, joinName(name, k))));
      for (const [k, node] of properties) if (Object.hasOwn(v, k)) node(v[k], joinName(name, k), fpath ? `${fpath}.${k}` : k, sink);
      if (additionalNode) {
        for (const k of Object.keys(v)) if (!propertyNames.has(k)) additionalNode(v[k], joinName(name, k), `${fpath}[${k}]`, sink);
      }
    });
  }

  // The passes after schema validation.
  if (!opts.valueOnly && schema['x-kubernetes-embedded-resource']) {
    checks.push((v, _name, fpath, sink) => {
      if (isObject(v)) sink.embedded.push(...validateEmbeddedResource(fpath || '', v));
    });
  }
  const listCheck = opts.valueOnly ? undefined : compileListTypeCheck(schema);
  if (listCheck) {
    checks.push((v, _name, fpath, sink) => {
      if (Array.isArray(v)) sink.lists.push(...listCheck(fpath, v));
    });
  }

  const typed = types.length > 0;
  return (v, name, fpath, sink) => {
    if (v === null || v === undefined) {
      if (typed && !nullable) {
        sink.schema.push({ type: 'FieldValueTypeInvalid', field: fieldOf(sink, name), badValue: 'null', detail: `${shown(name)} in body must be of type ${typeName}: "null"` });
      }
      if (enumValues && enumValues.length && !enumValues.some((e) => e === null)) {
        sink.schema.push(notSupported(fieldOf(sink, name), 'null', enumValues.map(enumLabel)));
      }
      return;
    }
    for (const check of checks) check(v, name, fpath, sink);
  };
}

/** Validates a value; the causes of every failure, in Kubernetes' order. */
export type ValueValidator = (value: unknown, path: string) => StatusCause[];

/**
 * Compiles a CRD schema (the version's openAPIV3Schema) into a validator. `path` is the field
 * path the value sits at ('' for a whole custom resource, whose fields then start at `spec`).
 */
export function compileValueValidator(schema: JSONSchemaProps): ValueValidator {
  const root = compileNode(schema, { valueOnly: false });
  return (value, path) => {
    const sink: Sink = { prefix: path, schema: [], embedded: [], lists: [] };
    root(value, '', path, sink);
    if (!sink.schema.length && !sink.embedded.length && !sink.lists.length) return [];
    return toStatusCauses([...sink.schema, ...sink.embedded, ...sink.lists]);
  };
}

/** As compileValueValidator, with the errors as field errors (for callers that aggregate them). */
export function compileValueFieldValidator(schema: JSONSchemaProps): (value: unknown, path: string) => FieldError[] {
  const root = compileNode(schema, { valueOnly: false });
  return (value, path) => {
    const sink: Sink = { prefix: path, schema: [], embedded: [], lists: [] };
    root(value, '', path, sink);
    return [...sink.schema, ...sink.embedded, ...sink.lists];
  };
}

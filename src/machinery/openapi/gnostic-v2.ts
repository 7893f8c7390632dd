// The swagger 2.0 document in the protobuf form kubectl downloads
// (application/com.github.proto-openapi.spec.v2@v1.0+protobuf): gnostic's `openapi.v2.Document`.
// Only the messages and fields a Kubernetes document uses are declared; the field numbers are
// gnostic's. Values gnostic keeps as `Any` (defaults, enums, vendor extensions) travel as YAML text,
// which is what kubectl's reader parses.
import type protobuf from 'protobufjs';
import { protobufjs } from '../lazy/protobufjs.ts';
import { stringify } from '../lazy/yaml.ts';

type Json = Record<string, unknown>;
type Fields = Record<string, { id: number; type: string; rule?: 'repeated' }>;

const s = (id: number) => ({ id, type: 'string' });
const b = (id: number) => ({ id, type: 'bool' });
const d = (id: number) => ({ id, type: 'double' });
const i64 = (id: number) => ({ id, type: 'int64' });
const m = (id: number, type: string) => ({ id, type });
const many = (id: number, type: string) => ({ id, type, rule: 'repeated' as const });
const extensions = (id: number) => many(id, 'NamedAny');

const MESSAGES: Record<string, Fields> = {
  Document: { swagger: s(1), info: m(2, 'Info'), host: s(3), basePath: s(4), schemes: many(5, 'string'), consumes: many(6, 'string'), produces: many(7, 'string'), paths: m(8, 'Paths'), definitions: m(9, 'Definitions'), vendorExtension: extensions(16) },
  Info: { title: s(1), version: s(2), description: s(3), vendorExtension: extensions(7) },
  Paths: { vendorExtension: extensions(1), path: many(2, 'NamedPathItem') },
  NamedPathItem: { name: s(1), value: m(2, 'PathItem') },
  PathItem: { ref: s(1), get: m(2, 'Operation'), put: m(3, 'Operation'), post: m(4, 'Operation'), delete: m(5, 'Operation'), options: m(6, 'Operation'), head: m(7, 'Operation'), patch: m(8, 'Operation'), parameters: many(9, 'ParametersItem'), vendorExtension: extensions(10) },
  Operation: { tags: many(1, 'string'), summary: s(2), description: s(3), operationId: s(5), produces: many(6, 'string'), consumes: many(7, 'string'), parameters: many(8, 'ParametersItem'), responses: m(9, 'Responses'), schemes: many(10, 'string'), deprecated: b(11), vendorExtension: extensions(13) },
  ParametersItem: { parameter: m(1, 'Parameter'), jsonReference: m(2, 'JsonReference') },
  JsonReference: { ref: s(1), description: s(2) },
  Parameter: { bodyParameter: m(1, 'BodyParameter'), nonBodyParameter: m(2, 'NonBodyParameter') },
  BodyParameter: { description: s(1), name: s(2), in: s(3), required: b(4), schema: m(5, 'Schema'), vendorExtension: extensions(6) },
  NonBodyParameter: { headerParameterSubSchema: m(1, 'HeaderParameterSubSchema'), queryParameterSubSchema: m(3, 'QueryParameterSubSchema'), pathParameterSubSchema: m(4, 'PathParameterSubSchema') },
  HeaderParameterSubSchema: { required: b(1), in: s(2), description: s(3), name: s(4), type: s(5), format: s(6), uniqueItems: b(19), vendorExtension: extensions(22) },
  QueryParameterSubSchema: { required: b(1), in: s(2), description: s(3), name: s(4), allowEmptyValue: b(5), type: s(6), format: s(7), uniqueItems: b(20), vendorExtension: extensions(23) },
  PathParameterSubSchema: { required: b(1), in: s(2), description: s(3), name: s(4), type: s(5), format: s(6), uniqueItems: b(19), vendorExtension: extensions(22) },
  Responses: { responseCode: many(1, 'NamedResponseValue'), vendorExtension: extensions(2) },
  NamedResponseValue: { name: s(1), value: m(2, 'ResponseValue') },
  ResponseValue: { response: m(1, 'Response'), jsonReference: m(2, 'JsonReference') },
  Response: { description: s(1), schema: m(2, 'SchemaItem'), vendorExtension: extensions(5) },
  SchemaItem: { schema: m(1, 'Schema') },
  Schema: {
    ref: s(1), format: s(2), title: s(3), description: s(4), default: m(5, 'Any'), multipleOf: d(6), maximum: d(7), exclusiveMaximum: b(8), minimum: d(9), exclusiveMinimum: b(10),
    maxLength: i64(11), minLength: i64(12), pattern: s(13), maxItems: i64(14), minItems: i64(15), uniqueItems: b(16), maxProperties: i64(17), minProperties: i64(18),
    required: many(19, 'string'), enum: many(20, 'Any'), additionalProperties: m(21, 'AdditionalPropertiesItem'), type: m(22, 'TypeItem'), items: m(23, 'ItemsItem'),
    allOf: many(24, 'Schema'), properties: m(25, 'Properties'), discriminator: s(26), readOnly: b(27), example: m(30, 'Any'), vendorExtension: extensions(31),
  },
  AdditionalPropertiesItem: { schema: m(1, 'Schema'), boolean: b(2) },
  TypeItem: { value: many(1, 'string') },
  ItemsItem: { schema: many(1, 'Schema') },
  Properties: { additionalProperties: many(1, 'NamedSchema') },
  Definitions: { additionalProperties: many(1, 'NamedSchema') },
  NamedSchema: { name: s(1), value: m(2, 'Schema') },
  Any: { yaml: s(2) },
  NamedAny: { name: s(1), value: m(2, 'Any') },
};

let root: protobuf.Root | undefined;

/** The gnostic message types, for encoding here and for reading a document back in tests. */
export function gnosticV2Type(name: keyof typeof MESSAGES): protobuf.Type {
  root ??= protobufjs().Root.fromJSON({ nested: { openapi: { nested: { v2: { nested: Object.fromEntries(Object.entries(MESSAGES).map(([n, fields]) => [n, { fields }])) } } } } });
  return root.lookupType(`openapi.v2.${name}`);
}

const any = (value: unknown) => ({ yaml: stringify(value) });

function vendorExtensions(o: Json): Json[] {
  return Object.keys(o)
    .filter((k) => k.startsWith('x-'))
    .map((name) => ({ name, value: any(o[name]) }));
}

/** Copies the listed keys that are present (gnostic's scalar fields share JSON's names). */
function pick(o: Json, keys: readonly string[]): Json {
  const out: Json = {};
  for (const k of keys) if (o[k] !== undefined) out[k] = o[k];
  return out;
}

const SCHEMA_SCALARS = ['format', 'title', 'description', 'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'maxLength', 'minLength', 'pattern', 'maxItems', 'minItems', 'uniqueItems', 'maxProperties', 'minProperties', 'required', 'discriminator', 'readOnly'];

function schema(o: Json): Json {
  const out = pick(o, SCHEMA_SCALARS);
  if (typeof o['$ref'] === 'string') out['ref'] = o['$ref'];
  if (o['default'] !== undefined) out['default'] = any(o['default']);
  if (o['example'] !== undefined) out['example'] = any(o['example']);
  if (Array.isArray(o['enum'])) out['enum'] = o['enum'].map(any);
  const ap = o['additionalProperties'];
  if (typeof ap === 'boolean') out['additionalProperties'] = { boolean: ap };
  else if (ap && typeof ap === 'object') out['additionalProperties'] = { schema: schema(ap as Json) };
  if (o['type'] !== undefined) out['type'] = { value: Array.isArray(o['type']) ? o['type'] : [o['type']] };
  if (o['items'] && typeof o['items'] === 'object') out['items'] = { schema: (Array.isArray(o['items']) ? o['items'] : [o['items']]).map((i) => schema(i as Json)) };
  if (Array.isArray(o['allOf'])) out['allOf'] = o['allOf'].map((x) => schema(x as Json));
  if (o['properties'] && typeof o['properties'] === 'object') out['properties'] = named(o['properties'] as Json, schema);
  out['vendorExtension'] = vendorExtensions(o);
  return out;
}

function named(o: Json, convert: (v: Json) => Json): Json {
  return { additionalProperties: Object.entries(o).map(([name, v]) => ({ name, value: convert(v as Json) })) };
}

function parameter(p: Json): Json {
  if (typeof p['$ref'] === 'string') return { jsonReference: { ref: p['$ref'], description: p['description'] } };
  if (p['in'] === 'body') return { parameter: { bodyParameter: { ...pick(p, ['description', 'name', 'in', 'required']), schema: schema(p['schema'] as Json), vendorExtension: vendorExtensions(p) } } };
  const sub = { ...pick(p, ['required', 'in', 'description', 'name', 'allowEmptyValue', 'type', 'format', 'uniqueItems']), vendorExtension: vendorExtensions(p) };
  const key = p['in'] === 'path' ? 'pathParameterSubSchema' : p['in'] === 'header' ? 'headerParameterSubSchema' : 'queryParameterSubSchema';
  return { parameter: { nonBodyParameter: { [key]: sub } } };
}

function response(r: Json): Json {
  if (typeof r['$ref'] === 'string') return { jsonReference: { ref: r['$ref'] } };
  const out: Json = { description: r['description'] ?? '', vendorExtension: vendorExtensions(r) };
  if (r['schema']) out['schema'] = { schema: schema(r['schema'] as Json) };
  return { response: out };
}

function operation(op: Json): Json {
  return {
    ...pick(op, ['tags', 'summary', 'description', 'operationId', 'produces', 'consumes', 'schemes', 'deprecated']),
    parameters: ((op['parameters'] as Json[] | undefined) ?? []).map(parameter),
    responses: { responseCode: Object.entries((op['responses'] as Json | undefined) ?? {}).map(([name, r]) => ({ name, value: response(r as Json) })) },
    vendorExtension: vendorExtensions(op),
  };
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'];

function pathItem(item: Json): Json {
  const out: Json = { parameters: ((item['parameters'] as Json[] | undefined) ?? []).map(parameter), vendorExtension: vendorExtensions(item) };
  if (typeof item['$ref'] === 'string') out['ref'] = item['$ref'];
  for (const method of METHODS) if (item[method]) out[method] = operation(item[method] as Json);
  return out;
}

/** The gnostic protobuf encoding of a swagger 2.0 document given as JSON. */
export function encodeGnosticV2(doc: Json): Uint8Array {
  const message = {
    ...pick(doc, ['swagger', 'host', 'basePath', 'schemes', 'consumes', 'produces']),
    info: doc['info'] ? { ...pick(doc['info'] as Json, ['title', 'version', 'description']), vendorExtension: vendorExtensions(doc['info'] as Json) } : undefined,
    paths: { path: Object.entries((doc['paths'] as Json | undefined) ?? {}).map(([name, item]) => ({ name, value: pathItem(item as Json) })), vendorExtension: [] },
    definitions: named((doc['definitions'] as Json | undefined) ?? {}, schema),
    vendorExtension: vendorExtensions(doc),
  };
  return gnosticV2Type('Document').encode(message).finish();
}

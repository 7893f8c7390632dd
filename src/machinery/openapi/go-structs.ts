// A package of Kubernetes API types declared once, as their Go structs are: each field with its
// json tag, protobuf field number, Go type and a description of our own. Everything else follows
// from those facts as Kubernetes' generators derive it:
//   - the OpenAPI definitions in both dialects (required fields, zero-value defaults of
//     non-pointer scalars, `default: {}` beside non-pointer structs in v3, list and map types,
//     patch strategies, enums);
//   - the Go field order and encoding the schema engine applies (go-fields.ts's table);
//   - the protobuf facts the codec derives its messages from.
// A new type is one entry here; nothing else has to repeat it.
//
// A field is `[jsonTag, protobufNumber, goType, description, options?]`:
//   jsonTag   `name`, `name,omitempty`, `*name,omitempty` (pointer), or `,inline` (an embedded
//             struct whose fields are spelled out in place; its number is the embedded message's).
//   goType    `string`, `int32`, `int64`, `bool`, `float64`, `[]byte`, `Quantity`, `IntOrString`,
//             `RawExtension`, `meta.Time` (or any `meta.X`), `core.X` (a core/v1 type seen from
//             another package), a bare struct name of the same package, `[]T`, `map[string]T`;
//             `:Name` after a scalar, list or map names its Go type (`string:RestartPolicy`,
//             `map[string]Quantity:ResourceList`), which decoding errors quote.
import { CORE_V1, INT_OR_STRING, META_V1, QUANTITY, RUNTIME } from './names.ts';
import { PROTOBUF_EXTENSION, type ProtobufFieldFacts } from './protobuf-extension.ts';
import type { Dialect, GroupVersionKind, Schema } from './schema-builder.ts';
import { API_VERSION_DOC, KIND_DOC, listSchema } from './list-schema.ts';

export interface FieldOptions {
  /** Kubernetes' `+default=` marker. */
  default?: unknown;
  /** The values of an `+enum` type. */
  enum?: readonly string[];
  listType?: 'atomic' | 'set' | 'map';
  listMapKeys?: readonly string[];
  mapType?: 'atomic' | 'granular';
  patchStrategy?: 'merge' | 'replace' | 'retainKeys' | 'merge,retainKeys';
  patchMergeKey?: string;
  /** `+optional` on a field without omitempty: not required. */
  optional?: true;
  /** `+required` on a field with omitempty. */
  required?: true;
  /** A named Go slice that is a message of its own on the wire (authentication's ExtraValue). */
  wrapped?: true;
}

export type FieldDecl = readonly [jsonTag: string, protobuf: number, goType: string, description: string, options?: FieldOptions];

export interface StructDecl {
  doc: string;
  fields: readonly FieldDecl[];
  /** A top-level kind: its group, version and kind. */
  kind?: GroupVersionKind;
  /** For a kind: the description of its list kind (`<Kind>List`), which is then declared too. */
  listDoc?: string;
  /** `+structType=atomic`. */
  atomic?: true;
  /**
   * Only ever inlined here, with no definition of its own from this package: Kubernetes publishes
   * none (ProbeHandler, EphemeralContainerCommon), or another module publishes it
   * (LocalObjectReference). Its fields are spelled out where it is embedded.
   */
  inlineOnly?: true;
  /**
   * A Go type that writes its own JSON (apiextensions' JSON, JSONSchemaPropsOrBool): Kubernetes
   * publishes its description only, with no type, and decoding takes any value there.
   */
  opaque?: true;
  /** An `+enum` string type's values, for a named type that is not a struct (unused on structs). */
  extra?: Schema;
}

export interface GoPackage {
  /** Definition name prefix, e.g. io.orch.api.core.v1. */
  prefix: string;
  /** Go package name as errors quote it, e.g. v1. */
  goPackage: string;
  structs: Readonly<Record<string, StructDecl>>;
}

interface ParsedType {
  kind: 'scalar' | 'bytes' | 'ref' | 'array' | 'map';
  /** For scalars: the OpenAPI type and format. */
  type?: string;
  format?: string;
  /** For refs: the definition name, and whether Go writes it as a struct (zero is {}). */
  ref?: string;
  struct?: boolean;
  of?: ParsedType;
  /** The named Go type, package-qualified. */
  goName?: string;
}

const SCALARS: Readonly<Record<string, { type: string; format?: string }>> = {
  string: { type: 'string' },
  int32: { type: 'integer', format: 'int32' },
  int64: { type: 'integer', format: 'int64' },
  bool: { type: 'boolean' },
  float64: { type: 'number', format: 'double' },
};

/** apimachinery types whose JSON is not an object: referenced, never `default: {}`. */
const WIRE_REFS: Readonly<Record<string, string>> = {
  Quantity: QUANTITY,
  IntOrString: INT_OR_STRING,
  RawExtension: `${RUNTIME}.RawExtension`,
  'meta.Time': `${META_V1}.Time`,
  'meta.MicroTime': `${META_V1}.MicroTime`,
  'meta.FieldsV1': `${META_V1}.FieldsV1`,
};

function parseType(pkg: GoPackage, text: string): ParsedType {
  const colon = text.lastIndexOf(':');
  if (colon > 0) {
    const inner = parseType(pkg, text.slice(0, colon));
    const goName = `${pkg.goPackage}.${text.slice(colon + 1)}`;
    // On a list the name is its element's (`[]string:ResourceQuotaScope` is []v1.ResourceQuotaScope).
    return inner.kind === 'array' ? { ...inner, of: { ...inner.of!, goName } } : { ...inner, goName };
  }
  if (text === '[]byte') return { kind: 'bytes' };
  if (text.startsWith('[]')) return { kind: 'array', of: parseType(pkg, text.slice(2)) };
  if (text.startsWith('map[string]')) return { kind: 'map', of: parseType(pkg, text.slice('map[string]'.length)) };
  const scalar = SCALARS[text];
  if (scalar) return { kind: 'scalar', ...scalar };
  const wire = WIRE_REFS[text];
  if (wire) return { kind: 'ref', ref: wire, struct: false };
  if (text.startsWith('meta.')) return { kind: 'ref', ref: `${META_V1}.${text.slice(5)}`, struct: true };
  if (text.startsWith('core.')) return { kind: 'ref', ref: `${CORE_V1}.${text.slice(5)}`, struct: true };
  if (text.startsWith('io.')) return { kind: 'ref', ref: text, struct: true };
  if (!/^[A-Z][A-Za-z0-9]*$/.test(text)) throw new Error(`go type ${text}: not a type this table knows`);
  return { kind: 'ref', ref: `${pkg.prefix}.${text}`, struct: true };
}

interface ParsedTag {
  name: string;
  pointer: boolean;
  omitempty: boolean;
  inline: boolean;
}

function parseTag(tag: string): ParsedTag {
  const pointer = tag.startsWith('*');
  const [name = '', ...opts] = (pointer ? tag.slice(1) : tag).split(',');
  return { name, pointer, omitempty: opts.includes('omitempty'), inline: opts.includes('inline') };
}

function refPath(d: Dialect, name: string): string {
  return d.v3 ? `#/components/schemas/${name}` : `#/definitions/${name}`;
}

/** The zero value a non-pointer scalar always has, which Kubernetes publishes as its default. */
function zero(t: ParsedType): unknown {
  return t.type === 'string' ? '' : t.type === 'boolean' ? false : 0;
}

/** The schema of a list item or map value (no description). */
function elementSchema(d: Dialect, t: ParsedType): Schema {
  switch (t.kind) {
    case 'scalar':
      return { default: zero(t), ...(t.format ? { format: t.format } : {}), type: t.type };
    case 'bytes':
      return { format: 'byte', type: 'string' };
    case 'ref':
      if (!d.v3 || !t.struct) return { $ref: refPath(d, t.ref!) };
      return { allOf: [{ $ref: refPath(d, t.ref!) }], default: {} };
    case 'array':
      return { items: elementSchema(d, t.of!), type: 'array' };
    case 'map':
      return { additionalProperties: elementSchema(d, t.of!), type: 'object' };
  }
}

function fieldSchema(d: Dialect, t: ParsedType, tag: ParsedTag, description: string, o: FieldOptions): Schema {
  let out: Schema;
  switch (t.kind) {
    case 'scalar':
      out = { description, ...(t.format ? { format: t.format } : {}), type: t.type };
      if (!tag.pointer && !tag.omitempty) out['default'] = zero(t);
      break;
    case 'bytes':
      out = { description, format: 'byte', type: 'string' };
      break;
    case 'ref':
      if (!d.v3) out = { $ref: refPath(d, t.ref!), description };
      else {
        out = { allOf: [{ $ref: refPath(d, t.ref!) }], description };
        if (t.struct && !tag.pointer) out['default'] = {};
      }
      break;
    case 'array':
      out = { description, items: elementSchema(d, t.of!), type: 'array' };
      break;
    case 'map':
      out = { additionalProperties: elementSchema(d, t.of!), description, type: 'object' };
      break;
  }
  if (o.default !== undefined) out['default'] = o.default;
  if (o.enum) out['enum'] = [...o.enum];
  if (o.listType) out['x-kubernetes-list-type'] = o.listType;
  if (o.listMapKeys) out['x-kubernetes-list-map-keys'] = [...o.listMapKeys];
  if (o.mapType) out['x-kubernetes-map-type'] = o.mapType;
  if (o.patchMergeKey) out['x-kubernetes-patch-merge-key'] = o.patchMergeKey;
  if (o.patchStrategy) out['x-kubernetes-patch-strategy'] = o.patchStrategy;
  return out;
}

function protobufFacts(number: number, t: ParsedType, tag: ParsedTag, o: FieldOptions): ProtobufFieldFacts {
  const facts: ProtobufFieldFacts = { tag: number };
  const struct = t.kind === 'ref';
  const collection = t.kind === 'array' || t.kind === 'map' || t.kind === 'bytes';
  if (!collection && (tag.pointer || !tag.omitempty)) facts.keepZero = true;
  if (!collection && !tag.pointer && (!tag.omitempty || struct)) facts.always = true;
  if (o.wrapped) facts.wrapped = true;
  return facts;
}

interface Flattened {
  tag: ParsedTag;
  type: ParsedType;
  decl: FieldDecl;
  /** The embedded message's field number, for a field spelled out from an inlined struct. */
  via?: number;
}

/** A struct's fields in Go order, inlined structs spelled out in place. */
function flatten(pkg: GoPackage, name: string, seen: string[] = []): Flattened[] {
  const decl = pkg.structs[name];
  if (!decl) throw new Error(`go struct ${name}: not declared in ${pkg.prefix}`);
  if (seen.includes(name)) throw new Error(`go struct ${name}: inlines itself`);
  const out: Flattened[] = [];
  for (const field of decl.fields) {
    const tag = parseTag(field[0]);
    if (tag.inline) {
      for (const inner of flatten(pkg, field[2], [...seen, name])) out.push({ ...inner, via: inner.via ?? field[1] });
      continue;
    }
    out.push({ tag, type: parseType(pkg, field[2]), decl: field });
  }
  return out;
}

function structSchema(d: Dialect, pkg: GoPackage, name: string): Schema {
  const decl = pkg.structs[name]!;
  if (decl.opaque) return { description: decl.doc, ...decl.extra };
  const properties: Record<string, Schema> = {};
  const required: string[] = [];
  if (decl.kind) {
    properties['apiVersion'] = { description: API_VERSION_DOC, type: 'string' };
    properties['kind'] = { description: KIND_DOC, type: 'string' };
  }
  for (const f of flatten(pkg, name)) {
    const [, number, , description, options = {}] = f.decl;
    const schema = fieldSchema(d, f.type, f.tag, description, options);
    const facts = protobufFacts(number, f.type, f.tag, options);
    if (f.via !== undefined) facts.via = f.via;
    if (number > 0) schema[PROTOBUF_EXTENSION] = facts;
    properties[f.tag.name] = schema;
    if (options.required || (!f.tag.omitempty && !f.tag.pointer && !options.optional)) required.push(f.tag.name);
  }
  const sortedProps = Object.fromEntries(Object.entries(properties).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  // An empty struct (CustomResourceSubresourceStatus) is published without properties.
  const out: Schema = { description: decl.doc, ...(Object.keys(sortedProps).length ? { properties: sortedProps } : {}), type: 'object' };
  // Kubernetes lists required fields in the struct's order.
  if (required.length) out['required'] = required;
  if (decl.kind) out['x-kubernetes-group-version-kind'] = [decl.kind];
  if (decl.atomic) out['x-kubernetes-map-type'] = 'atomic';
  return { ...out, ...decl.extra };
}

/** The package's OpenAPI definitions in dialect `d`, with their protobuf facts. */
export function packageSchemas(pkg: GoPackage, d: Dialect): Record<string, Schema> {
  const out: Record<string, Schema> = {};
  for (const [name, decl] of Object.entries(pkg.structs)) {
    if (decl.inlineOnly) continue;
    out[`${pkg.prefix}.${name}`] = structSchema(d, pkg, name);
    if (decl.kind && decl.listDoc) {
      const list = { item: `${pkg.prefix}.${name}`, group: decl.kind.group, version: decl.kind.version, kind: `${name}List`, doc: decl.listDoc };
      out[`${pkg.prefix}.${name}List`] = listSchema(d, list);
    }
  }
  return out;
}

function goTypeSuffix(t: ParsedType): string {
  if (t.goName) return ` ${t.goName}`;
  if (t.kind === 'array' && t.of?.goName) return ` []${t.of.goName}`;
  return '';
}

/** The package's Go structs as go-fields.ts writes them: `*name,omitempty v1.Type` in order. */
export function packageGoFields(pkg: GoPackage): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const name of Object.keys(pkg.structs)) {
    if (pkg.structs[name]!.inlineOnly || pkg.structs[name]!.opaque) continue;
    out[`${pkg.prefix}.${name}`] = flatten(pkg, name).map((f) => {
      const json = `${f.tag.pointer ? '*' : ''}${f.tag.name}${f.tag.omitempty ? ',omitempty' : ''}`;
      return json + goTypeSuffix(f.type);
    });
    // TypeMeta, inlined first in every kind.
    const decl = pkg.structs[name]!;
    if (decl.kind) out[`${pkg.prefix}.${name}`]!.unshift('kind,omitempty', 'apiVersion,omitempty');
    if (decl.kind && decl.listDoc) out[`${pkg.prefix}.${name}List`] = ['kind,omitempty', 'apiVersion,omitempty', 'metadata,omitempty', 'items'];
  }
  return out;
}

// Structural schemas from the OpenAPI definitions the server publishes, so that a built-in kind's
// shape is written once (machinery/openapi/*-schemas.ts) and decoding reads the same data. A
// definition reference is inlined, and its name gives the Go type Kubernetes' errors name
// (`io.orch.apimachinery.pkg.apis.meta.v1.ObjectMeta` is `v1.ObjectMeta`). Where the caller knows
// a definition's Go struct (go-struct.ts), its fields take Go's order and encoding.
import { withGoStruct, type GoFields } from './go-struct.ts';
import type { SchemaType, StructuralSchema } from './structural.ts';

type Definition = Record<string, unknown>;

/**
 * References deeper than this are left open. A definition met again inside itself (apiextensions'
 * JSONSchemaProps, whose properties, items and allOf are JSONSchemaProps again) is left open at
 * once: inlining it would grow by its fan-out at every level.
 */
const MAX_REF_DEPTH = 32;

const KEPT = [
  'format',
  'description',
  'required',
  'enum',
  'default',
  'x-kubernetes-int-or-string',
  'x-kubernetes-preserve-unknown-fields',
  'x-kubernetes-embedded-resource',
  'x-kubernetes-list-type',
  'x-kubernetes-list-map-keys',
  'x-kubernetes-map-type',
  'x-kubernetes-patch-strategy',
  'x-kubernetes-patch-merge-key',
] as const;

/** `v1.ObjectMeta` for a definition name ending in `.v1.ObjectMeta`. */
export function goTypeOfDefinition(name: string): string {
  const parts = name.split('.');
  return parts.length >= 2 ? `${parts[parts.length - 2]}.${parts[parts.length - 1]}` : name;
}

function refName(d: Definition): string | undefined {
  const ref = typeof d['$ref'] === 'string' ? d['$ref'] : undefined;
  const allOf = Array.isArray(d['allOf']) && d['allOf'].length === 1 ? (d['allOf'][0] as Definition)['$ref'] : undefined;
  const target = ref ?? (typeof allOf === 'string' ? allOf : undefined);
  return target?.slice(target.lastIndexOf('/') + 1);
}

/** Definitions by name: a record, or a function that builds them as they are asked for. */
export type Definitions = Readonly<Record<string, unknown>> | ((name: string) => unknown);

interface Source {
  definition: (name: string) => unknown;
  goFields: (name: string) => readonly string[] | undefined;
}

/** Definition `name`, with its Go struct's order and encoding when they are known. */
function convertNamed(src: Source, name: string, target: Definition, depth: number, within: readonly string[]): StructuralSchema {
  const out = convert(src, target, depth, within);
  const fields = src.goFields(name);
  return fields && out.properties ? withGoStruct(out, fields, name) : out;
}

/** `within`: the definitions being inlined around this one. */
function convert(src: Source, d: Definition, depth: number, within: readonly string[]): StructuralSchema {
  const name = refName(d);
  if (name !== undefined) {
    const target = src.definition(name) as Definition | undefined;
    if (!target || depth > MAX_REF_DEPTH || within.includes(name)) return { 'x-kubernetes-preserve-unknown-fields': true };
    const out: StructuralSchema = { ...convertNamed(src, name, target, depth + 1, [...within, name]), goType: goTypeOfDefinition(name) };
    // A property's own description and default win over the referenced definition's (in the v3
    // dialect a non-pointer struct field carries `default: {}` beside its reference).
    if (typeof d['description'] === 'string') (out as { description?: string }).description = d['description'];
    if (Object.hasOwn(d, 'default')) (out as { default?: unknown }).default = d['default'];
    return out;
  }
  const out: { -readonly [K in keyof StructuralSchema]: StructuralSchema[K] } = {};
  // intstr.IntOrString's definition says so by its format; its value is either type.
  if (d['format'] === 'int-or-string') return { 'x-kubernetes-int-or-string': true, ...(typeof d['description'] === 'string' ? { description: d['description'] } : {}) };
  if (typeof d['type'] === 'string') out.type = d['type'] as SchemaType;
  for (const key of KEPT) if (Object.hasOwn(d, key)) (out as Record<string, unknown>)[key] = d[key];
  const props = d['properties'];
  if (props && typeof props === 'object') {
    // Field names are data: a null prototype keeps a field called "__proto__" an ordinary key.
    const properties: Record<string, StructuralSchema> = Object.create(null);
    for (const [field, p] of Object.entries(props as Record<string, Definition>)) properties[field] = convert(src, p, depth, within);
    out.properties = properties;
  }
  if (d['items'] && typeof d['items'] === 'object') out.items = convert(src, d['items'] as Definition, depth, within);
  if (d['additionalProperties'] && typeof d['additionalProperties'] === 'object') out.additionalProperties = convert(src, d['additionalProperties'] as Definition, depth, within);
  return out;
}

/**
 * The structural schema of definition `name` in `defs` (either OpenAPI dialect), references
 * inlined; `goFields` gives the Go structs of the definitions it knows.
 */
export function structuralFromOpenApi(
  defs: Definitions,
  name: string,
  goFields: GoFields | ((name: string) => readonly string[] | undefined) = {},
): StructuralSchema {
  const src: Source = {
    definition: typeof defs === 'function' ? defs : (n) => defs[n],
    goFields: typeof goFields === 'function' ? goFields : (n) => goFields[n],
  };
  const root = src.definition(name) as Definition | undefined;
  if (!root) throw new Error(`no OpenAPI definition ${name}`);
  return { ...convertNamed(src, name, root, 0, [name]), goType: goTypeOfDefinition(name) };
}

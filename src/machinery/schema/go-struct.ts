// A built-in kind's Go struct, as data the schema engine applies to a definition's schema: the
// order Go's encoder writes the fields in and what it writes for their zero values, which OpenAPI
// does not publish. Each field is its `json` tag as Go declares it (`name,omitempty`), with `*`
// before a pointer field, and after a space the field's named Go type where it is not the one
// its schema implies (`type v1.LimitType`, `hard,omitempty v1.ResourceList`), which decoding
// errors name. Kubernetes decodes a body into the struct and encodes it again, so what
// a client reads back follows from the tags:
//   - a non-pointer string, number or bool with `,omitempty` is left out when zero, and one
//     without it is written even when absent ("", 0, false);
//   - a list or map with `,omitempty` is left out when empty;
//   - a non-pointer metav1.Time or MicroTime is written as null when zero;
//   - a pointer keeps whatever it points to, zero or not; a nil one is left out (or null).
import type { StructuralSchema } from './structural.ts';

/** Definition name → its Go struct's json tags in declaration order. */
export type GoFields = Readonly<Record<string, readonly string[]>>;

export interface GoField {
  name: string;
  pointer: boolean;
  omitEmpty: boolean;
  /** The field's named Go type (v1.ResourceList), when the tag gives one. */
  goType?: string;
}

/** `*name,omitempty` → its name, whether it is a pointer and whether it is `,omitempty`. */
export function parseGoField(tag: string): GoField {
  const [json = '', goType] = tag.split(' ');
  const pointer = json.startsWith('*');
  const [name = '', ...options] = (pointer ? json.slice(1) : json).split(',');
  const field: GoField = { name, pointer, omitEmpty: options.includes('omitempty') };
  if (goType) field.goType = goType;
  return field;
}

type Shape = 'scalar' | 'time' | 'collection' | 'other';

function shapeOf(s: StructuralSchema): Shape {
  if (s['x-kubernetes-int-or-string']) return 'other'; // a struct in Go
  switch (s.type) {
    case 'string':
      if (s.format === 'date-time') return 'time';
      return s.format === 'byte' ? 'collection' : 'scalar';
    case 'integer':
    case 'number':
    case 'boolean':
      return 'scalar';
    case 'array':
      return 'collection';
    case 'object':
      return s.additionalProperties && !s.properties ? 'collection' : 'other';
    default:
      return 'other';
  }
}

function zeroOf(s: StructuralSchema): unknown {
  return s.type === 'string' ? '' : s.type === 'boolean' ? false : 0;
}

/** One field's schema with what Go's encoding of it adds; the given schema is not changed. */
function encoded(s: StructuralSchema, field: GoField): StructuralSchema {
  const shape = shapeOf(s);
  const out: { -readonly [K in keyof StructuralSchema]: StructuralSchema[K] } = { ...s };
  if (field.goType) out.goType = field.goType;
  if (field.omitEmpty && (shape === 'collection' || (shape === 'scalar' && !field.pointer))) out.omitEmpty = true;
  if (s.default === undefined && !field.pointer) {
    if (shape === 'time') out.default = null;
    else if (shape === 'scalar' && !field.omitEmpty) out.default = zeroOf(s);
  }
  return out;
}

/**
 * `schema` (a struct's) with its fields in the Go struct's order and Go's encoding of each.
 * Fields the struct has and the schema lacks are skipped; fields only the schema has keep their
 * place after the Go ones (a test holds both to each other).
 */
export function withGoStruct(schema: StructuralSchema, tags: readonly string[], name: string): StructuralSchema {
  const given = schema.properties;
  if (!given) throw new Error(`go struct ${name}: the schema has no fields`);
  const properties: Record<string, StructuralSchema> = Object.create(null);
  for (const tag of tags) {
    const field = parseGoField(tag);
    const s = Object.hasOwn(given, field.name) ? given[field.name] : undefined;
    if (s) properties[field.name] = encoded(s, field);
  }
  for (const field of Object.keys(given)) if (!Object.hasOwn(properties, field)) properties[field] = given[field]!;
  return { ...schema, properties, goOrder: true };
}

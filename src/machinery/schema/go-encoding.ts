// Go's JSON encoding of a built-in kind's fields where OpenAPI is silent about it: which fields
// are `,omitempty` (a zero value is left out) and which are non-pointer metav1.Time values (a zero
// one is written as null). Kubernetes decodes a body into its Go struct and encodes it again, so
// what a client reads back depends on both. A declaration states them as data, by path, and gets
// a schema the decoder honours; the schema it starts from is not changed.
import type { StructuralSchema } from './structural.ts';

export interface GoEncoding {
  /** Dotted paths of `,omitempty` string, number, bool, list or map fields. */
  omitEmpty?: readonly string[];
  /** Dotted paths of non-pointer metav1.Time and MicroTime fields, null when zero. */
  zeroTimeAsNull?: readonly string[];
}

interface Marks {
  omitEmpty?: boolean;
  nullTime?: boolean;
  children?: Map<string, Marks>;
}

function mark(root: Marks, path: string, set: (m: Marks) => void): void {
  let at = root;
  for (const field of path.split('.')) {
    at.children ??= new Map();
    let next = at.children.get(field);
    if (!next) at.children.set(field, (next = {}));
    at = next;
  }
  set(at);
}

function apply(schema: StructuralSchema, marks: Marks, path: string): StructuralSchema {
  const out: { -readonly [K in keyof StructuralSchema]: StructuralSchema[K] } = { ...schema };
  if (marks.omitEmpty) out.omitEmpty = true;
  if (marks.nullTime) out.default = null;
  if (marks.children) {
    if (!schema.properties) throw new Error(`go encoding: ${path || 'the root'} has no fields`);
    const properties: Record<string, StructuralSchema> = Object.create(null);
    for (const field of Object.keys(schema.properties)) properties[field] = schema.properties[field]!;
    for (const [field, child] of marks.children) {
      const sub = properties[field];
      const at = path ? `${path}.${field}` : field;
      if (!sub) throw new Error(`go encoding: no field ${at}`);
      properties[field] = apply(sub, child, at);
    }
    out.properties = properties;
  }
  return out;
}

/** `schema` with Go's encoding of the named fields; a path the schema lacks is an error. */
export function withGoEncoding(schema: StructuralSchema, encoding: GoEncoding): StructuralSchema {
  const root: Marks = {};
  for (const path of encoding.omitEmpty ?? []) mark(root, path, (m) => (m.omitEmpty = true));
  for (const path of encoding.zeroTimeAsNull ?? []) mark(root, path, (m) => (m.nullTime = true));
  return apply(schema, root, '');
}

/** `prefix.field` for each field: the same struct under several fields. */
export function under(prefix: string, fields: readonly string[]): string[] {
  return fields.map((f) => `${prefix}.${f}`);
}

// Finds fields an object carries that its OpenAPI schema does not declare, for fieldValidation.
// Works on v2 definitions or v3 component schemas ($ref resolved by the last path segment).
import { openapiV2Definitions } from '../../../machinery/openapi/definitions.ts';

interface Schema {
  $ref?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  additionalProperties?: Schema | boolean;
  allOf?: Schema[];
  'x-kubernetes-preserve-unknown-fields'?: boolean;
  type?: string;
}

export function unknownFieldFinder(schemas: Record<string, unknown>, root: string): (obj: Record<string, unknown>) => string[] {
  const resolve = (s: Schema | undefined): Schema | undefined => {
    let cur = s;
    for (let n = 0; cur && n < 8; n++) {
      const ref = cur.$ref ?? (cur.allOf?.length === 1 ? cur.allOf[0]!.$ref : undefined);
      if (!ref) return cur;
      cur = schemas[ref.slice(ref.lastIndexOf('/') + 1)] as Schema | undefined;
    }
    return cur;
  };
  const walk = (value: unknown, schema: Schema | undefined, path: string, out: string[]): void => {
    const s = resolve(schema);
    if (!s || s['x-kubernetes-preserve-unknown-fields']) return;
    if (Array.isArray(value)) {
      if (s.items) value.forEach((v) => walk(v, s.items, path, out));
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    const obj = value as Record<string, unknown>;
    // Scalars hold no fields: only objects and arrays are walked, and a path is built only for
    // what is reported or walked.
    if (s.properties) {
      for (const k of Object.keys(obj)) {
        const sub = s.properties[k];
        const v = obj[k];
        if (!sub) out.push(path ? `${path}.${k}` : k);
        else if (typeof v === 'object' && v !== null) walk(v, sub, path ? `${path}.${k}` : k, out);
      }
    } else if (typeof s.additionalProperties === 'object') {
      for (const k of Object.keys(obj)) {
        const v = obj[k];
        if (typeof v === 'object' && v !== null) walk(v, s.additionalProperties, path ? `${path}.${k}` : k, out);
      }
    }
  };
  return (obj) => {
    const out: string[] = [];
    walk(obj, { $ref: root }, '', out);
    return out;
  };
}

let definitions: Record<string, unknown> | undefined;

/**
 * Unknown-field detection for a declaration's fieldValidation, from the server's OpenAPI v2
 * definition of the kind. The definitions are built on first use, not at start-up.
 */
export function unknownFieldsOf(definition: string): (obj: Record<string, unknown>) => string[] {
  let find: ((obj: Record<string, unknown>) => string[]) | undefined;
  return (obj) => {
    definitions ??= openapiV2Definitions();
    find ??= unknownFieldFinder(definitions, definition);
    return find(obj);
  };
}

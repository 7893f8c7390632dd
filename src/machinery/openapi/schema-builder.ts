// Small helpers to write OpenAPI schemas once and emit them in either document's dialect:
// v2 (`#/definitions/x`, `$ref` with sibling description, as Kubernetes publishes) or v3
// (`#/components/schemas/x`, `allOf: [{$ref}]` so a description and default can sit beside it).

export type Schema = Record<string, unknown>;

export interface Dialect {
  v3: boolean;
}

function refPath(d: Dialect, name: string): string {
  return d.v3 ? `#/components/schemas/${name}` : `#/definitions/${name}`;
}

/** A property holding another definition. `struct`: a non-pointer struct field (v3 default {}). */
export function refProp(d: Dialect, name: string, description: string, struct = false): Schema {
  if (!d.v3) return { $ref: refPath(d, name), description };
  const out: Schema = { allOf: [{ $ref: refPath(d, name) }], description };
  if (struct) out['default'] = {};
  return out;
}

/** An array of another definition. */
export function refArray(d: Dialect, name: string, description: string, extra: Schema = {}): Schema {
  const items: Schema = d.v3 ? { allOf: [{ $ref: refPath(d, name) }], default: {} } : { $ref: refPath(d, name) };
  return { description, items, type: 'array', ...extra };
}

export function str(description: string, extra: Schema = {}): Schema {
  return { description, type: 'string', ...extra };
}

export function int32(description: string): Schema {
  return { description, format: 'int32', type: 'integer' };
}

export function int64(description: string): Schema {
  return { description, format: 'int64', type: 'integer' };
}

export function bool(description: string): Schema {
  return { description, type: 'boolean' };
}

export function stringMap(description: string): Schema {
  return { additionalProperties: { default: '', type: 'string' }, description, type: 'object' };
}

export function stringList(description: string, extra: Schema = {}): Schema {
  return { description, items: { default: '', type: 'string' }, type: 'array', ...extra };
}

export interface GroupVersionKind {
  group: string;
  version: string;
  kind: string;
}

export function object(description: string, properties: Record<string, Schema>, opts: { required?: string[]; gvk?: GroupVersionKind[]; extra?: Schema } = {}): Schema {
  const out: Schema = { description, properties, type: 'object' };
  if (opts.required?.length) out['required'] = opts.required;
  if (opts.gvk?.length) out['x-kubernetes-group-version-kind'] = opts.gvk;
  return { ...out, ...opts.extra };
}

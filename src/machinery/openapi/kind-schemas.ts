// The structural schema of every built-in kind, read from the OpenAPI definitions the server
// publishes: one source of shape per kind, which the decoder, patches and apply walk.
import { structuralFromOpenApi } from '../schema/from-openapi.ts';
import type { StructuralSchema } from '../schema/structural.ts';
import { v3Definition } from './definitions.ts';
import { goFieldsOf } from './go-fields.ts';
import { lazySchema } from '../schema/lazy-schema.ts';

const schemas = new Map<string, StructuralSchema>();

/**
 * The structural schema of the kind defined as `definition` (e.g. io.orch.api.core.v1.ConfigMap),
 * with its Go structs' field order and encoding (go-fields.ts). Declarations name their schema
 * when they are built, at start, but most kinds are first decoded or patched much later if at
 * all: the schema is built the first time it is read (lazy-schema.ts), which keeps the v3
 * definitions and the conversion of every kind (~90 ms) out of the time to start. It reads the
 * v3 dialect, which marks non-pointer struct fields with `default: {}`: decoding (defaults) and
 * server-side apply (always-present structs) read that.
 */
export function kindSchema(definition: string): StructuralSchema {
  let schema = schemas.get(definition);
  if (!schema) {
    schema = lazySchema(() => structuralFromOpenApi(v3Definition, definition, goFieldsOf));
    schemas.set(definition, schema);
  }
  return schema;
}

// The structural schema of every built-in kind, read from its OpenAPI definition: one source of
// shape per kind, which the decoder walks. Kinds not yet published in /openapi (RBAC, flow
// control, admission registration, reviews) have definitions here that only decoding reads
// until their documents are derived from the same data.
import { structuralFromOpenApi } from '../schema/from-openapi.ts';
import type { StructuralSchema } from '../schema/structural.ts';
import { admissionSchemas } from './admission-schemas.ts';
import { clusterKindSchemas } from './cluster-kind-schemas.ts';
import { eventSchemas } from './event-schemas.ts';
import { flowcontrolSchemas } from './flowcontrol-schemas.ts';
import { metaSchemas } from './meta-schemas.ts';
import { rbacSchemas } from './rbac-schemas.ts';
import { reviewSchemas } from './review-schemas.ts';
import type { Schema } from './schema-builder.ts';
import { secretSchemas } from './secret-schemas.ts';
import { selectorSchemas } from './selector-schemas.ts';

let definitions: Record<string, Schema> | undefined;

function allDefinitions(): Record<string, Schema> {
  // The v3 dialect: it marks non-pointer struct fields with `default: {}`, which decoding
  // (defaults) and server-side apply (always-present structs) read.
  const d = { v3: true };
  definitions ??= {
    ...metaSchemas(d),
    ...selectorSchemas(d),
    ...eventSchemas(d),
    ...secretSchemas(d),
    ...clusterKindSchemas(d),
    ...rbacSchemas(d),
    ...admissionSchemas(d),
    ...flowcontrolSchemas(d),
    ...reviewSchemas(d),
  };
  return definitions;
}

const schemas = new Map<string, StructuralSchema>();

/** The structural schema of the kind defined as `definition` (e.g. io.orch.api.core.v1.ConfigMap). */
export function kindSchema(definition: string): StructuralSchema {
  let schema = schemas.get(definition);
  if (!schema) {
    schema = structuralFromOpenApi(allDefinitions(), definition);
    schemas.set(definition, schema);
  }
  return schema;
}

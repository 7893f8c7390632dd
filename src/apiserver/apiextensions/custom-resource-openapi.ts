// The OpenAPI definitions of a custom resource's kind, published beside the built-in ones: the
// version's schema with apiVersion, kind and a reference to ObjectMeta at the root, named as
// Kubernetes names them (the group reversed: stable.example.com's CronTab v1 is
// com.example.stable.v1.CronTab). The v2 document has no `nullable`, so it is left out there.
import type { CustomResourceDefinition, CustomResourceDefinitionVersion, JSONSchemaProps } from '../../api/apiextensions/v1/types.ts';
import { META_V1 } from '../../machinery/openapi/names.ts';
import type { OpenApiSchemas } from '../endpoints/openapi/handler.ts';

export function customResourceDefinitionName(group: string, version: string, kind: string): string {
  return `${group.split('.').reverse().join('.')}.${version}.${kind}`;
}

/** A schema in the v2 dialect: without nullable, which v2 has no word for. */
function v2Schema(s: unknown): unknown {
  if (Array.isArray(s)) return s.map(v2Schema);
  if (!s || typeof s !== 'object') return s;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(s)) {
    if (k === 'nullable' || k === 'x-kubernetes-validations') continue;
    // default, enum and example are values, not schemas: kept as they are.
    out[k] = k === 'default' || k === 'enum' || k === 'example' ? v : v2Schema(v);
  }
  return out;
}

function kindDefinition(crd: CustomResourceDefinition, version: CustomResourceDefinitionVersion, v3: boolean): Record<string, unknown> {
  const schema: JSONSchemaProps = version.schema?.openAPIV3Schema ?? { type: 'object', 'x-kubernetes-preserve-unknown-fields': true };
  const metaRef = v3 ? { allOf: [{ $ref: `#/components/schemas/${META_V1}.ObjectMeta` }] } : { $ref: `#/definitions/${META_V1}.ObjectMeta` };
  const def: Record<string, unknown> = {
    ...(v3 ? schema : (v2Schema(schema) as object)),
    type: 'object',
    properties: {
      ...(v3 ? schema.properties : (v2Schema(schema.properties ?? {}) as object)),
      apiVersion: { type: 'string', description: 'The versioned schema of this representation of an object.' },
      kind: { type: 'string', description: 'The REST resource this object represents, in CamelCase.' },
      metadata: { ...metaRef, description: 'Standard object metadata.' },
    },
    'x-kubernetes-group-version-kind': [{ group: crd.spec.group, version: version.name, kind: crd.spec.names.kind }],
  };
  return def;
}

/** The definitions of every served version's kind of `crd`, for both documents. */
export function customResourceOpenApi(crd: CustomResourceDefinition): OpenApiSchemas {
  const out: OpenApiSchemas = { v2Definitions: {}, v3Schemas: {} };
  for (const version of crd.spec.versions) {
    if (!version.served) continue;
    const name = customResourceDefinitionName(crd.spec.group, version.name, crd.spec.names.kind);
    out.v2Definitions[name] = kindDefinition(crd, version, false);
    out.v3Schemas[name] = kindDefinition(crd, version, true);
  }
  return out;
}

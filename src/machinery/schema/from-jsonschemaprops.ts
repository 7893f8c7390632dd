// Structural schemas from a CustomResourceDefinition's openAPIV3Schema: the same data the
// built-in kinds decode with, so custom resources are pruned, defaulted and merged by the one
// engine. Only the structural part is kept; value validations (patterns, bounds, CEL rules) are
// the validator's. At the root apiVersion and kind are strings and metadata is the built-in
// ObjectMeta, whatever the definition says of them.
import type { JSONSchemaProps } from '../../api/apiextensions/v1/types.ts';
import type { SchemaType, StructuralSchema } from './structural.ts';

const TYPES = new Set<string>(['object', 'array', 'string', 'integer', 'number', 'boolean']);

export function structuralFromJSONSchemaProps(props: JSONSchemaProps): StructuralSchema {
  const out: { -readonly [K in keyof StructuralSchema]: StructuralSchema[K] } = {};
  if (props.type && TYPES.has(props.type)) out.type = props.type as SchemaType;
  if (props.format) out.format = props.format;
  if (props.description) out.description = props.description;
  if (props.required) out.required = props.required;
  if (props.enum) out.enum = props.enum;
  if (props.default !== undefined) out.default = props.default;
  if (props.nullable) out.nullable = true;
  if (props['x-kubernetes-int-or-string']) out['x-kubernetes-int-or-string'] = true;
  if (props['x-kubernetes-preserve-unknown-fields']) out['x-kubernetes-preserve-unknown-fields'] = true;
  if (props['x-kubernetes-embedded-resource']) out['x-kubernetes-embedded-resource'] = true;
  const listType = props['x-kubernetes-list-type'];
  if (listType === 'atomic' || listType === 'set' || listType === 'map') out['x-kubernetes-list-type'] = listType;
  if (props['x-kubernetes-list-map-keys']) out['x-kubernetes-list-map-keys'] = props['x-kubernetes-list-map-keys'];
  const mapType = props['x-kubernetes-map-type'];
  if (mapType === 'atomic' || mapType === 'granular') out['x-kubernetes-map-type'] = mapType;
  if (props.properties) {
    // Field names are data: a null prototype keeps a field called "__proto__" an ordinary key.
    const properties: Record<string, StructuralSchema> = Object.create(null);
    for (const [field, p] of Object.entries(props.properties)) properties[field] = structuralFromJSONSchemaProps(p);
    out.properties = properties;
  }
  if (props.items && !Array.isArray(props.items)) out.items = structuralFromJSONSchemaProps(props.items);
  if (props.additionalProperties && typeof props.additionalProperties === 'object') out.additionalProperties = structuralFromJSONSchemaProps(props.additionalProperties);
  // additionalProperties: true keeps every field, as preserving unknown fields does.
  else if (props.additionalProperties === true) out['x-kubernetes-preserve-unknown-fields'] = true;
  return out;
}

/** The schema of a custom resource's objects: the definition's, with apiVersion, kind and ObjectMeta at the root. */
export function customResourceSchema(props: JSONSchemaProps | undefined, objectMeta: StructuralSchema): StructuralSchema {
  const root = props ? structuralFromJSONSchemaProps(props) : { type: 'object' as const, 'x-kubernetes-preserve-unknown-fields': true };
  const properties: Record<string, StructuralSchema> = Object.create(null);
  Object.assign(properties, root.properties ?? {});
  properties['apiVersion'] = { type: 'string' };
  properties['kind'] = { type: 'string' };
  properties['metadata'] = objectMeta;
  return { ...root, type: 'object', properties };
}

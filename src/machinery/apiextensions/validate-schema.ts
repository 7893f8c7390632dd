// What a CustomResourceDefinition's create and update validation says about one version's
// openAPIV3Schema: the structural-schema rules (a type on every level, no $ref, definitions,
// dependencies, patternProperties or additionalItems, properties and additionalProperties
// exclusive, the x-kubernetes-* extension rules, root metadata limited to name and generateName,
// list-type map keys that are required or defaulted scalars, value-validation-only allOf/anyOf/
// oneOf/not), patterns that Go's regexp compiles, defaults that validate and have no unknown
// fields, and the compile errors of the CEL rules. `structuralErrors` are the same findings that
// make a schema non-structural, as the NonStructuralSchema condition lists them.
import type { JSONSchemaProps } from '../../api/apiextensions/v1/types.ts';
import type { StatusCause } from '../status.ts';
import { errorString, forbidden, invalid, notSupported, required, toStatusCauses, type FieldError } from '../validation/field-error.ts';
import { compileCelRules } from './cel-rules.ts';
import { compileGoPattern } from './go-regexp.ts';
import { canonicalJson } from './go-values.ts';
import { compileValueFieldValidator } from './value-validation.ts';

type Level = 'root' | 'field' | 'item';

const TYPES = ['array', 'boolean', 'integer', 'number', 'object', 'string'];

interface Findings {
  /** Errors that make the schema non-structural. */
  structural: FieldError[];
  /** Other errors of the schema. */
  other: FieldError[];
}

/** Unknown fields of a default under a schema (what pruning would drop), as JSON paths. */
function unknownFields(schema: JSONSchemaProps, v: unknown, path: string, out: string[]): void {
  if (schema['x-kubernetes-preserve-unknown-fields'] || schema['x-kubernetes-int-or-string']) return;
  if (Array.isArray(v)) {
    const items = Array.isArray(schema.items) ? undefined : schema.items;
    if (items) v.forEach((x, i) => unknownFields(items, x, `${path}[${i}]`, out));
    return;
  }
  if (v === null || typeof v !== 'object') return;
  for (const [k, x] of Object.entries(v)) {
    const s = schema.properties?.[k] ?? (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined);
    if (s) unknownFields(s, x, path ? `${path}.${k}` : k, out);
    else if (schema.properties || schema.additionalProperties !== true) {
      if (!(schema['x-kubernetes-embedded-resource'] && ['apiVersion', 'kind', 'metadata'].includes(k))) out.push(path ? `${path}.${k}` : k);
    }
  }
}

/** The structural rules of a value-validation-only schema (inside allOf/anyOf/oneOf/not). */
function checkValueValidation(s: JSONSchemaProps, path: string, f: Findings, intOrString = false): void {
  const forbid = (field: string, what: string) => f.structural.push(forbidden(`${path}.${field}`, what));
  // Under x-kubernetes-int-or-string, `anyOf: [{type: integer}, {type: string}]` is allowed.
  if (s.type && !(intOrString && (s.type === 'integer' || s.type === 'string'))) forbid('type', 'must be empty to be structural');
  if (s.additionalProperties !== undefined) forbid('additionalProperties', 'must be undefined to be structural');
  if (s.default !== undefined) forbid('default', 'must be undefined to be structural');
  if (s.nullable) forbid('nullable', 'must be false to be structural');
  if (s['x-kubernetes-preserve-unknown-fields'] !== undefined) forbid('x-kubernetes-preserve-unknown-fields', 'must be false to be structural');
  if (s['x-kubernetes-embedded-resource']) forbid('x-kubernetes-embedded-resource', 'must be false to be structural');
  if (s['x-kubernetes-int-or-string']) forbid('x-kubernetes-int-or-string', 'must be false to be structural');
  if (s['x-kubernetes-list-type'] !== undefined) forbid('x-kubernetes-list-type', 'must be undefined to be structural');
  if (s['x-kubernetes-list-map-keys'] !== undefined) forbid('x-kubernetes-list-map-keys', 'must be undefined to be structural');
  if (s['x-kubernetes-map-type'] !== undefined) forbid('x-kubernetes-map-type', 'must be undefined to be structural');
  if (s['x-kubernetes-validations'] !== undefined) forbid('x-kubernetes-validations', 'must be empty to be structural');
  if (s.description) forbid('description', 'must be empty to be structural');
  if (s.title) forbid('title', 'must be empty to be structural');
  for (const [k, p] of Object.entries(s.properties ?? {})) checkValueValidation(p, `${path}.properties[${k}]`, f);
  if (s.items && !Array.isArray(s.items)) checkValueValidation(s.items, `${path}.items`, f);
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) (s[key] ?? []).forEach((x, i) => checkValueValidation(x, `${path}.${key}[${i}]`, f, intOrString));
  if (s.not) checkValueValidation(s.not, `${path}.not`, f);
}

function checkListType(s: JSONSchemaProps, path: string, f: Findings): void {
  const listType = s['x-kubernetes-list-type'];
  const keys = s['x-kubernetes-list-map-keys'];
  const items = s.items && !Array.isArray(s.items) ? s.items : undefined;
  if (listType !== undefined) {
    if (!['atomic', 'set', 'map'].includes(listType)) f.other.push(notSupported(`${path}.x-kubernetes-list-type`, listType, ['atomic', 'set', 'map']));
    else if (s.type !== 'array') f.other.push(invalid(`${path}.x-kubernetes-list-type`, listType, 'must only be used if type is array'));
  }
  if (keys !== undefined && listType !== 'map') f.other.push(invalid(`${path}.x-kubernetes-list-map-keys`, keys, 'must only be used if x-kubernetes-list-type is "map"'));
  if (listType === 'set' && items && items.type === 'object' && items['x-kubernetes-map-type'] !== 'atomic') {
    f.other.push(invalid(`${path}.items.x-kubernetes-map-type`, items['x-kubernetes-map-type'] ?? '', 'must be atomic as item of a list with x-kubernetes-list-type=set'));
  }
  if (listType === 'map') {
    if (!keys || !keys.length) f.other.push(required(`${path}.x-kubernetes-list-map-keys`, 'must not be empty if x-kubernetes-list-type is map'));
    if (items && items.type !== 'object') f.other.push(invalid(`${path}.items.type`, items.type ?? '', 'must be object if parent array\'s x-kubernetes-list-type is map'));
    if (items && items['x-kubernetes-map-type'] === 'atomic') f.other.push(invalid(`${path}.items.x-kubernetes-map-type`, 'atomic', 'must be granular as item of a list with x-kubernetes-list-type=map'));
    if (keys && new Set(keys).size !== keys.length) f.other.push(invalid(`${path}.x-kubernetes-list-map-keys`, keys, 'must not contain duplicate entries'));
    for (const k of keys ?? []) {
      const p = items?.properties?.[k];
      const at = `${path}.items.properties[${k}]`;
      if (!p) {
        f.other.push(required(at, 'entries of x-kubernetes-list-map-keys must be properties of items'));
        continue;
      }
      if (!['string', 'integer', 'number', 'boolean'].includes(p.type ?? '')) f.other.push(invalid(`${at}.type`, p.type ?? '', 'must be a scalar type if parent array\'s x-kubernetes-list-map-keys contains it'));
      if (p.default === undefined && !(items?.required ?? []).includes(k)) {
        f.other.push(required(`${at}.default`, 'this property is in x-kubernetes-list-map-keys, so it must have a default or be a required property'));
      }
    }
  }
  const mapType = s['x-kubernetes-map-type'];
  if (mapType !== undefined) {
    if (!['granular', 'atomic'].includes(mapType)) f.other.push(notSupported(`${path}.x-kubernetes-map-type`, mapType, ['granular', 'atomic']));
    else if (s.type !== 'object') f.other.push(invalid(`${path}.x-kubernetes-map-type`, mapType, 'must only be used if type is object'));
  }
}

function checkDefault(s: JSONSchemaProps, path: string, f: Findings): void {
  if (s.default === undefined) return;
  if (s.default === null && !s.nullable) {
    f.other.push(invalid(`${path}.default`, 'null', 'must not be null for non-nullable schemas'));
    return;
  }
  const unknown: string[] = [];
  unknownFields({ ...s, default: undefined }, s.default, '', unknown);
  if (unknown.length) f.other.push(invalid(`${path}.default`, canonicalJson(s.default), `must not have unknown fields, got: ${unknown.join(', ')}`));
  for (const e of compileValueFieldValidator({ ...s, default: undefined })(s.default, `${path}.default`)) f.other.push(e);
}

function walk(s: JSONSchemaProps, path: string, level: Level, f: Findings): void {
  const structural = (e: FieldError) => f.structural.push(e);
  const intOrString = s['x-kubernetes-int-or-string'] === true;
  const preserve = s['x-kubernetes-preserve-unknown-fields'];
  const embedded = s['x-kubernetes-embedded-resource'] === true;
  if (!s.type && !intOrString && !(preserve && level !== 'root') && !embedded) {
    const where = level === 'root' ? 'at the root' : level === 'item' ? 'for specified array items' : 'for specified object fields';
    structural(required(`${path}.type`, `must not be empty ${where}`));
  } else if (s.type && !TYPES.includes(s.type)) f.other.push(notSupported(`${path}.type`, s.type, TYPES));
  if (intOrString && s.type) structural(invalid(`${path}.type`, s.type, 'must be empty if x-kubernetes-int-or-string is true'));
  if (preserve === false) structural(invalid(`${path}.x-kubernetes-preserve-unknown-fields`, false, 'must be true or undefined'));
  if (embedded) {
    if (s.type && s.type !== 'object') structural(invalid(`${path}.type`, s.type, 'must be object if x-kubernetes-embedded-resource is true'));
    if (!preserve && !s.properties) structural(required(`${path}.properties`, 'must not be empty if x-kubernetes-embedded-resource is true without x-kubernetes-preserve-unknown-fields'));
  }
  if (s.$ref !== undefined) structural(forbidden(`${path}.$ref`, '$ref is not supported'));
  if (s.id !== undefined) f.other.push(forbidden(`${path}.id`, 'id is not supported'));
  if (s.$schema !== undefined) f.other.push(forbidden(`${path}.$schema`, '$schema is not supported'));
  if (s.uniqueItems) f.other.push(forbidden(`${path}.uniqueItems`, 'uniqueItems cannot be set to true since the runtime complexity becomes quadratic'));
  if (s.additionalItems !== undefined) structural(forbidden(`${path}.additionalItems`, 'additionalItems cannot be set'));
  if (s.definitions !== undefined) structural(forbidden(`${path}.definitions`, 'definitions is not supported'));
  if (s.dependencies !== undefined) structural(forbidden(`${path}.dependencies`, 'dependencies is not supported'));
  if (s.patternProperties !== undefined) structural(forbidden(`${path}.patternProperties`, 'patternProperties is not supported'));
  if (Array.isArray(s.items)) structural(forbidden(`${path}.items`, 'items must be a schema object and not an array'));
  if (s.type === 'array' && !s.items) structural(required(`${path}.items`, 'must be specified'));
  if (s.properties && s.additionalProperties !== undefined && s.additionalProperties !== true) {
    f.other.push(forbidden(`${path}.additionalProperties`, 'additionalProperties and properties are mutual exclusive'));
  }
  if (s.pattern !== undefined) {
    const p = compileGoPattern(s.pattern);
    if (!p.ok) f.other.push(invalid(`${path}.pattern`, s.pattern, `must be a valid regular expression, but isn't: ${p.error}`));
  }
  if (s.multipleOf !== undefined && s.multipleOf <= 0) f.other.push(invalid(`${path}.multipleOf`, s.multipleOf, 'must be greater than 0'));
  if (s.required && new Set(s.required).size !== s.required.length) f.other.push(invalid(`${path}.required`, s.required, 'must not contain duplicate entries'));
  checkListType(s, path, f);
  if (level === 'root') {
    if (s.type && s.type !== 'object') f.other.push(invalid(`${path}.type`, s.type, 'must be object at the root'));
    const meta = s.properties?.metadata;
    if (meta) {
      if (meta.type && meta.type !== 'object') structural(invalid(`${path}.properties[metadata].type`, meta.type, 'must be object'));
      const extra = Object.keys(meta.properties ?? {}).filter((k) => k !== 'name' && k !== 'generateName');
      if (extra.length || meta.additionalProperties !== undefined || meta['x-kubernetes-validations'] || meta.required) {
        structural(forbidden(`${path}.properties[metadata]`, 'must not specify anything other than name and generateName, but metadata is implicitly specified'));
      }
    }
    for (const k of ['apiVersion', 'kind'] as const) {
      const p = s.properties?.[k];
      if (p?.type && p.type !== 'string') structural(invalid(`${path}.properties[${k}].type`, p.type, 'must be string'));
    }
  }
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) (s[key] ?? []).forEach((x, i) => checkValueValidation(x, `${path}.${key}[${i}]`, f, intOrString));
  if (s.not) checkValueValidation(s.not, `${path}.not`, f);
  if (level !== 'root') checkDefault(s, path, f);
  else if (s.default !== undefined) structural(forbidden(`${path}.default`, 'must not be set at the root'));
  for (const [k, p] of Object.entries(s.properties ?? {})) walk(p, `${path}.properties[${k}]`, 'field', f);
  if (typeof s.additionalProperties === 'object') walk(s.additionalProperties, `${path}.additionalProperties`, 'field', f);
  if (s.items && !Array.isArray(s.items)) walk(s.items, `${path}.items`, 'item', f);
}

/**
 * Validates a version's openAPIV3Schema at `fieldPath` (e.g.
 * `spec.versions[0].schema.openAPIV3Schema`): causes for the CRD's 422, and the non-structural
 * findings as `path: message` lines for the NonStructuralSchema condition.
 */
export function validateCrdSchema(schema: JSONSchemaProps, fieldPath: string): { causes: StatusCause[]; structuralErrors: string[] } {
  const f: Findings = { structural: [], other: [] };
  walk(schema, fieldPath, 'root', f);
  const cel = f.structural.length ? [] : compileCelRules(schema, { schemaPath: fieldPath }).errors;
  return {
    causes: [...toStatusCauses(f.structural), ...toStatusCauses(f.other), ...cel],
    structuralErrors: f.structural.map(errorString),
  };
}

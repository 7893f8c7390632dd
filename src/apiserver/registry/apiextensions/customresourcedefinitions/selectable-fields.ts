// ValidateCustomResourceSelectableFields: each selectable field a simple path (no array
// notation) to a string, integer or boolean field the schema declares, outside metadata, each
// once, at most 8. A path walks properties by name and maps (additionalProperties) by key.
import type { JSONSchemaProps, SelectableField } from '../../../../api/apiextensions/v1/types.ts';
import { duplicate, invalid, required, tooMany, type FieldError } from '../../../../machinery/validation/field-error.ts';

const MAX_SELECTABLE_FIELDS = 8;

/** The schema `jsonPath` reaches and the path's canonical form, or why it reaches none. */
function resolve(jsonPath: string, root: JSONSchemaProps): { schema: JSONSchemaProps; first: string; canonical: string } | { error: string } {
  if (!jsonPath.startsWith('.')) return { error: `expected [ or . at position 0` };
  if (jsonPath.includes('[')) return { error: 'array notation is not allowed' };
  const names = jsonPath.slice(1).split('.');
  let at = root;
  for (const name of names) {
    if (!name) return { error: 'unexpected end of JSON path' };
    const property = at.properties?.[name];
    if (property) at = property;
    else if (at.additionalProperties && typeof at.additionalProperties === 'object') at = at.additionalProperties;
    else return { error: 'does not refer to a valid field' };
  }
  return { schema: at, first: names[0]!, canonical: names.join('.') };
}

export function selectableFieldErrors(fields: readonly SelectableField[], root: JSONSchemaProps, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const unique = new Set<string>();
  fields.forEach((f, i) => {
    const at = `${path}[${i}].jsonPath`;
    if (!f.jsonPath) {
      errs.push(required(at));
      return;
    }
    const found = resolve(f.jsonPath, root);
    if ('error' in found) {
      errs.push(invalid(at, f.jsonPath, `is an invalid path: ${found.error}`));
      return;
    }
    if (found.first === 'metadata') errs.push(invalid(at, f.jsonPath, 'must not point to fields in metadata'));
    if (!['string', 'integer', 'boolean'].includes(found.schema.type ?? '')) {
      errs.push(invalid(at, f.jsonPath, 'must point to a field of type string, boolean or integer. Enum string fields and strings with formats are allowed.'));
    }
    if (unique.has(found.canonical)) errs.push(duplicate(at, f.jsonPath));
    else unique.add(found.canonical);
  });
  if (unique.size > MAX_SELECTABLE_FIELDS) errs.push(tooMany(path, unique.size, MAX_SELECTABLE_FIELDS));
  return errs;
}

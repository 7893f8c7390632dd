// A version's schema as v1 requires it: present (schemas are required in v1). Its structure is the
// schema engine's to check (machinery/apiextensions); until that is wired here only presence is.
import type { CustomResourceValidation } from '../../../../api/apiextensions/v1/types.ts';
import { required, type FieldError } from '../../../../machinery/validation/field-error.ts';

/** The errors of `schema` at `path` (spec.versions[i].schema). */
export function checkVersionSchema(schema: CustomResourceValidation | undefined, path: string, _statusEnabled: boolean): FieldError[] {
  const root = schema?.openAPIV3Schema;
  if (!root) return [required(`${path}.openAPIV3Schema`, 'schemas are required')];
  return [];
}

// A version's schema as v1 requires it: present (schemas are required in v1) and structural, with
// valid value validations and CEL rules, as the schema engine (machinery/apiextensions) checks it.
import type { CustomResourceValidation } from '../../../../api/apiextensions/v1/types.ts';
import { validateCrdSchema } from '../../../../machinery/apiextensions/validate-schema.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { required, toStatusCause } from '../../../../machinery/validation/field-error.ts';

/** The causes of `schema` at `path` (spec.versions[i].schema). */
export function checkVersionSchema(schema: CustomResourceValidation | undefined, path: string): StatusCause[] {
  const root = schema?.openAPIV3Schema;
  if (!root) return [toStatusCause(required(`${path}.openAPIV3Schema`, 'schemas are required'))];
  return validateCrdSchema(root, `${path}.openAPIV3Schema`).causes;
}

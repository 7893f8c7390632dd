// The validator of one served version's custom resources: ObjectMeta's rules (names are DNS
// subdomains), then the version's OpenAPI schema (every keyword, format and list type), and its
// x-kubernetes-validations rules; compiled once per definition version.
import type { CustomResourceDefinition } from '../../api/apiextensions/v1/types.ts';
import { compileValueValidator } from '../../machinery/apiextensions/value-validation.ts';
import { compileCelRules } from '../../machinery/apiextensions/cel-rules.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from '../../machinery/validation/object-meta.ts';
import { nameIsDNSSubdomain } from '../../machinery/validation/names.ts';
import { toStatusCauses } from '../../machinery/validation/field-error.ts';
import type { CustomResourceValidator } from './custom-resource-strategy.ts';

export function customResourceValidator(crd: CustomResourceDefinition, version: string): CustomResourceValidator {
  const namespaced = crd.spec.scope === 'Namespaced';
  const schema = crd.spec.versions.find((v) => v.name === version)?.schema?.openAPIV3Schema;
  const values = schema ? compileValueValidator(schema) : () => [];
  const rules = schema ? compileCelRules(schema) : undefined;
  const celRules = rules?.hasRules ? rules : undefined;
  return {
    validate: (cr) => [...toStatusCauses(validateObjectMeta(cr.metadata, namespaced, nameIsDNSSubdomain)), ...values(cr, ''), ...(celRules?.validate(cr, undefined) ?? [])],
    validateUpdate: (cr, old) => [
      ...toStatusCauses([...validateObjectMeta(cr.metadata, namespaced, nameIsDNSSubdomain), ...validateObjectMetaUpdate(cr.metadata, old.metadata)]),
      ...values(cr, ''),
      ...(celRules?.validate(cr, old) ?? []),
    ],
  };
}

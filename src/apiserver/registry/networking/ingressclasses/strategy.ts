// What a write may change on an IngressClass: parameters without a scope are Cluster-scoped (a
// default applied as bodies are decoded); a create starts at generation 1 and an update bumps it
// when the spec changes.
import type { IngressClass } from '../../../../api/networking/v1/types.ts';
import { deepEqual } from '../../../../machinery/validation/immutable.ts';
import type { ResourceStrategy } from '../../resource.ts';
import { validateIngressClass, validateIngressClassUpdate } from './validation.ts';

export function defaultIngressClass(ic: IngressClass): IngressClass {
  const params = ic.spec?.parameters;
  if (params && (params.scope === undefined || params.scope === null)) params.scope = 'Cluster';
  return ic;
}

export const ingressClassStrategy: ResourceStrategy<IngressClass> = {
  prepareForCreate(ic) {
    ic.metadata.generation = 1;
  },
  prepareForUpdate(ic, old) {
    if (!deepEqual(ic.spec, old.spec)) ic.metadata.generation = (old.metadata.generation ?? 0) + 1;
  },
  validate: validateIngressClass,
  validateUpdate: validateIngressClassUpdate,
  warningsOnCreate: () => [],
  warningsOnUpdate: () => [],
  canonicalize: () => {},
  allowCreateOnUpdate: false,
  allowUnconditionalUpdate: true,
};

// What a write may change on an Ingress: a create starts at generation 1 with an empty status;
// the main resource keeps the stored status and bumps the generation when the spec changes;
// /status keeps the stored spec.
import type { Ingress } from '../../../../api/networking/v1/types.ts';
import { deepEqual } from '../../../../machinery/validation/immutable.ts';
import type { ResourceStrategy } from '../../resource.ts';
import { validateIngressCreate, validateIngressStatusUpdate, validateIngressUpdate } from './validation.ts';

export const ingressStrategy: ResourceStrategy<Ingress> = {
  prepareForCreate(ing) {
    ing.status = { loadBalancer: {} };
    ing.metadata.generation = 1;
  },
  prepareForUpdate(ing, old) {
    ing.status = structuredClone(old.status ?? { loadBalancer: {} });
    if (!deepEqual(ing.spec, old.spec)) ing.metadata.generation = (old.metadata.generation ?? 0) + 1;
  },
  validate: validateIngressCreate,
  validateUpdate: validateIngressUpdate,
  warningsOnCreate: () => [],
  warningsOnUpdate: () => [],
  canonicalize: () => {},
  allowCreateOnUpdate: false,
  allowUnconditionalUpdate: true,
};

export const ingressStatusStrategy: ResourceStrategy<Ingress> = {
  ...ingressStrategy,
  prepareForUpdate(ing, old) {
    ing.spec = structuredClone(old.spec ?? {});
  },
  validateUpdate: validateIngressStatusUpdate,
};

// What a write may change on a PodDisruptionBudget, as Kubernetes' strategy decides: a create
// starts with an empty status; the main resource keeps the status and bumps the generation when
// the spec changes (the disruption controller then recomputes it: until status.observedGeneration
// catches up, evictions are refused); /status keeps the spec.
import type { PodDisruptionBudget, PodDisruptionBudgetStatus } from '../../../../api/policy/v1/types.ts';
import { toStatusCauses } from '../../../../machinery/validation/field-error.ts';
import { deepEqual } from '../../../../machinery/validation/immutable.ts';
import type { ResourceStrategy } from '../../resource.ts';
import { goEncoder } from '../../core/go-encoding.ts';
import { validatePodDisruptionBudget, validatePodDisruptionBudgetStatusUpdate, validatePodDisruptionBudgetUpdate } from './validation.ts';

const emptyStatus = (): PodDisruptionBudgetStatus => ({ disruptionsAllowed: 0, currentHealthy: 0, desiredHealthy: 0, expectedPods: 0 });

export const podDisruptionBudgetStrategy: ResourceStrategy<PodDisruptionBudget> = {
  prepareForCreate(pdb) {
    pdb.status = emptyStatus();
  },
  prepareForUpdate(pdb, old) {
    pdb.status = structuredClone(old.status ?? emptyStatus());
    if (!deepEqual(pdb.spec, old.spec)) pdb.metadata.generation = (old.metadata.generation ?? 0) + 1;
  },
  validate: (pdb) => toStatusCauses(validatePodDisruptionBudget(pdb)),
  validateUpdate: (pdb, old) => toStatusCauses(validatePodDisruptionBudgetUpdate(pdb, old)),
  warningsOnCreate: () => [],
  warningsOnUpdate: () => [],
  canonicalize: goEncoder('io.orch.api.policy.v1.PodDisruptionBudget', 'v1.PodDisruptionBudget'),
  allowCreateOnUpdate: false,
  allowUnconditionalUpdate: true,
};

export const podDisruptionBudgetStatusStrategy: ResourceStrategy<PodDisruptionBudget> = {
  ...podDisruptionBudgetStrategy,
  prepareForUpdate(pdb, old) {
    pdb.spec = structuredClone(old.spec ?? {});
  },
  validateUpdate: (pdb, old) => toStatusCauses(validatePodDisruptionBudgetStatusUpdate(pdb, old)),
};

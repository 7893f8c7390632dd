// PriorityClass validation as Kubernetes' ValidatePriorityClass and its update form: names with
// the system- prefix only for the system's classes (with their values, never the default),
// other classes at most 1000000000, a known preemption policy; value and preemption policy fixed
// after create.
import { HIGHEST_USER_DEFINABLE_PRIORITY, SYSTEM_PRIORITY_CLASSES, SYSTEM_PRIORITY_CLASS_PREFIX, type PriorityClass } from '../../../../api/scheduling/v1/types.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { forbidden, notSupported, required, toStatusCauses, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { validateImmutableField } from '../../../../machinery/validation/immutable.ts';
import { nameIsDNSSubdomain } from '../../../../machinery/validation/names.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from '../../../../machinery/validation/object-meta.ts';

const PREEMPTION_POLICIES = ['PreemptLowerPriority', 'Never'];

/** Why a class with a system name is not the system's class of that name, or undefined when it is. */
function notSystemClass(pc: PriorityClass): string | undefined {
  const name = pc.metadata.name ?? '';
  const system = SYSTEM_PRIORITY_CLASSES.find((s) => s.metadata.name === name);
  if (!system) return `${name} is not a known system priority class`;
  if (system.value !== pc.value) return `value of ${name} PriorityClass must be ${system.value}`;
  if ((system.globalDefault ?? false) !== (pc.globalDefault ?? false)) return `globalDefault of ${name} PriorityClass must be ${system.globalDefault ?? false}`;
  return undefined;
}

function validate(pc: PriorityClass): FieldError[] {
  const errs = validateObjectMeta(pc.metadata, false, nameIsDNSSubdomain);
  if ((pc.metadata.name ?? '').startsWith(SYSTEM_PRIORITY_CLASS_PREFIX)) {
    const why = notSystemClass(pc);
    if (why) errs.push(forbidden('metadata.name', `priority class names with '${SYSTEM_PRIORITY_CLASS_PREFIX}' prefix are reserved for system use only. error: ${why}`));
  } else if (pc.value > HIGHEST_USER_DEFINABLE_PRIORITY) {
    errs.push(forbidden('value', `maximum allowed value of a user defined priority is ${HIGHEST_USER_DEFINABLE_PRIORITY}`));
  }
  const policy = pc.preemptionPolicy;
  if (policy != null) {
    if (!policy) errs.push(required('preemptionPolicy'));
    else if (!PREEMPTION_POLICIES.includes(policy)) errs.push(notSupported('preemptionPolicy', policy, PREEMPTION_POLICIES));
  }
  return errs;
}

export function validatePriorityClass(pc: PriorityClass): StatusCause[] {
  return toStatusCauses(validate(pc));
}

export function validatePriorityClassUpdate(pc: PriorityClass, old: PriorityClass): StatusCause[] {
  const errs = validate(pc);
  errs.push(...validateObjectMetaUpdate(pc.metadata, old.metadata));
  if (pc.value !== old.value) errs.push(forbidden('value', 'may not be changed in an update.'));
  errs.push(...validateImmutableField(pc.preemptionPolicy, old.preemptionPolicy, 'preemptionPolicy'));
  return toStatusCauses(errs);
}

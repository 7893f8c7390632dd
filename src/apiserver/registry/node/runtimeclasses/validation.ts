// RuntimeClass validation as Kubernetes' ValidateRuntimeClass and its update form: a handler that
// is a DNS label, an overhead checked as container limits, a node selector of valid labels and
// valid, distinct tolerations; the handler is fixed after create.
import type { RuntimeClass } from '../../../../api/node/v1/types.ts';
import type { Toleration } from '../../../../api/core/v1/pod-types.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { duplicate, invalid, toStatusCauses, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { validateImmutableField } from '../../../../machinery/validation/immutable.ts';
import { nameIsDNSLabel, nameIsDNSSubdomain } from '../../../../machinery/validation/names.ts';
import { validateLabels, validateObjectMeta, validateObjectMetaUpdate } from '../../../../machinery/validation/object-meta.ts';
import { validateTolerations } from '../../core/pods/validation/scheduling.ts';
import { validateResourceQuantityValue } from '../../core/quantity-errors.ts';
import { validateContainerResourceName } from '../../core/resource-names.ts';

function validateOverhead(podFixed: Record<string, string> | undefined, path: string): FieldError[] {
  return Object.keys(podFixed ?? {}).sort().flatMap((name) => {
    const at = `${path}.limits[${name}]`;
    return [...validateContainerResourceName(name, at), ...validateResourceQuantityValue(name, podFixed![name]!, at)];
  });
}

/** Tolerations of a runtime class: each valid, no two alike in key, operator, value and effect. */
function validateClassTolerations(tolerations: readonly Toleration[] | undefined, path: string): FieldError[] {
  // Kubernetes checks each toleration one level further down, at tolerations.tolerations[i].
  const errs = validateTolerations(tolerations, `${path}.tolerations`);
  const seen = new Set<string>();
  (tolerations ?? []).forEach((t, i) => {
    const key = JSON.stringify([t.key ?? '', t.operator ?? '', t.value ?? '', t.effect ?? '']);
    if (seen.has(key)) errs.push(duplicate(`${path}[${i}]`, t));
    seen.add(key);
  });
  return errs;
}

export function validateRuntimeClass(rc: RuntimeClass): StatusCause[] {
  const errs = validateObjectMeta(rc.metadata, false, nameIsDNSSubdomain);
  const handler = rc.handler ?? '';
  errs.push(...nameIsDNSLabel(handler, false).map((msg) => invalid('handler', handler, msg)));
  if (rc.overhead) errs.push(...validateOverhead(rc.overhead.podFixed, 'overhead'));
  if (rc.scheduling) {
    if (rc.scheduling.nodeSelector) errs.push(...validateLabels(rc.scheduling.nodeSelector, 'scheduling.nodeSelector'));
    errs.push(...validateClassTolerations(rc.scheduling.tolerations, 'scheduling.tolerations'));
  }
  return toStatusCauses(errs);
}

export function validateRuntimeClassUpdate(rc: RuntimeClass, old: RuntimeClass): StatusCause[] {
  const errs = validateObjectMetaUpdate(rc.metadata, old.metadata);
  errs.push(...validateImmutableField(rc.handler, old.handler, 'handler'));
  return toStatusCauses(errs);
}

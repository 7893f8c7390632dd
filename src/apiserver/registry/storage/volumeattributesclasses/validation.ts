// VolumeAttributesClass validation as Kubernetes' ValidateVolumeAttributesClass and its update
// form: a class name, a driver name that is a qualified name, at least one parameter within the
// storage class bounds; the driver and the parameters are fixed after create.
import type { VolumeAttributesClass } from '../../../../api/storage/v1/types.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { forbidden, toStatusCauses, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { deepEqual } from '../../../../machinery/validation/immutable.ts';
import { nameIsDNSSubdomain } from '../../../../machinery/validation/names.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from '../../../../machinery/validation/object-meta.ts';
import { validateParameters, validateProvisioner } from '../class-checks.ts';

function validate(vac: VolumeAttributesClass): FieldError[] {
  const errs = validateObjectMeta(vac.metadata, false, nameIsDNSSubdomain);
  errs.push(...validateProvisioner(vac.driverName, 'driverName'));
  errs.push(...validateParameters(vac.parameters, false, 'parameters'));
  return errs;
}

export function validateVolumeAttributesClass(vac: VolumeAttributesClass): StatusCause[] {
  return toStatusCauses(validate(vac));
}

export function validateVolumeAttributesClassUpdate(vac: VolumeAttributesClass, old: VolumeAttributesClass): StatusCause[] {
  const errs = validateObjectMetaUpdate(vac.metadata, old.metadata);
  if (vac.driverName !== old.driverName) errs.push(forbidden('driverName', 'updates to driverName are forbidden.'));
  if (!deepEqual(vac.parameters, old.parameters)) errs.push(forbidden('parameters', 'updates to parameters are forbidden.'));
  errs.push(...validate(vac));
  return toStatusCauses(errs);
}

// StorageClass validation as Kubernetes' ValidateStorageClass and its update form: a class name,
// a provisioner that is a qualified name, bounded parameters, a reclaim policy of Delete or
// Retain, a known binding mode and sound allowed topologies; after create the parameters, the
// provisioner, the reclaim policy and the binding mode are fixed.
import type { StorageClass } from '../../../../api/storage/v1/types.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { forbidden, notSupported, required, toStatusCauses, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { deepEqual, validateImmutableField } from '../../../../machinery/validation/immutable.ts';
import { nameIsDNSSubdomain } from '../../../../machinery/validation/names.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from '../../../../machinery/validation/object-meta.ts';
import { validateAllowedTopologies, validateParameters, validateProvisioner } from '../class-checks.ts';

const RECLAIM_POLICIES = ['Delete', 'Retain'];
const BINDING_MODES = ['Immediate', 'WaitForFirstConsumer'];

function validate(sc: StorageClass): FieldError[] {
  const errs = validateObjectMeta(sc.metadata, false, nameIsDNSSubdomain);
  errs.push(...validateProvisioner(sc.provisioner, 'provisioner'));
  errs.push(...validateParameters(sc.parameters, true, 'parameters'));
  if (sc.reclaimPolicy && !RECLAIM_POLICIES.includes(sc.reclaimPolicy)) errs.push(notSupported('reclaimPolicy', sc.reclaimPolicy, RECLAIM_POLICIES));
  if (sc.volumeBindingMode === undefined || sc.volumeBindingMode === null) errs.push(required('volumeBindingMode'));
  else if (!BINDING_MODES.includes(sc.volumeBindingMode)) errs.push(notSupported('volumeBindingMode', sc.volumeBindingMode, BINDING_MODES));
  errs.push(...validateAllowedTopologies(sc.allowedTopologies, 'allowedTopologies'));
  return errs;
}

export function validateStorageClass(sc: StorageClass): StatusCause[] {
  return toStatusCauses(validate(sc));
}

export function validateStorageClassUpdate(sc: StorageClass, old: StorageClass): StatusCause[] {
  const errs = validate(sc);
  errs.push(...validateObjectMetaUpdate(sc.metadata, old.metadata));
  // An absent map and an empty one are different parameters to Kubernetes' reflect.DeepEqual.
  if (!deepEqual(sc.parameters, old.parameters) || (sc.parameters === undefined) !== (old.parameters === undefined)) {
    errs.push(forbidden('parameters', 'updates to parameters are forbidden.'));
  }
  if (sc.provisioner !== old.provisioner) errs.push(forbidden('provisioner', 'updates to provisioner are forbidden.'));
  if (sc.reclaimPolicy !== old.reclaimPolicy) errs.push(forbidden('reclaimPolicy', 'updates to reclaimPolicy are forbidden.'));
  errs.push(...validateImmutableField(sc.volumeBindingMode, old.volumeBindingMode, 'volumeBindingMode'));
  return toStatusCauses(errs);
}

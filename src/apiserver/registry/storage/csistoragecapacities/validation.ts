// CSIStorageCapacity validation as Kubernetes' ValidateCSIStorageCapacity and its update form: a
// namespaced object with a DNS-subdomain name, a valid node topology selector, a storage class
// name and a capacity of 0 or more; the topology and the class are fixed after create.
import type { CSIStorageCapacity } from '../../../../api/storage/v1/types.ts';
import { compareQuantities, parseQuantity, quantityString } from '../../../../machinery/quantity/quantity.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { invalid, toStatusCauses, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { validateImmutableField } from '../../../../machinery/validation/immutable.ts';
import { nameIsDNSSubdomain } from '../../../../machinery/validation/names.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from '../../../../machinery/validation/object-meta.ts';
import { validateLabelSelector } from '../../core/pods/validation/label-selector.ts';

function validate(capacity: CSIStorageCapacity): FieldError[] {
  const errs = validateObjectMeta(capacity.metadata, true, nameIsDNSSubdomain);
  errs.push(...validateLabelSelector(capacity.nodeTopology, 'nodeTopology'));
  const className = capacity.storageClassName ?? '';
  errs.push(...nameIsDNSSubdomain(className, false).map((msg) => invalid('storageClassName', className, msg)));
  if (capacity.capacity != null) {
    const q = parseQuantity(capacity.capacity);
    if (compareQuantities(q, parseQuantity('0')) < 0) errs.push(invalid('capacity', quantityString(q), 'must be greater than or equal to 0'));
  }
  return errs;
}

export function validateCSIStorageCapacity(capacity: CSIStorageCapacity): StatusCause[] {
  return toStatusCauses(validate(capacity));
}

export function validateCSIStorageCapacityUpdate(capacity: CSIStorageCapacity, old: CSIStorageCapacity): StatusCause[] {
  const errs = validate(capacity);
  errs.push(...validateObjectMetaUpdate(capacity.metadata, old.metadata));
  errs.push(...validateImmutableField(capacity.nodeTopology, old.nodeTopology, 'nodeTopology'));
  errs.push(...validateImmutableField(capacity.storageClassName, old.storageClassName, 'storageClassName'));
  return toStatusCauses(errs);
}

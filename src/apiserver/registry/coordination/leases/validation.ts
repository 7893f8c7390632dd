// Lease validation as Kubernetes' ValidateLease and ValidateLeaseUpdate.
import { LEASE_STRATEGIES, type Lease } from '../../../../api/coordination/v1/types.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { forbidden, invalid, notSupported, toStatusCauses, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { isQualifiedName, nameIsDNSSubdomain } from '../../../../machinery/validation/names.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from '../../../../machinery/validation/object-meta.ts';

function validateLeaseSpec(lease: Lease): FieldError[] {
  const errs: FieldError[] = [];
  const spec = lease.spec ?? {};
  if (typeof spec.leaseDurationSeconds === 'number' && spec.leaseDurationSeconds <= 0) {
    errs.push(invalid('spec.leaseDurationSeconds', spec.leaseDurationSeconds, 'must be greater than 0'));
  }
  if (typeof spec.leaseTransitions === 'number' && spec.leaseTransitions < 0) {
    errs.push(invalid('spec.leaseTransitions', spec.leaseTransitions, 'must be greater than or equal to 0'));
  }
  if (typeof spec.strategy === 'string') {
    if (!spec.strategy.includes('/')) {
      if (!LEASE_STRATEGIES.includes(spec.strategy)) errs.push(notSupported('spec.strategy', spec.strategy, LEASE_STRATEGIES));
    } else {
      for (const msg of isQualifiedName(spec.strategy)) errs.push(invalid('spec.strategy', spec.strategy, msg));
    }
  }
  if (spec.preferredHolder && !spec.strategy) {
    errs.push(forbidden('spec.preferredHolder', 'may only be specified if `strategy` is defined'));
  }
  return errs;
}

export function validateLease(lease: Lease): StatusCause[] {
  return toStatusCauses([...validateObjectMeta(lease.metadata, true, nameIsDNSSubdomain), ...validateLeaseSpec(lease)]);
}

export function validateLeaseUpdate(lease: Lease, old: Lease): StatusCause[] {
  return toStatusCauses([...validateObjectMetaUpdate(lease.metadata, old.metadata), ...validateLeaseSpec(lease)]);
}

// CSIDriver validation as Kubernetes' ValidateCSIDriver and its update form: the defaulted
// booleans present, a known fsGroupPolicy and lifecycle modes, token requests with distinct
// audiences and 10 minutes to 2^32 seconds of validity, a refresh period of 10 s or more, tokens
// in secrets only with token requests; attachRequired and the lifecycle modes fixed after create.
import type { CSIDriver, CSIDriverSpec, TokenRequest } from '../../../../api/storage/v1/types.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { duplicate, forbidden, invalid, notSupported, required, toStatusCauses, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { validateImmutableField } from '../../../../machinery/validation/immutable.ts';
import { nameIsDNSSubdomain } from '../../../../machinery/validation/names.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from '../../../../machinery/validation/object-meta.ts';

const FS_GROUP_POLICIES = ['File', 'None', 'ReadWriteOnceWithFSType'];
const LIFECYCLE_MODES = ['Persistent', 'Ephemeral'];
const MIN_TOKEN_SECONDS = 600;
const MAX_TOKEN_SECONDS = 2 ** 32;
const MIN_UPDATE_PERIOD_SECONDS = 10;

function validateTokenRequests(requests: readonly TokenRequest[] | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const audiences = new Set<string>();
  (requests ?? []).forEach((r, i) => {
    const at = `${path}[${i}]`;
    if (audiences.has(r.audience)) {
      errs.push(duplicate(`${at}.audience`, r.audience));
      return;
    }
    audiences.add(r.audience);
    const seconds = r.expirationSeconds;
    if (seconds == null) return;
    if (seconds < MIN_TOKEN_SECONDS) errs.push(invalid(`${at}.expirationSeconds`, seconds, 'may not specify a duration less than 10 minutes'));
    if (seconds > MAX_TOKEN_SECONDS) errs.push(invalid(`${at}.expirationSeconds`, seconds, 'may not specify a duration larger than 2^32 seconds'));
  });
  return errs;
}

function validateSpec(spec: CSIDriverSpec, path: string): FieldError[] {
  const errs: FieldError[] = [];
  // Kubernetes names this field attachedRequired in its errors.
  if (spec.attachRequired == null) errs.push(required(`${path}.attachedRequired`));
  if (spec.podInfoOnMount == null) errs.push(required(`${path}.podInfoOnMount`));
  if (spec.storageCapacity == null) errs.push(required(`${path}.storageCapacity`));
  if (spec.fsGroupPolicy != null && !FS_GROUP_POLICIES.includes(spec.fsGroupPolicy)) errs.push(notSupported(`${path}.fsGroupPolicy`, spec.fsGroupPolicy, FS_GROUP_POLICIES));
  errs.push(...validateTokenRequests(spec.tokenRequests, `${path}.tokenRequests`));
  for (const mode of spec.volumeLifecycleModes ?? []) {
    if (!LIFECYCLE_MODES.includes(mode)) errs.push(notSupported(`${path}.volumeLifecycleModes`, mode, LIFECYCLE_MODES));
  }
  if (spec.seLinuxMount == null) errs.push(required(`${path}.seLinuxMount`));
  const period = spec.nodeAllocatableUpdatePeriodSeconds;
  if (period != null && period < MIN_UPDATE_PERIOD_SECONDS) errs.push(invalid(`${path}.nodeAllocatableUpdatePeriodSeconds`, period, 'must be greater than or equal to 10 seconds'));
  if (spec.serviceAccountTokenInSecrets != null && !spec.tokenRequests?.length) {
    errs.push(forbidden(`${path}.serviceAccountTokenInSecrets`, 'may only be set when tokenRequests is specified'));
  }
  return errs;
}

export function validateCSIDriver(driver: CSIDriver): StatusCause[] {
  return toStatusCauses([...validateObjectMeta(driver.metadata, false, nameIsDNSSubdomain), ...validateSpec(driver.spec ?? {}, 'spec')]);
}

export function validateCSIDriverUpdate(driver: CSIDriver, old: CSIDriver): StatusCause[] {
  const errs = validateObjectMetaUpdate(driver.metadata, old.metadata);
  errs.push(...validateSpec(driver.spec ?? {}, 'spec'));
  errs.push(...validateImmutableField(driver.spec?.attachRequired, old.spec?.attachRequired, 'spec.attachedRequired'));
  errs.push(...validateImmutableField(driver.spec?.volumeLifecycleModes, old.spec?.volumeLifecycleModes, 'spec.volumeLifecycleModes'));
  return toStatusCauses(errs);
}

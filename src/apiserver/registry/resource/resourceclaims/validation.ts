// ResourceClaim validation as Kubernetes' ValidateResourceClaim and its update forms: the spec is
// validated on create and only compared afterwards (it is immutable); a status update checks
// the consumers it is reserved for (at most 256, unique by uid, only while allocated, none added
// once the claim is being deleted), the allocation (validated when first set, unchanged after)
// and the drivers' device statuses (each naming an allocated device).
import type { AllocatedDeviceStatus, AllocationResult, ResourceClaim, ResourceClaimConsumerReference } from '../../../../api/resource/v1/types.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { forbidden, invalid, notSupported, required, tooMany, toStatusCauses, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { deepEqual, validateImmutableField } from '../../../../machinery/validation/immutable.ts';
import { nameIsDNSSubdomain } from '../../../../machinery/validation/names.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from '../../../../machinery/validation/object-meta.ts';
import { validateNodeSelector } from '../../core/pods/validation/affinity.ts';
import { gatherRequestNames, validateConfigList, validateDeviceClaim, validateRequestRef, validateToleration, type RequestNames } from '../device-claim.ts';
import { dnsLabelErrors, validateDriverName, validateList, validatePoolName } from '../names.ts';

const MAX_RESERVED_FOR = 256;
const MAX_RESULTS = 32;
const MAX_DEVICE_CONDITIONS = 8;
const CONFIG_SOURCES = ['FromClaim', 'FromClass'];

export function validateResourceClaim(claim: ResourceClaim): StatusCause[] {
  return toStatusCauses([...validateObjectMeta(claim.metadata, true, nameIsDNSSubdomain), ...validateDeviceClaim(claim.spec?.devices, 'spec.devices')]);
}

export function validateResourceClaimUpdate(claim: ResourceClaim, old: ResourceClaim): StatusCause[] {
  return toStatusCauses([
    ...validateObjectMeta(claim.metadata, true, nameIsDNSSubdomain),
    ...validateObjectMetaUpdate(claim.metadata, old.metadata),
    ...validateImmutableField(claim.spec ?? {}, old.spec ?? {}, 'spec'),
  ]);
}

function validateConsumer(ref: ResourceClaimConsumerReference, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!ref.resource) errs.push(required(`${path}.resource`));
  if (!ref.name) errs.push(required(`${path}.name`));
  if (!ref.uid) errs.push(required(`${path}.uid`));
  return errs;
}

function validateAllocation(allocation: AllocationResult, path: string, names: RequestNames): FieldError[] {
  const errs = validateList(allocation.devices?.results, MAX_RESULTS, `${path}.devices.results`, (r, at) => [
    ...validateRequestRef(r.request ?? '', `${at}.request`, names),
    ...validateDriverName(r.driver ?? '', `${at}.driver`),
    ...validatePoolName(r.pool ?? '', `${at}.pool`),
    ...(r.device ? dnsLabelErrors(r.device, `${at}.device`) : [required(`${at}.device`)]),
    ...(r.tolerations ?? []).flatMap((t, i) => validateToleration(t, `${at}.tolerations[${i}]`)),
  ]);
  const configs = allocation.devices?.config ?? [];
  configs.forEach((c, i) => {
    const at = `${path}.devices.config[${i}]`;
    if (!c.source) errs.push(required(`${at}.source`));
    else if (!CONFIG_SOURCES.includes(c.source)) errs.push(notSupported(`${at}.source`, c.source, CONFIG_SOURCES));
  });
  errs.push(...validateConfigList(configs, 2 * MAX_RESULTS, `${path}.devices.config`, names, false));
  if (allocation.nodeSelector) errs.push(...validateNodeSelector(allocation.nodeSelector, `${path}.nodeSelector`));
  return errs;
}

function deviceKey(d: { driver?: string; pool?: string; device?: string; shareID?: string }): string {
  return `${d.driver ?? ''}/${d.pool ?? ''}/${d.device ?? ''}${d.shareID ? `/${d.shareID}` : ''}`;
}

function validateDeviceStatus(d: AllocatedDeviceStatus, path: string, allocated: Set<string>): FieldError[] {
  const errs = [...validateDriverName(d.driver ?? '', `${path}.driver`), ...validatePoolName(d.pool ?? '', `${path}.pool`)];
  errs.push(...(d.device ? dnsLabelErrors(d.device, `${path}.device`) : [required(`${path}.device`)]));
  if (!allocated.has(deviceKey(d))) errs.push(invalid(path, deviceKey(d), 'must be an allocated device in the claim'));
  if ((d.conditions?.length ?? 0) > MAX_DEVICE_CONDITIONS) errs.push(tooMany(`${path}.conditions`, d.conditions!.length, MAX_DEVICE_CONDITIONS));
  return errs;
}

export function validateResourceClaimStatusUpdate(claim: ResourceClaim, old: ResourceClaim): StatusCause[] {
  const errs = validateObjectMetaUpdate(claim.metadata, old.metadata);
  const status = claim.status ?? {};
  const oldStatus = old.status ?? {};
  const names = gatherRequestNames(claim.spec?.devices);
  errs.push(...validateList(status.reservedFor, MAX_RESERVED_FOR, 'status.reservedFor', validateConsumer, (r) => r.uid));
  const allocated = new Set((status.allocation?.devices?.results ?? []).map(deviceKey));
  errs.push(...validateList(status.devices, -1, 'status.devices', (d, at) => validateDeviceStatus(d, at, allocated), (d) => deviceKey(d)));
  if (status.reservedFor?.length) {
    if (!status.allocation) errs.push(forbidden('status.reservedFor', 'may not be specified when `allocated` is not set'));
    else if (claim.metadata.deletionTimestamp) {
      const before = oldStatus.reservedFor ?? [];
      if (status.reservedFor.some((r) => !before.some((o) => deepEqual(o, r)))) {
        errs.push(forbidden('status.reservedFor', 'new entries may not be added while `deallocationRequested` or `deletionTimestamp` are set'));
      }
    }
  }
  // A set allocation is never changed; a new one is validated as new results are.
  if (oldStatus.allocation && status.allocation) errs.push(...validateImmutableField(status.allocation, oldStatus.allocation, 'status.allocation'));
  else if (status.allocation) errs.push(...validateAllocation(status.allocation, 'status.allocation', names));
  return toStatusCauses(errs);
}

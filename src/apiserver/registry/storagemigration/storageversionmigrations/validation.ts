// StorageVersionMigration validation as Kubernetes' v1beta1 rules: a DNS subdomain name and a
// resource to migrate, which never changes; on /status a resource version that is a
// non-negative integer fixed once set, conditions of unique types with known statuses, a time
// and a reason, Succeeded and Failed never both true nor taken back, Running false once either is.
import type { MigrationCondition, StorageVersionMigration } from '../../../../api/storagemigration/v1beta1/types.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { duplicate, invalid, notSupported, required, toStatusCauses, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { isQualifiedName, nameIsDNSSubdomain } from '../../../../machinery/validation/names.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from '../../../../machinery/validation/object-meta.ts';

const STATUSES = ['False', 'True', 'Unknown'];

export function validateStorageVersionMigration(svm: StorageVersionMigration): StatusCause[] {
  const errs = validateObjectMeta(svm.metadata, false, nameIsDNSSubdomain);
  if (!svm.spec?.resource?.resource) errs.push(required('spec.resource.resource', 'resource is required'));
  return toStatusCauses(errs);
}

export function validateStorageVersionMigrationUpdate(svm: StorageVersionMigration, old: StorageVersionMigration): StatusCause[] {
  const errs = validateObjectMeta(svm.metadata, false, nameIsDNSSubdomain);
  if (!svm.spec?.resource?.resource) errs.push(required('spec.resource.resource', 'resource is required'));
  errs.push(...validateObjectMetaUpdate(svm.metadata, old.metadata));
  for (const key of ['group', 'resource'] as const) {
    const value = svm.spec?.resource?.[key] ?? '';
    if (value !== (old.spec?.resource?.[key] ?? '')) errs.push(invalid(`spec.resource.${key}`, value, 'field is immutable'));
  }
  return toStatusCauses(errs);
}

function conditionTrue(conditions: readonly MigrationCondition[] | undefined, type: string): boolean {
  return (conditions ?? []).some((c) => c.type === type && c.status === 'True');
}

function validateConditions(conditions: readonly MigrationCondition[], path: string): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  conditions.forEach((c, i) => {
    const at = `${path}[${i}]`;
    if (seen.has(c.type)) errs.push(duplicate(`${at}.type`, c.type));
    seen.add(c.type);
    errs.push(...(c.type ? isQualifiedName(c.type).map((m) => invalid(`${at}.type`, c.type, m)) : [required(`${at}.type`)]));
    if (!STATUSES.includes(c.status)) errs.push(notSupported(`${at}.status`, c.status ?? '', STATUSES));
    if (!c.lastTransitionTime) errs.push(required(`${at}.lastTransitionTime`, 'must be set'));
    if (!c.reason) errs.push(required(`${at}.reason`, 'must be set'));
  });
  return errs;
}

export function validateStorageVersionMigrationStatusUpdate(svm: StorageVersionMigration, old: StorageVersionMigration): StatusCause[] {
  const errs = validateObjectMetaUpdate(svm.metadata, old.metadata);
  const rv = svm.status?.resourceVersion ?? '';
  if (rv && !/^\d+$/.test(rv)) errs.push(invalid('status.resourceVersion', rv, `failed to parse resource version ${JSON.stringify(rv)}: strconv.ParseInt: parsing ${JSON.stringify(rv)}: invalid syntax`));
  const oldRv = old.status?.resourceVersion ?? '';
  if (oldRv && oldRv !== rv) errs.push(invalid('status.resourceVersion', rv, 'cannot be updated'));
  const conditions = svm.status?.conditions ?? [];
  errs.push(...validateConditions(conditions, 'status.conditions'));
  const succeeded = conditionTrue(conditions, 'Succeeded');
  const failed = conditionTrue(conditions, 'Failed');
  const running = conditionTrue(conditions, 'Running');
  const value = conditions as unknown as object;
  if (succeeded && failed) errs.push(invalid('status.conditions', value, 'Both success and failed conditions cannot be true at the same time'));
  if (succeeded && running) errs.push(invalid('status.conditions', value, 'Running condition cannot be true when success condition is true'));
  if (failed && running) errs.push(invalid('status.conditions', value, 'Running condition cannot be true when failed condition is true'));
  if (conditionTrue(old.status?.conditions, 'Succeeded') && !succeeded) errs.push(invalid('status.conditions', value, 'Success condition cannot be set to false once it is true'));
  if (conditionTrue(old.status?.conditions, 'Failed') && !failed) errs.push(invalid('status.conditions', value, 'Failed condition cannot be set to false once it is true'));
  return toStatusCauses(errs);
}

// A PersistentVolumeClaimSpec's defaults and checks (ValidatePersistentVolumeClaimSpec), which a
// claim and a pod's ephemeral volume template share, and the access mode and class name checks
// persistent volumes use too.
import type { PersistentVolumeClaimSpec, TypedLocalObjectReference, TypedObjectReference } from '../../../../api/core/v1/volume-types.ts';
import { compareQuantities, parseQuantity, quantityString } from '../../../../machinery/quantity/quantity.ts';
import { forbidden, invalid, notSupported, RenderedValue, required, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { isDNS1123Subdomain, nameIsDNSSubdomain, validateNamespaceName } from '../../../../machinery/validation/names.ts';
import { validateLabelSelector } from '../pods/validation/label-selector.ts';
import { validateResourceQuantityValue } from '../quantity-errors.ts';

export const ACCESS_MODES = ['ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOnce', 'ReadWriteOncePod'];
export const VOLUME_MODES = ['Block', 'Filesystem'];
const ZERO = parseQuantity('0');

/** SetDefaults_PersistentVolumeClaimSpec: a claim without a volume mode asks for a filesystem. */
export function defaultClaimSpec(spec: PersistentVolumeClaimSpec): void {
  spec.volumeMode ??= 'Filesystem';
}

/** Known modes only, and ReadWriteOncePod alone. */
export function validateAccessModes(modes: readonly string[] | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  let onePod = false;
  let other = false;
  for (const mode of modes ?? []) {
    if (!ACCESS_MODES.includes(mode)) errs.push(notSupported(path, mode, ACCESS_MODES));
    else if (mode === 'ReadWriteOncePod') onePod = true;
    else other = true;
  }
  if (onePod && other) errs.push(forbidden(path, 'may not use ReadWriteOncePod with other access modes'));
  return errs;
}

/** A storage or volume attributes class name (ValidateClassName): a DNS subdomain. */
export function validateClassName(name: string, path: string): FieldError[] {
  return nameIsDNSSubdomain(name, false).map((msg) => invalid(path, name, msg));
}

/** ValidatePositiveQuantityValue. */
export function validatePositiveQuantity(value: string, path: string): FieldError[] {
  const q = parseQuantity(value);
  return compareQuantities(q, ZERO) <= 0 ? [invalid(path, quantityString(q), 'must be greater than zero')] : [];
}

function validateDataSource(ref: TypedLocalObjectReference | TypedObjectReference, path: string, allowInvalidGroup: boolean): FieldError[] {
  const errs: FieldError[] = [];
  if (!ref.name) errs.push(required(`${path}.name`));
  if (!ref.kind) errs.push(required(`${path}.kind`));
  const group = ref.apiGroup ?? '';
  if (!group && ref.kind !== 'PersistentVolumeClaim') errs.push(invalid(path, ref.kind ?? '', "must be 'PersistentVolumeClaim' when referencing the default apiGroup"));
  if (group && !allowInvalidGroup) errs.push(...isDNS1123Subdomain(group).map((msg) => invalid(`${path}.apiGroup`, group, msg)));
  const ns = 'namespace' in ref ? ref.namespace : undefined;
  if (ns) errs.push(...validateNamespaceName(ns, false).map((msg) => invalid(`${path}.namespace`, ns, msg)));
  return errs;
}

export interface ClaimSpecOptions {
  /** The stored claim already named an API group in a data source: keep accepting it. */
  allowInvalidDataSourceGroup?: boolean;
}

export function validateClaimSpec(spec: PersistentVolumeClaimSpec, path: string, opts: ClaimSpecOptions = {}): FieldError[] {
  const errs: FieldError[] = [];
  if (!spec.accessModes?.length) errs.push(required(`${path}.accessModes`, 'at least 1 access mode is required'));
  if (spec.selector) errs.push(...validateLabelSelector(spec.selector, `${path}.selector`));
  errs.push(...validateAccessModes(spec.accessModes, `${path}.accessModes`));
  const storagePath = `${path}.resources[storage]`;
  const storage = spec.resources?.requests?.['storage'];
  if (storage === undefined) errs.push(required(storagePath));
  else {
    const positive = validatePositiveQuantity(storage, storagePath);
    errs.push(...(positive.length ? positive : validateResourceQuantityValue('storage', storage, storagePath)));
  }
  if (spec.storageClassName) errs.push(...validateClassName(spec.storageClassName, `${path}.storageClassName`));
  if (spec.volumeMode !== undefined && !VOLUME_MODES.includes(spec.volumeMode)) errs.push(notSupported(`${path}.volumeMode`, spec.volumeMode, VOLUME_MODES));
  const allowGroup = opts.allowInvalidDataSourceGroup ?? false;
  if (spec.dataSource) errs.push(...validateDataSource(spec.dataSource, `${path}.dataSource`, allowGroup));
  if (spec.dataSourceRef) errs.push(...validateDataSource(spec.dataSourceRef, `${path}.dataSourceRef`, allowGroup));
  // Kubernetes shows the path itself (a Stringer, so unquoted) as the bad value.
  const dataSourcePath = new RenderedValue(`${path}.dataSource`);
  if (spec.dataSourceRef?.namespace) {
    if (spec.dataSource) errs.push(invalid(path, dataSourcePath, 'may not be specified when dataSourceRef.namespace is specified'));
  } else if (spec.dataSource && spec.dataSourceRef && !sameDataSource(spec.dataSource, spec.dataSourceRef)) {
    errs.push(invalid(path, dataSourcePath, 'must match dataSourceRef'));
  }
  if (spec.volumeAttributesClassName) errs.push(...validateClassName(spec.volumeAttributesClassName, `${path}.volumeAttributesClassName`));
  return errs;
}

function sameDataSource(a: TypedLocalObjectReference, b: TypedObjectReference): boolean {
  return (a.apiGroup ?? null) === (b.apiGroup ?? null) && a.kind === b.kind && a.name === b.name;
}

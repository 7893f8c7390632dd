// PersistentVolumeClaim validation as Kubernetes' ValidatePersistentVolumeClaim and its update
// forms. After create the spec is fixed, except: the volume name may be set once, a storage class
// may come from the beta annotation or from nothing, and a bound claim may change its storage
// request (not below its capacity) and volume attributes class (not back to nothing). A status
// update names a resourceVersion and valid capacities and resize states.
import type { PersistentVolumeClaim, PersistentVolumeClaimSpec } from '../../../../api/core/v1/volume-types.ts';
import { compareQuantities, parseQuantity, scaledValue } from '../../../../machinery/quantity/quantity.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { forbidden, invalid, notSupported, required, toStatusCauses, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { deepEqual, validateImmutableField } from '../../../../machinery/validation/immutable.ts';
import { isQualifiedName, nameIsDNSSubdomain } from '../../../../machinery/validation/names.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from '../../../../machinery/validation/object-meta.ts';
import { podSpecDiff } from '../pods/validation/spec-diff.ts';
import { validateResourceQuantityValue } from '../quantity-errors.ts';
import { isNativeResource } from '../resource-names.ts';
import { validateClaimSpec } from './claim-spec.ts';
import { mirrorDataSources } from './data-sources.ts';
import { BETA_STORAGE_CLASS_ANNOTATION } from './table.ts';

const RESIZE_STATES = ['ControllerResizeInProgress', 'ControllerResizeInfeasible', 'NodeResizeInProgress', 'NodeResizeInfeasible', 'NodeResizePending'];
const IMMUTABLE_SPEC = 'spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims';

/** The stored claim named an API group in a data source: it may keep an invalid one. */
const hadDataSourceGroup = (spec: PersistentVolumeClaimSpec | undefined) => spec?.dataSource?.apiGroup != null || spec?.dataSourceRef?.apiGroup != null;

function validate(pvc: PersistentVolumeClaim, old?: PersistentVolumeClaim): FieldError[] {
  return [
    ...validateObjectMeta(pvc.metadata, true, nameIsDNSSubdomain),
    ...validateClaimSpec(pvc.spec ?? {}, 'spec', { allowInvalidDataSourceGroup: hadDataSourceGroup(old?.spec) }),
  ];
}

export function validatePersistentVolumeClaim(pvc: PersistentVolumeClaim): StatusCause[] {
  return toStatusCauses(validate(pvc));
}

/** An old claim with a class only in the beta annotation may move it into storageClassName. */
function classFromAnnotation(pvc: PersistentVolumeClaim, old: PersistentVolumeClaim): boolean {
  const oldClass = old.metadata.annotations?.[BETA_STORAGE_CLASS_ANNOTATION];
  const newAnnotation = pvc.metadata.annotations?.[BETA_STORAGE_CLASS_ANNOTATION];
  const name = pvc.spec?.storageClassName;
  return oldClass !== undefined && old.spec?.storageClassName === undefined && name !== undefined && name === oldClass && (newAnnotation === undefined || newAnnotation === oldClass);
}

/** An old claim without a class may get one (matching its annotation, if it has one). */
function classFromNothing(pvc: PersistentVolumeClaim, old: PersistentVolumeClaim): boolean {
  const oldAnnotation = old.metadata.annotations?.[BETA_STORAGE_CLASS_ANNOTATION];
  const name = pvc.spec?.storageClassName;
  return name !== undefined && old.spec?.storageClassName === undefined && (oldAnnotation === undefined || name === oldAnnotation);
}

const storageOf = (list: Record<string, string> | undefined) => parseQuantity(list?.['storage'] ?? '0');

export function validatePersistentVolumeClaimUpdate(pvc: PersistentVolumeClaim, old: PersistentVolumeClaim): StatusCause[] {
  const errs = [...validateObjectMetaUpdate(pvc.metadata, old.metadata), ...validate(pvc, old)];
  const next = structuredClone(pvc.spec ?? {});
  const prev = structuredClone(old.spec ?? {});
  // Claims stored before data sources were mirrored are judged as if they had been.
  mirrorDataSources(prev);
  if (!prev.volumeName) prev.volumeName = next.volumeName;
  if (classFromAnnotation(pvc, old)) delete next.storageClassName;
  else {
    const newAnnotation = pvc.metadata.annotations?.[BETA_STORAGE_CLASS_ANNOTATION] ?? '';
    const oldAnnotation = old.metadata.annotations?.[BETA_STORAGE_CLASS_ANNOTATION] ?? '';
    if (newAnnotation !== oldAnnotation) errs.push(invalid(`metadata.annotations.${BETA_STORAGE_CLASS_ANNOTATION}`, newAnnotation, 'field is immutable'));
    if (classFromNothing(pvc, old)) delete next.storageClassName;
  }
  // The status is the stored one here: only a bound claim may resize or change its class.
  const bound = pvc.status?.phase === 'Bound';
  if (bound && next.resources?.requests) {
    const oldStorage = old.spec?.resources?.requests?.['storage'];
    if (oldStorage === undefined) delete next.resources.requests['storage'];
    else next.resources.requests['storage'] = oldStorage;
  }
  if (bound && next.volumeAttributesClassName !== undefined) {
    if (prev.volumeAttributesClassName === undefined) delete next.volumeAttributesClassName;
    else next.volumeAttributesClassName = prev.volumeAttributesClassName;
  }
  if (!deepEqual(next, prev)) {
    const diff = podSpecDiff(prev as Record<string, unknown>, next as Record<string, unknown>).replace('core.PodSpec{', 'core.PersistentVolumeClaimSpec{');
    errs.push(forbidden('spec', `${IMMUTABLE_SPEC}\n${diff}`));
  }
  const newSize = storageOf(pvc.spec?.resources?.requests);
  if (compareQuantities(newSize, storageOf(old.spec?.resources?.requests)) < 0 && compareQuantities(newSize, storageOf(old.status?.capacity)) <= 0) {
    errs.push(forbidden('spec.resources.requests.storage', 'field can not be less than status.capacity'));
  }
  errs.push(...validateImmutableField(pvc.spec?.volumeMode, old.spec?.volumeMode, 'volumeMode'));
  const vac = pvc.spec?.volumeAttributesClassName;
  if (old.spec?.volumeAttributesClassName !== undefined && vac !== old.spec.volumeAttributesClassName) {
    if (vac === undefined) errs.push(forbidden('spec.volumeAttributesClassName', 'update from non-nil value to nil is forbidden'));
    else if (vac === '') errs.push(forbidden('spec.volumeAttributesClassName', 'update from non-nil value to an empty string is forbidden'));
  }
  return toStatusCauses(errs);
}

/** validatePersistentVolumeClaimResourceKey: a qualified name; storage among native names. */
function validateResourceKey(key: string, path: string): FieldError[] {
  const errs = isQualifiedName(key).map((msg) => invalid(path, key, msg));
  if (!errs.length && isNativeResource(key) && key !== 'storage') errs.push(notSupported(path, key, ['storage']));
  return errs;
}

/** validateBasicResource: a whole value that is not negative. */
function validateBasicResource(value: string, path: string): FieldError[] {
  const whole = scaledValue(parseQuantity(value), 0);
  return whole < 0n ? [invalid(path, Number(whole), 'must be a valid resource quantity')] : [];
}

export function validatePersistentVolumeClaimStatusUpdate(pvc: PersistentVolumeClaim, old: PersistentVolumeClaim): StatusCause[] {
  const errs = validateObjectMetaUpdate(pvc.metadata, old.metadata);
  if (!pvc.metadata.resourceVersion) errs.push(required('resourceVersion'));
  if (!pvc.spec?.accessModes?.length) errs.push(required('Spec.accessModes'));
  const status = pvc.status ?? {};
  // Go walks these maps in no order; sorted keys keep ours stable.
  for (const key of Object.keys(status.capacity ?? {}).sort()) errs.push(...validateBasicResource(status.capacity![key]!, `status.capacity[${key}]`));
  // Kubernetes names this map in the singular in its errors.
  const resizePath = 'status.allocatedResourceStatus';
  for (const key of Object.keys(status.allocatedResourceStatuses ?? {}).sort()) {
    errs.push(...validateResourceKey(key, resizePath));
    if (!RESIZE_STATES.includes(status.allocatedResourceStatuses![key]!)) errs.push(notSupported(resizePath, key, RESIZE_STATES));
  }
  const allocPath = 'status.allocatedResources';
  for (const key of Object.keys(status.allocatedResources ?? {}).sort()) {
    const keyErrs = validateResourceKey(key, allocPath);
    if (keyErrs.length) {
      errs.push(...keyErrs);
      continue;
    }
    const value = status.allocatedResources![key]!;
    const basic = validateBasicResource(value, `${allocPath}[${key}]`);
    errs.push(...(basic.length ? basic : validateResourceQuantityValue('storage', value, `${allocPath}[${key}]`)));
  }
  return toStatusCauses(errs);
}

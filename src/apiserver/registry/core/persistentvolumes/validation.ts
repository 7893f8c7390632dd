// PersistentVolume validation as Kubernetes' ValidatePersistentVolume and its update forms: access
// modes, a positive storage capacity and nothing else, a known reclaim policy and volume mode,
// node affinity that is a valid node selector (required for local volumes), exactly one source
// checked by that source's rules, class names; after create the source, the volume mode and
// the node affinity are fixed; a status update names a resourceVersion.
import type { PersistentVolume, PersistentVolumeSource, PersistentVolumeSpec, SecretReference } from '../../../../api/core/v1/volume-types.ts';
import { parseQuantity, goQuantityRepr, scaledValue } from '../../../../machinery/quantity/quantity.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { forbidden, invalid, notSupported, RenderedValue, required, toStatusCauses, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { deepEqual, validateImmutableField } from '../../../../machinery/validation/immutable.ts';
import { isDNS1123Label, isDNS1123Subdomain, nameIsDNSSubdomain } from '../../../../machinery/validation/names.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from '../../../../machinery/validation/object-meta.ts';
import { validateAccessModes, validateClassName, validatePositiveQuantity, VOLUME_MODES } from '../persistentvolumeclaims/claim-spec.ts';
import { podSpecDiff } from '../pods/validation/spec-diff.ts';
import { validateNodeSelector } from '../pods/validation/affinity.ts';
import {
  validateAzureDisk, validateAzureFile, validateCephFS, validateCinder, validateFlex, validateFlocker, validateGlusterfs, validatePhoton,
  validatePortworx, validateQuobyte, validateRBD, validateScaleIO, validateStorageOS, validateVsphere,
} from '../pods/volumes/legacy-sources.ts';
import { validateCSIDriverName } from '../pods/volumes/pod-sources.ts';
import { validateAWSElasticBlockStore, validateFC, validateGCEPersistentDisk, validateHostPath, validateISCSI, validateNFS } from '../pods/volumes/sources.ts';
import { validatePathNoBacksteps } from '../pods/volumes/paths.ts';

const RECLAIM_POLICIES = ['Delete', 'Recycle', 'Retain'];

/** The members of PersistentVolumeSource, which are fixed after create. */
const SOURCE_KEYS: readonly (keyof PersistentVolumeSource)[] = [
  'gcePersistentDisk', 'awsElasticBlockStore', 'hostPath', 'glusterfs', 'nfs', 'rbd', 'iscsi', 'cinder', 'cephfs', 'fc', 'flocker', 'flexVolume',
  'azureFile', 'vsphereVolume', 'quobyte', 'azureDisk', 'photonPersistentDisk', 'portworxVolume', 'scaleIO', 'local', 'storageos', 'csi',
];

/** validatePVSecretReference: a named secret in a named namespace. */
function validateSecretRef(ref: SecretReference, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!ref.name) errs.push(required(`${path}.name`));
  else errs.push(...isDNS1123Subdomain(ref.name).map((msg) => invalid(`${path}.name`, ref.name!, msg)));
  if (!ref.namespace) errs.push(required(`${path}.namespace`));
  else errs.push(...isDNS1123Label(ref.namespace).map((msg) => invalid(`${path}.namespace`, ref.namespace!, msg)));
  return errs;
}

function validateCSI(csi: NonNullable<PersistentVolumeSource['csi']>, path: string): FieldError[] {
  const errs = validateCSIDriverName(csi.driver ?? '', `${path}.driver`);
  if (!csi.volumeHandle) errs.push(required(`${path}.volumeHandle`));
  // nodeStageSecretRef is not checked by Kubernetes either.
  for (const key of ['controllerPublishSecretRef', 'controllerExpandSecretRef', 'nodePublishSecretRef', 'nodeExpandSecretRef'] as const) {
    const ref = csi[key];
    if (ref) errs.push(...validateSecretRef(ref, `${path}.${key}`));
  }
  return errs;
}

function validateLocal(local: NonNullable<PersistentVolumeSource['local']>, path: string): FieldError[] {
  return local.path ? validatePathNoBacksteps(local.path, `${path}.path`) : [required(`${path}.path`)];
}

type Check = (source: never, path: string, pvName: string) => FieldError[];

/**
 * [member, the name a second source is reported under, the name its own errors use, check], in
 * Kubernetes' order and spelling. A second flexVolume is never reported: Kubernetes counts it
 * without checking.
 */
const SOURCES: readonly [keyof PersistentVolumeSource, string | undefined, string, Check][] = [
  ['hostPath', 'hostPath', 'hostPath', validateHostPath],
  ['gcePersistentDisk', 'gcePersistentDisk', 'persistentDisk', validateGCEPersistentDisk],
  ['awsElasticBlockStore', 'awsElasticBlockStore', 'awsElasticBlockStore', validateAWSElasticBlockStore],
  ['glusterfs', 'glusterfs', 'glusterfs', validateGlusterfs],
  ['flocker', 'flocker', 'flocker', validateFlocker],
  ['nfs', 'nfs', 'nfs', validateNFS],
  ['rbd', 'rbd', 'rbd', validateRBD],
  ['quobyte', 'quobyte', 'quobyte', validateQuobyte],
  ['cephfs', 'cephFS', 'cephfs', validateCephFS],
  ['iscsi', 'iscsi', 'iscsi', (s, p, pvName) => validateISCSI(s, p, { pvName })],
  ['cinder', 'cinder', 'cinder', (s, p) => validateCinder(s, p, true)],
  ['fc', 'fc', 'fc', validateFC],
  ['flexVolume', undefined, 'flexVolume', validateFlex],
  ['azureFile', 'azureFile', 'azureFile', validateAzureFile],
  ['vsphereVolume', 'vsphereVolume', 'vsphereVolume', validateVsphere],
  ['photonPersistentDisk', 'photonPersistentDisk', 'photonPersistentDisk', validatePhoton],
  ['portworxVolume', 'portworxVolume', 'portworxVolume', validatePortworx],
  ['azureDisk', 'azureDisk', 'azureDisk', validateAzureDisk],
  ['scaleIO', 'scaleIO', 'scaleIO', validateScaleIO],
  ['local', 'local', 'local', validateLocal],
  ['storageos', 'storageos', 'storageos', (s, p) => validateStorageOS(s, p, true)],
  ['csi', 'csi', 'csi', validateCSI],
];

/** A ResourceList as Go's %#v prints it, keys sorted. */
function goResourceList(list: Record<string, string> | undefined): RenderedValue {
  if (!list) return new RenderedValue('core.ResourceList(nil)');
  const entries = Object.keys(list).sort().map((k) => `${JSON.stringify(k)}:${goQuantityRepr(parseQuantity(list[k]!))}`);
  return new RenderedValue(`core.ResourceList{${entries.join(', ')}}`);
}

/** Go's path.Clean, enough to tell whether a path is the root. */
const isRoot = (p: string) => p.startsWith('/') && p.split('/').every((part) => part === '' || part === '.' || part === '..');

function validateCapacity(capacity: Record<string, string> | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const keys = Object.keys(capacity ?? {});
  if (!keys.length) errs.push(required(path));
  if (!keys.includes('storage') || keys.length > 1) errs.push(notSupported(path, goResourceList(capacity), ['storage']));
  // Go walks the map in no order; sorted keys keep ours stable.
  for (const key of keys.sort()) {
    const value = capacity![key]!;
    const whole = scaledValue(parseQuantity(value), 0);
    if (whole < 0n) errs.push(invalid(`${path}[${key}]`, Number(whole), 'must be a valid resource quantity'));
    errs.push(...validatePositiveQuantity(value, `${path}[${key}]`));
  }
  return errs;
}

function validateSpec(spec: PersistentVolumeSpec, pvName: string, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!spec.accessModes?.length) errs.push(required(`${path}.accessModes`));
  errs.push(...validateAccessModes(spec.accessModes, `${path}.accessModes`));
  errs.push(...validateCapacity(spec.capacity, `${path}.capacity`));
  const policy = spec.persistentVolumeReclaimPolicy;
  if (policy && !RECLAIM_POLICIES.includes(policy)) errs.push(notSupported(`${path}.persistentVolumeReclaimPolicy`, policy, RECLAIM_POLICIES));
  let nodeAffinity = false;
  if (spec.nodeAffinity) {
    nodeAffinity = true;
    const required_ = spec.nodeAffinity.required;
    if (required_) errs.push(...validateNodeSelector(required_, `${path}.nodeAffinity.required`));
    else errs.push(required(`${path}.nodeAffinity.required`, 'must specify required node constraints'));
  }
  let count = 0;
  for (const [key, reportedAs, checkedAs, check] of SOURCES) {
    const source = spec[key];
    if (source === undefined || source === null) continue;
    if (count > 0 && reportedAs) {
      errs.push(forbidden(`${path}.${reportedAs}`, 'may not specify more than 1 volume type'));
      continue;
    }
    count++;
    errs.push(...check(source as never, `${path}.${checkedAs}`, pvName));
    if (key === 'local' && !nodeAffinity) errs.push(required(`${path}.nodeAffinity`, 'Local volume requires node affinity'));
  }
  if (count === 0) errs.push(required(path, 'must specify a volume type'));
  if (spec.hostPath && isRoot(spec.hostPath.path ?? '') && policy === 'Recycle') {
    errs.push(forbidden(`${path}.persistentVolumeReclaimPolicy`, "may not be 'recycle' for a hostPath mount of '/'"));
  }
  if (spec.storageClassName) errs.push(...validateClassName(spec.storageClassName, `${path}.storageClassName`));
  if (spec.volumeMode !== undefined && !VOLUME_MODES.includes(spec.volumeMode)) errs.push(notSupported(`${path}.volumeMode`, spec.volumeMode, VOLUME_MODES));
  const vac = spec.volumeAttributesClassName;
  if (vac !== undefined && vac !== null) {
    if (!vac) errs.push(required(`${path}.volumeAttributesClassName`, 'an empty string is disallowed'));
    else errs.push(...nameIsDNSSubdomain(vac, false).map((msg) => invalid(`${path}.volumeAttributesClassName`, vac, msg)));
    if (!spec.csi) errs.push(required(`${path}.csi`, 'has to be specified when using volumeAttributesClassName'));
  }
  return errs;
}

function validate(pv: PersistentVolume): FieldError[] {
  return [...validateObjectMeta(pv.metadata, false, nameIsDNSSubdomain), ...validateSpec(pv.spec ?? {}, pv.metadata.name ?? '', 'spec')];
}

export function validatePersistentVolume(pv: PersistentVolume): StatusCause[] {
  return toStatusCauses(validate(pv));
}

/** The source members of a spec, for comparing them. */
function sourceOf(spec: PersistentVolumeSpec | undefined): Record<string, unknown> {
  return Object.fromEntries(SOURCE_KEYS.filter((k) => spec?.[k] !== undefined && spec?.[k] !== null).map((k) => [k, spec![k]]));
}

export function validatePersistentVolumeUpdate(pv: PersistentVolume, old: PersistentVolume): StatusCause[] {
  const errs = [...validateObjectMetaUpdate(pv.metadata, old.metadata), ...validate(pv)];
  const spec = pv.spec ?? {};
  const oldSpec = old.spec ?? {};
  const newSource = sourceOf(spec);
  const oldSource = sourceOf(oldSpec);
  // A CSI volume may gain the secret for controller expansion it lacked.
  if (oldSpec.csi && !oldSpec.csi.controllerExpandSecretRef && spec.csi?.controllerExpandSecretRef) {
    newSource['csi'] = { ...spec.csi, controllerExpandSecretRef: undefined };
  }
  if (!deepEqual(newSource, oldSource)) {
    const diff = podSpecDiff(oldSource, newSource).replace('core.PodSpec{', 'core.PersistentVolumeSource{');
    errs.push(forbidden('spec.persistentvolumesource', `spec.persistentvolumesource is immutable after creation\n${diff}`));
  }
  errs.push(...validateImmutableField(spec.volumeMode, oldSpec.volumeMode, 'volumeMode'));
  // Node affinity may be added once; then it is fixed.
  if (oldSpec.nodeAffinity && !deepEqual(spec.nodeAffinity, oldSpec.nodeAffinity)) {
    const shown = spec.nodeAffinity ? 'core.VolumeNodeAffinity{Required:(*core.NodeSelector)(0xc000000000)}' : 'null';
    errs.push(invalid('nodeAffinity', new RenderedValue(shown), 'field is immutable'));
  }
  if (oldSpec.volumeAttributesClassName !== undefined && spec.volumeAttributesClassName === undefined) {
    errs.push(forbidden('spec.volumeAttributesClassName', 'update from non-nil value to nil is forbidden'));
  }
  return toStatusCauses(errs);
}

export function validatePersistentVolumeStatusUpdate(pv: PersistentVolume, old: PersistentVolume): StatusCause[] {
  const errs = validateObjectMetaUpdate(pv.metadata, old.metadata);
  if (!pv.metadata.resourceVersion) errs.push(required('resourceVersion'));
  return toStatusCauses(errs);
}

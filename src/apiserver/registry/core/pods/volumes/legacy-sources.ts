// Checks of the deprecated in-tree volume sources (Glusterfs, Ceph, Cinder, Azure, vSphere,
// Portworx, ScaleIO, StorageOS, Quobyte, Flocker, FlexVolume), which pods and persistent volumes
// both accept, as Kubernetes' validation checks them. `persistent` marks a persistent volume's
// form, whose secret references also name a namespace.
import type {
  AzureDiskVolumeSource, AzureFilePersistentVolumeSource, CephFSVolumeSource, CinderVolumeSource, FlexVolumeSource, FlockerVolumeSource,
  GlusterfsPersistentVolumeSource, PhotonPersistentDiskVolumeSource, PortworxVolumeSource, QuobyteVolumeSource, RBDVolumeSource,
  ScaleIOVolumeSource, StorageOSVolumeSource, VsphereVirtualDiskVolumeSource,
} from '../../../../../api/core/v1/volume-types.ts';
import { invalid, notSupported, required, type FieldError } from '../../../../../machinery/validation/field-error.ts';
import { isDNS1123Label, validateNamespaceName } from '../../../../../machinery/validation/names.ts';

type Ref = { name?: string; namespace?: string };

const dnsLabel = (value: string, path: string) => isDNS1123Label(value).map((msg) => invalid(path, value, msg));

/** A secret reference's name, and for a persistent volume its namespace, must be set. */
function secretRefNamed(ref: Ref | undefined | null, path: string, persistent: boolean): FieldError[] {
  if (!ref) return [];
  const errs: FieldError[] = [];
  if (!ref.name) errs.push(required(`${path}.secretRef.name`));
  if (persistent && !ref.namespace) errs.push(required(`${path}.secretRef.namespace`));
  return errs;
}

export function validateGlusterfs(source: GlusterfsPersistentVolumeSource, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!source.endpoints) errs.push(required(`${path}.endpoints`));
  if (!source.path) errs.push(required(`${path}.path`));
  const ns = source.endpointsNamespace;
  if (ns !== undefined && ns !== null) {
    const at = `${path}.endpointsNamespace`;
    if (ns === '') errs.push(invalid(at, ns, 'if the endpointnamespace is set, it must be a valid namespace name'));
    else errs.push(...validateNamespaceName(ns, false).map((msg) => invalid(at, ns, msg)));
  }
  return errs;
}

export function validateRBD(source: RBDVolumeSource<Ref>, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!source.monitors?.length) errs.push(required(`${path}.monitors`));
  if (!source.image) errs.push(required(`${path}.image`));
  return errs;
}

export function validateCinder(source: CinderVolumeSource<Ref>, path: string, persistent = false): FieldError[] {
  const errs = source.volumeID ? [] : [required(`${path}.volumeID`)];
  return [...errs, ...secretRefNamed(source.secretRef, path, persistent)];
}

export function validateCephFS(source: CephFSVolumeSource<Ref>, path: string): FieldError[] {
  return source.monitors?.length ? [] : [required(`${path}.monitors`)];
}

export function validateFlocker(source: FlockerVolumeSource, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!source.datasetName && !source.datasetUUID) errs.push(required(path, 'one of datasetName and datasetUUID is required'));
  if (source.datasetName && source.datasetUUID) errs.push(invalid(path, 'resource', 'datasetName and datasetUUID can not be specified simultaneously'));
  if (source.datasetName?.includes('/')) errs.push(invalid(`${path}.datasetName`, source.datasetName, "must not contain '/'"));
  return errs;
}

export function validateFlex(source: FlexVolumeSource<Ref>, path: string): FieldError[] {
  const errs = source.driver ? [] : [required(`${path}.driver`)];
  // Options may not use Kubernetes' own prefixes; Go walks the map in no order, we sort.
  for (const key of Object.keys(source.options ?? {}).sort()) {
    const prefix = key.includes('/') ? key.slice(0, key.indexOf('/')) : key;
    const normalized = `.${prefix.toLowerCase()}`;
    if (normalized.endsWith('.kubernetes.io') || normalized.endsWith('.k8s.io')) {
      errs.push(invalid(`${path}.options[${key}]`, key, 'kubernetes.io and k8s.io namespaces are reserved'));
    }
  }
  return errs;
}

export function validateAzureFile(source: AzureFilePersistentVolumeSource, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!source.secretName) errs.push(required(`${path}.secretName`));
  if (!source.shareName) errs.push(required(`${path}.shareName`));
  if (source.secretNamespace !== undefined && source.secretNamespace !== null && !source.secretNamespace) errs.push(required(`${path}.secretNamespace`));
  return errs;
}

const CACHING_MODES = ['None', 'ReadOnly', 'ReadWrite'];
const DISK_KINDS = ['Dedicated', 'Managed', 'Shared'];

export function validateAzureDisk(source: AzureDiskVolumeSource, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!source.diskName) errs.push(required(`${path}.diskName`));
  if (!source.diskURI) errs.push(required(`${path}.diskURI`));
  if (source.cachingMode !== undefined && !CACHING_MODES.includes(source.cachingMode)) errs.push(notSupported(`${path}.cachingMode`, source.cachingMode, CACHING_MODES));
  if (source.kind !== undefined && !DISK_KINDS.includes(source.kind)) errs.push(notSupported(`${path}.kind`, source.kind, DISK_KINDS));
  const uri = source.diskURI ?? '';
  if (source.kind === 'Managed' && !uri.startsWith('/subscriptions/')) {
    errs.push(notSupported(`${path}.diskURI`, uri, ['/subscriptions/{sub-id}/resourcegroups/{group-name}/providers/microsoft.compute/disks/{disk-id}']));
  }
  if (source.kind !== undefined && source.kind !== 'Managed' && !uri.startsWith('https://')) {
    errs.push(notSupported(`${path}.diskURI`, uri, ['https://{account-name}.blob.core.windows.net/{container-name}/{disk-name}.vhd']));
  }
  return errs;
}

export const validateVsphere = (source: VsphereVirtualDiskVolumeSource, path: string): FieldError[] => (source.volumePath ? [] : [required(`${path}.volumePath`)]);
export const validatePhoton = (source: PhotonPersistentDiskVolumeSource, path: string): FieldError[] => (source.pdID ? [] : [required(`${path}.pdID`)]);
export const validatePortworx = (source: PortworxVolumeSource, path: string): FieldError[] => (source.volumeID ? [] : [required(`${path}.volumeID`)]);

export function validateScaleIO(source: ScaleIOVolumeSource<Ref>, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!source.gateway) errs.push(required(`${path}.gateway`));
  if (!source.system) errs.push(required(`${path}.system`));
  if (!source.volumeName) errs.push(required(`${path}.volumeName`));
  return errs;
}

export function validateStorageOS(source: StorageOSVolumeSource<Ref>, path: string, persistent = false): FieldError[] {
  const errs = source.volumeName ? dnsLabel(source.volumeName, `${path}.volumeName`) : [required(`${path}.volumeName`)];
  if (source.volumeNamespace) errs.push(...dnsLabel(source.volumeNamespace, `${path}.volumeNamespace`));
  return [...errs, ...secretRefNamed(source.secretRef, path, persistent)];
}

/** Go's net.SplitHostPort accepts `host:port` and `[host]:port` (the port may be empty). */
function splitsHostPort(s: string): boolean {
  if (s.startsWith('[')) {
    const end = s.indexOf(']');
    return end > 0 && s[end + 1] === ':' && !s.slice(end + 2).includes(':') && !s.slice(1, end).includes('[');
  }
  const colons = s.split(':').length - 1;
  return colons === 1 && !s.includes('[') && !s.includes(']');
}

export function validateQuobyte(source: QuobyteVolumeSource, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const hostPorts = 'must be a host:port pair or multiple pairs separated by commas';
  if (!source.registry) errs.push(required(`${path}.registry`, hostPorts));
  else if ((source.tenant ?? '').length >= 65) errs.push(required(`${path}.tenant`, 'must be a UUID and may not exceed a length of 64 characters'));
  else for (const pair of source.registry.split(',')) if (!splitsHostPort(pair)) errs.push(invalid(`${path}.registry`, source.registry, hostPorts));
  if (!source.volume) errs.push(required(`${path}.volume`));
  return errs;
}

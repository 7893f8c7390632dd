// Checks of the volume sources that pods and persistent volumes both use (host paths, NFS,
// iSCSI, Fibre Channel, cloud disks), as Kubernetes' validation checks them, with its messages.
// Where a persistent volume's form differs (a SecretReference, a stricter iSCSI check) the
// function takes the difference as a flag.
import type {
  AWSElasticBlockStoreVolumeSource, FCVolumeSource, GCEPersistentDiskVolumeSource, HostPathVolumeSource, ISCSIVolumeSource, NFSVolumeSource,
} from '../../../../../api/core/v1/volume-types.ts';
import { invalid, notSupported, RenderedValue, required, type FieldError } from '../../../../../machinery/validation/field-error.ts';
import { isAbsolutePath, validatePathNoBacksteps } from './paths.ts';

const HOST_PATH_TYPES = ['', 'BlockDevice', 'CharDevice', 'Directory', 'DirectoryOrCreate', 'File', 'FileOrCreate', 'Socket'];

/** `must be between lo and hi, inclusive` (validation.InclusiveRangeError). */
export const inclusiveRange = (lo: number, hi: number) => `must be between ${lo} and ${hi}, inclusive`;

export function validateHostPath(source: HostPathVolumeSource, path: string): FieldError[] {
  if (!source.path) return [required(`${path}.path`)];
  const errs = validatePathNoBacksteps(source.path, `${path}.path`);
  if (source.type !== undefined && source.type !== null && !HOST_PATH_TYPES.includes(source.type)) errs.push(notSupported(`${path}.type`, source.type, HOST_PATH_TYPES));
  return errs;
}

export function validateNFS(source: NFSVolumeSource, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!source.server) errs.push(required(`${path}.server`));
  if (!source.path) errs.push(required(`${path}.path`));
  if (!isAbsolutePath(source.path ?? '')) errs.push(invalid(`${path}.path`, source.path ?? '', 'must be an absolute path'));
  return errs;
}

/** A GCE disk; Kubernetes reports it under `persistentDisk`, which the caller's path says. */
export function validateGCEPersistentDisk(source: GCEPersistentDiskVolumeSource, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!source.pdName) errs.push(required(`${path}.pdName`));
  const partition = source.partition ?? 0;
  if (partition < 0 || partition > 255) errs.push(invalid(`${path}.partition`, partition, inclusiveRange(1, 255)));
  return errs;
}

export function validateAWSElasticBlockStore(source: AWSElasticBlockStoreVolumeSource, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!source.volumeID) errs.push(required(`${path}.volumeID`));
  const partition = source.partition ?? 0;
  if (partition < 0 || partition > 255) errs.push(invalid(`${path}.partition`, partition, inclusiveRange(1, 255)));
  return errs;
}

export function validateFC(source: FCVolumeSource, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const wwns = source.targetWWNs ?? [];
  const wwids = source.wwids ?? [];
  if (!wwns.length && !wwids.length) errs.push(required(`${path}.targetWWNs`, 'must specify either targetWWNs or wwids, but not both'));
  if (wwns.length && wwids.length) errs.push(invalid(`${path}.targetWWNs`, goStringSlice(wwns), 'targetWWNs and wwids can not be specified simultaneously'));
  if (wwns.length) {
    if (source.lun === undefined || source.lun === null) errs.push(required(`${path}.lun`, 'lun is required if targetWWNs is specified'));
    else if (source.lun < 0 || source.lun > 255) errs.push(invalid(`${path}.lun`, source.lun, inclusiveRange(0, 255)));
  }
  return errs;
}

// iSCSI names: iqn.YYYY-MM.<reversed domain>[:<id>], eui.<16 hex>, naa.<32 hex>.
const IQN = /iqn\.\d{4}-\d{2}\.([A-Za-z0-9.-]+)(:[^,;*&$|\t\n\f\r ]+)$/;
const EUI = /^eui.[A-Za-z0-9]{16}$/;
const NAA = /^naa.[A-Za-z0-9]{32}$/;
const hasNamePrefix = (s: string) => s.startsWith('iqn') || s.startsWith('eui') || s.startsWith('naa');

/** The format error of an iSCSI qualified name with a known prefix, if any. */
function iscsiNameBad(s: string): boolean {
  if (s.startsWith('iqn')) return !IQN.test(s);
  if (s.startsWith('eui')) return !EUI.test(s);
  if (s.startsWith('naa')) return !NAA.test(s);
  return false;
}

/**
 * An iSCSI disk. `persistent` is the persistent volume's form, which words a bad prefix as
 * "must be valid format", requires its secret's name and bounds `<pv name>:<portal>`.
 */
export function validateISCSI(source: ISCSIVolumeSource<{ name?: string }>, path: string, persistent?: { pvName: string }): FieldError[] {
  const errs: FieldError[] = [];
  const prefixDetail = persistent ? 'must be valid format' : 'must be valid format starting with iqn, eui, or naa';
  if (!source.targetPortal) errs.push(required(`${path}.targetPortal`));
  if (persistent && source.initiatorName !== undefined && `${persistent.pvName}:${source.targetPortal ?? ''}`.length > 64) {
    errs.push(invalid(`${path}.targetportal`, source.targetPortal ?? '', 'Total length of <volume name>:<iscsi.targetPortal> must be under 64 characters if iscsi.initiatorName is specified.'));
  }
  if (!source.iqn) errs.push(required(`${path}.iqn`));
  else if (!hasNamePrefix(source.iqn)) errs.push(invalid(`${path}.iqn`, source.iqn, prefixDetail));
  else if (iscsiNameBad(source.iqn)) errs.push(invalid(`${path}.iqn`, source.iqn, 'must be valid format'));
  const lun = source.lun ?? 0;
  if (lun < 0 || lun > 255) errs.push(invalid(`${path}.lun`, lun, inclusiveRange(0, 255)));
  if ((source.chapAuthDiscovery || source.chapAuthSession) && !source.secretRef) errs.push(required(`${path}.secretRef`));
  if (persistent && source.secretRef && !source.secretRef.name) errs.push(required(`${path}.secretRef.name`));
  if (source.initiatorName !== undefined) {
    const initiator = source.initiatorName;
    if (!hasNamePrefix(initiator)) errs.push(invalid(`${path}.initiatorname`, initiator, prefixDetail));
    if (iscsiNameBad(initiator)) errs.push(invalid(`${path}.initiatorname`, initiator, 'must be valid format'));
  }
  return errs;
}

/** A Go []string as a field error prints it with %#v. */
export function goStringSlice(values: readonly string[]): RenderedValue {
  return new RenderedValue(`[]string{${values.map((v) => JSON.stringify(v)).join(', ')}}`);
}

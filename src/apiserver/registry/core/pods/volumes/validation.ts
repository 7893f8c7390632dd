// A pod's volumes as Kubernetes' ValidateVolumes checks them: each a unique DNS-label name and
// exactly one source, checked by that source's rules. Sources are tried in Kubernetes' order,
// so the one reported as "more than 1 volume type" is the one it reports, under the same
// (sometimes misspelt) field names.
import type { Volume, VolumeSource } from '../../../../../api/core/v1/volume-types.ts';
import type { StatusCause } from '../../../../../machinery/status.ts';
import { duplicate, forbidden, invalid, required, toStatusCauses, type FieldError } from '../../../../../machinery/validation/field-error.ts';
import { isDNS1123Label, nameIsDNSSubdomain } from '../../../../../machinery/validation/names.ts';
import {
  validateAzureDisk, validateAzureFile, validateCephFS, validateCinder, validateFlex, validateFlocker, validateGlusterfs, validatePhoton,
  validatePortworx, validateQuobyte, validateRBD, validateScaleIO, validateStorageOS, validateVsphere,
} from './legacy-sources.ts';
import {
  validateClaimSource, validateConfigMapSource, validateDownwardAPISource, validateEmptyDir, validateEphemeral, validateGitRepo, validateImageSource,
  validateInlineCSI, validateSecretSource,
} from './pod-sources.ts';
import { validateProjected } from './projected.ts';
import { validateAWSElasticBlockStore, validateFC, validateGCEPersistentDisk, validateHostPath, validateISCSI, validateNFS } from './sources.ts';

type Check = (source: never, path: string) => FieldError[];

/**
 * [member, the name a second source is reported under, the name its own errors use, check].
 * Kubernetes' quirks are kept: cephfs is reported as cephFS, downwardAPI as downwarAPI, and a
 * GCE disk's own errors fall under persistentDisk.
 */
const SOURCES: readonly [keyof VolumeSource, string, string, Check][] = [
  ['emptyDir', 'emptyDir', 'emptyDir', validateEmptyDir],
  ['hostPath', 'hostPath', 'hostPath', validateHostPath],
  ['gitRepo', 'gitRepo', 'gitRepo', validateGitRepo],
  ['gcePersistentDisk', 'gcePersistentDisk', 'persistentDisk', validateGCEPersistentDisk],
  ['awsElasticBlockStore', 'awsElasticBlockStore', 'awsElasticBlockStore', validateAWSElasticBlockStore],
  ['secret', 'secret', 'secret', validateSecretSource],
  ['nfs', 'nfs', 'nfs', validateNFS],
  ['iscsi', 'iscsi', 'iscsi', (s, p) => validateISCSI(s, p)],
  ['glusterfs', 'glusterfs', 'glusterfs', validateGlusterfs],
  ['flocker', 'flocker', 'flocker', validateFlocker],
  ['persistentVolumeClaim', 'persistentVolumeClaim', 'persistentVolumeClaim', validateClaimSource],
  ['rbd', 'rbd', 'rbd', validateRBD],
  ['cinder', 'cinder', 'cinder', (s, p) => validateCinder(s, p)],
  ['cephfs', 'cephFS', 'cephfs', validateCephFS],
  ['quobyte', 'quobyte', 'quobyte', validateQuobyte],
  ['downwardAPI', 'downwarAPI', 'downwardAPI', validateDownwardAPISource],
  ['fc', 'fc', 'fc', validateFC],
  ['flexVolume', 'flexVolume', 'flexVolume', validateFlex],
  ['configMap', 'configMap', 'configMap', validateConfigMapSource],
  ['azureFile', 'azureFile', 'azureFile', validateAzureFile],
  ['vsphereVolume', 'vsphereVolume', 'vsphereVolume', validateVsphere],
  ['photonPersistentDisk', 'photonPersistentDisk', 'photonPersistentDisk', validatePhoton],
  ['portworxVolume', 'portworxVolume', 'portworxVolume', validatePortworx],
  ['azureDisk', 'azureDisk', 'azureDisk', validateAzureDisk],
  ['storageos', 'storageos', 'storageos', (s, p) => validateStorageOS(s, p)],
  ['projected', 'projected', 'projected', validateProjected],
  ['scaleIO', 'scaleIO', 'scaleIO', validateScaleIO],
  ['csi', 'csi', 'csi', validateInlineCSI],
  ['ephemeral', 'ephemeral', 'ephemeral', validateEphemeral],
  ['image', 'image', 'image', validateImageSource],
];

const ISCSI_NAME_TOO_LONG = 'Total length of <volume name>:<iscsi.targetPortal> must be under 64 characters if iscsi.initiatorName is specified.';

/** validateVolumeSource: exactly one source, and that source's own checks. */
function validateSource(v: Volume, path: string, podName: string | undefined): FieldError[] {
  const errs: FieldError[] = [];
  let count = 0;
  for (const [key, reportedAs, checkedAs, check] of SOURCES) {
    const source = v[key];
    if (source === undefined || source === null) continue;
    if (count > 0) errs.push(forbidden(`${path}.${reportedAs}`, 'may not specify more than 1 volume type'));
    else {
      count++;
      errs.push(...check(source as never, `${path}.${checkedAs}`));
      if (key === 'ephemeral' && podName && v.name) {
        // The claim an ephemeral volume makes is named <pod>-<volume> and must be a valid name.
        const claimName = `${podName}-${v.name}`;
        errs.push(...nameIsDNSSubdomain(claimName, false).map((msg) => invalid(`${path}.name`, v.name, `PVC name "${claimName}": ${msg}`)));
      }
    }
    if (key === 'iscsi' && v.iscsi?.initiatorName !== undefined && `${v.name ?? ''}:${v.iscsi.targetPortal ?? ''}`.length > 64) {
      errs.push(invalid(`${path}.name`, v.name ?? '', ISCSI_NAME_TOO_LONG));
    }
  }
  if (count === 0) errs.push(required(path, 'must specify a volume type'));
  return errs;
}

/**
 * Field errors of `spec.volumes` (at `path`) and the names of the volumes that passed, which
 * container mounts may refer to. `podName`, when known, lets ephemeral volumes' claim names be
 * checked, as Kubernetes does for a pod with a name.
 */
export function validateVolumeList(volumes: readonly Volume[] | undefined, path: string, podName?: string): { errors: FieldError[]; names: Set<string> } {
  const errors: FieldError[] = [];
  const names = new Set<string>();
  const createdClaims = new Set(podName ? (volumes ?? []).filter((v) => v.ephemeral).map((v) => `${podName}-${v.name}`) : []);
  (volumes ?? []).forEach((v, i) => {
    const at = `${path}[${i}]`;
    const errs = validateSource(v, at, podName);
    if (!v.name) errs.push(required(`${at}.name`));
    else errs.push(...isDNS1123Label(v.name).map((msg) => invalid(`${at}.name`, v.name, msg)));
    if (names.has(v.name)) errs.push(duplicate(`${at}.name`, v.name));
    if (errs.length) errors.push(...errs);
    else names.add(v.name);
    const claim = v.persistentVolumeClaim?.claimName;
    if (claim !== undefined && createdClaims.has(claim)) {
      errors.push(invalid(`${at}.persistentVolumeClaim.claimName`, claim, 'must not reference a PVC that gets created for an ephemeral volume'));
    }
  });
  return { errors, names };
}

/** validateVolumeList as the status causes a 422 carries. */
export function validateVolumes(volumes: Volume[] | undefined, path: string, podName?: string): { causes: StatusCause[]; names: Set<string> } {
  const { errors, names } = validateVolumeList(volumes, path, podName);
  return { causes: toStatusCauses(errors), names };
}

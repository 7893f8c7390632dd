// Checks of the volume sources only pods use: scratch directories, git repositories, secrets and
// config maps as files, claims, downward API files, inline CSI volumes, ephemeral claims and
// images, as Kubernetes' validation checks them, with its messages.
import type {
  ConfigMapVolumeSource, CSIVolumeSource, DownwardAPIVolumeSource, EmptyDirVolumeSource, EphemeralVolumeSource, GitRepoVolumeSource,
  ImageVolumeSource, KeyToPath, PersistentVolumeClaimVolumeSource, SecretVolumeSource,
} from '../../../../../api/core/v1/volume-types.ts';
import type { ObjectMeta } from '../../../../../api/meta/v1/types.ts';
import { compareQuantities, parseQuantity } from '../../../../../machinery/quantity/quantity.ts';
import { forbidden, invalid, notSupported, required, tooLong, type FieldError } from '../../../../../machinery/validation/field-error.ts';
import { isDNS1123Subdomain, nameIsDNSSubdomain } from '../../../../../machinery/validation/names.ts';
import { validateAnnotations, validateLabels } from '../../../../../machinery/validation/object-meta.ts';
import { validateClaimSpec } from '../../persistentvolumeclaims/claim-spec.ts';
import { validateDownwardAPIFile } from './downward-api.ts';
import { validateFileMode, validateLocalDescendingPath, validateLocalNonReservedPath } from './paths.ts';

const ZERO = parseQuantity('0');

export function validateEmptyDir(source: EmptyDirVolumeSource, path: string): FieldError[] {
  if (source.sizeLimit === undefined || compareQuantities(parseQuantity(source.sizeLimit), ZERO) >= 0) return [];
  return [forbidden(`${path}.sizeLimit`, 'SizeLimit field must be a valid resource quantity')];
}

export function validateGitRepo(source: GitRepoVolumeSource, path: string): FieldError[] {
  const errs = source.repository ? [] : [required(`${path}.repository`)];
  return [...errs, ...validateLocalDescendingPath(source.directory ?? '', `${path}.directory`)];
}

export function validateKeyToPath(item: KeyToPath, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!item.key) errs.push(required(`${path}.key`));
  if (!item.path) errs.push(required(`${path}.path`));
  errs.push(...validateLocalNonReservedPath(item.path ?? '', `${path}.path`));
  return [...errs, ...validateFileMode(item.mode, `${path}.mode`)];
}

const validateItems = (items: readonly KeyToPath[] | undefined, path: string) => (items ?? []).flatMap((item, i) => validateKeyToPath(item, `${path}.items[${i}]`));

export function validateSecretSource(source: SecretVolumeSource, path: string): FieldError[] {
  const errs = source.secretName ? [] : [required(`${path}.secretName`)];
  return [...errs, ...validateFileMode(source.defaultMode, `${path}.defaultMode`), ...validateItems(source.items, path)];
}

export function validateConfigMapSource(source: ConfigMapVolumeSource, path: string): FieldError[] {
  const errs = source.name ? [] : [required(`${path}.name`)];
  return [...errs, ...validateFileMode(source.defaultMode, `${path}.defaultMode`), ...validateItems(source.items, path)];
}

export const validateClaimSource = (source: PersistentVolumeClaimVolumeSource, path: string): FieldError[] =>
  source.claimName ? [] : [required(`${path}.claimName`)];

/** Every file is reported under the volume's path, as Kubernetes does. */
export function validateDownwardAPISource(source: DownwardAPIVolumeSource, path: string): FieldError[] {
  return [...validateFileMode(source.defaultMode, `${path}.defaultMode`), ...(source.items ?? []).flatMap((file) => validateDownwardAPIFile(file, path))];
}

/** ValidateCSIDriverName: a DNS subdomain (in lower case) of at most 63 characters. */
export function validateCSIDriverName(driver: string, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!driver) errs.push(required(path));
  if (driver.length > 63) errs.push(tooLong(path, 63));
  return [...errs, ...isDNS1123Subdomain(driver.toLowerCase()).map((msg) => invalid(path, driver, msg))];
}

export function validateInlineCSI(source: CSIVolumeSource, path: string): FieldError[] {
  const errs = validateCSIDriverName(source.driver ?? '', `${path}.driver`);
  const ref = source.nodePublishSecretRef;
  if (ref) {
    if (!ref.name) errs.push(required(`${path}.nodePublishSecretRef.name`));
    // Kubernetes reports a bad secret name under csi.name.
    else errs.push(...nameIsDNSSubdomain(ref.name, false).map((msg) => invalid(`${path}.name`, ref.name!, msg)));
  }
  return errs;
}

/** ObjectMeta fields in Go order with the name validateFieldAllowList gives each. */
const TEMPLATE_META_FIELDS: readonly [keyof ObjectMeta, string][] = [
  ['name', 'name'], ['generateName', 'generateName'], ['namespace', 'namespace'], ['selfLink', 'selfLink'], ['uid', 'uID'],
  ['resourceVersion', 'resourceVersion'], ['generation', 'generation'], ['creationTimestamp', 'creationTimestamp'],
  ['deletionTimestamp', 'deletionTimestamp'], ['deletionGracePeriodSeconds', 'deletionGracePeriodSeconds'],
  ['ownerReferences', 'ownerReferences'], ['finalizers', 'finalizers'], ['managedFields', 'managedFields'],
];

/** ValidateTemplateObjectMeta: only labels and annotations may be set. */
export function validateTemplateMeta(meta: ObjectMeta | undefined, path: string): FieldError[] {
  const errs = [...validateAnnotations(meta?.annotations, `${path}.annotations`), ...validateLabels(meta?.labels, `${path}.labels`)];
  for (const [key, name] of TEMPLATE_META_FIELDS) {
    const value = meta?.[key];
    const empty = value === undefined || value === null || value === '' || value === 0 || (Array.isArray(value) && value.length === 0);
    if (!empty) errs.push(forbidden(`${path}.${name}`, 'cannot be set'));
  }
  return errs;
}

export function validateEphemeral(source: EphemeralVolumeSource, path: string): FieldError[] {
  const template = source.volumeClaimTemplate;
  if (!template) return [required(`${path}.volumeClaimTemplate`)];
  const at = `${path}.volumeClaimTemplate`;
  return [...validateTemplateMeta(template.metadata, `${at}.metadata`), ...validateClaimSpec(template.spec ?? {}, `${at}.spec`)];
}

const PULL_POLICIES = ['Always', 'IfNotPresent', 'Never'];

export function validateImageSource(source: ImageVolumeSource, path: string): FieldError[] {
  const errs = source.reference ? [] : [required(`${path}.reference`)];
  const policy = source.pullPolicy ?? '';
  if (!policy) errs.push(required(`${path}.pullPolicy`));
  else if (!PULL_POLICIES.includes(policy)) errs.push(notSupported(`${path}.pullPolicy`, policy, PULL_POLICIES));
  return errs;
}

// StorageVersion validation as Kubernetes 1.35's: the name is <group>.<resource> (a DNS subdomain,
// a dot, a DNS-1035 label); each server's entry has a DNS subdomain identity and well-formed
// group/versions, its decodable versions including the one it encodes in; commonEncodingVersion
// is set exactly when every server encodes in the same version, and to that version; conditions
// have unique qualified types and statuses, a reason and a message. The spec is empty, so a main
// update has nothing more to check.
import type { ServerStorageVersion, StorageVersion, StorageVersionStatus } from '../../../../api/apiserverinternal/v1alpha1/types.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { invalid, required, toStatusCauses, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { emptyError, isDNS1123Subdomain, isQualifiedName, nameIsDNSSubdomain } from '../../../../machinery/validation/names.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from '../../../../machinery/validation/object-meta.ts';
import { isDNS1035Label } from '../../apiextensions/customresourcedefinitions/validation.ts';

/** ValidateStorageVersionName. */
export function storageVersionNameErrors(name: string): string[] {
  const dot = name.lastIndexOf('.');
  if (dot < 0) return ['name must be in the form of <group>.<resource>'];
  return [
    ...isDNS1123Subdomain(name.slice(0, dot)).map((msg) => `the group segment ${msg}`),
    ...isDNS1035Label(name.slice(dot + 1)).map((msg) => `the resource segment ${msg}`),
  ];
}

/** isValidAPIVersion: [group/]version, the group a DNS subdomain, the version a DNS-1035 label. */
function apiVersionErrors(apiVersion: string): string[] {
  const parts = apiVersion.split('/');
  const errs: string[] = [];
  if (parts.length > 2) {
    return ["an apiVersion is a DNS-1035 label, which must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyVersion')"];
  }
  const version = parts.length === 2 ? parts[1]! : parts[0]!;
  if (parts.length === 2) {
    const group = parts[0]!;
    if (!group) errs.push(`group part: ${emptyError()}`);
    else errs.push(...isDNS1123Subdomain(group).map((m) => `group part: ${m}`));
  }
  if (!version) errs.push(`version part: ${emptyError()}`);
  else errs.push(...isDNS1035Label(version).map((m) => `version part: ${m}`));
  return errs;
}

function validateServerStorageVersion(ssv: ServerStorageVersion, path: string): FieldError[] {
  const id = ssv.apiServerID ?? '';
  const errs = nameIsDNSSubdomain(id, false).map((msg) => invalid(`${path}.apiServerID`, id, msg));
  const encoding = ssv.encodingVersion ?? '';
  const encodingErrs = apiVersionErrors(encoding);
  if (encodingErrs.length) errs.push(invalid(`${path}.encodingVersion`, encoding, encodingErrs.join(',')));
  const decodable = ssv.decodableVersions ?? [];
  decodable.forEach((v, i) => {
    const e = apiVersionErrors(v);
    if (e.length) errs.push(invalid(`${path}.decodableVersions[${i}]`, v, e.join(',')));
  });
  if (!decodable.includes(encoding)) errs.push(invalid(`${path}.decodableVersions`, decodable, `decodableVersions must include encodingVersion ${encoding}`));
  return errs;
}

/** The version every entry encodes in, when they agree. */
export function commonEncodingVersion(entries: readonly ServerStorageVersion[]): string | undefined {
  if (entries.length === 0) return undefined;
  const first = entries[0]!.encodingVersion ?? '';
  return entries.every((e) => (e.encodingVersion ?? '') === first) ? first : undefined;
}

function validateCommonVersion(status: StorageVersionStatus, path: string): FieldError[] {
  const actual = commonEncodingVersion(status.storageVersions ?? []);
  const given = status.commonEncodingVersion;
  const field = `${path}.commonEncodingVersion`;
  if (actual === undefined && given !== undefined) return [invalid(field, given, 'should be nil if servers do not agree on the same encoding version, or if there is no server reporting the supported versions yet')];
  if (actual !== undefined && given === undefined) return [invalid(field, null, `the common encoding version is ${actual}`)];
  if (actual !== undefined && given !== undefined && actual !== given) return [invalid(field, given, `the actual common encoding version is ${actual}`)];
  return [];
}

function validateConditions(status: StorageVersionStatus, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Map<string, number>();
  (status.conditions ?? []).forEach((c, i) => {
    // Kubernetes names these paths without the conditions segment.
    const at = `${path}[${i}]`;
    const first = seen.get(c.type);
    if (first !== undefined) errs.push(invalid(`${at}.type`, c.type, `the type of the condition is not unique, it also appears in conditions[${first}]`));
    seen.set(c.type, i);
    for (const msg of isQualifiedName(c.type ?? '')) errs.push(invalid(`${at}.type`, c.type, msg));
    for (const msg of isQualifiedName(c.status ?? '')) errs.push(invalid(`${at}.status`, c.type, msg));
    if (!c.reason) errs.push(required(`${at}.reason`, 'reason cannot be empty'));
    if (!c.message) errs.push(required(`${at}.message`, 'message cannot be empty'));
  });
  return errs;
}

function validateStatus(status: StorageVersionStatus | undefined): FieldError[] {
  const s = status ?? {};
  return [
    ...(s.storageVersions ?? []).flatMap((ssv, i) => validateServerStorageVersion(ssv, `status.storageVersions[${i}]`)),
    ...validateCommonVersion(s, 'status'),
    ...validateConditions(s, 'status'),
  ];
}

export function validateStorageVersion(sv: StorageVersion): StatusCause[] {
  return toStatusCauses([...validateObjectMeta(sv.metadata, false, (name) => storageVersionNameErrors(name)), ...validateStatus(sv.status)]);
}

export function validateStorageVersionUpdate(sv: StorageVersion, old: StorageVersion): StatusCause[] {
  return toStatusCauses(validateObjectMetaUpdate(sv.metadata, old.metadata));
}

export function validateStorageVersionStatusUpdate(sv: StorageVersion, old: StorageVersion): StatusCause[] {
  return toStatusCauses([...validateObjectMetaUpdate(sv.metadata, old.metadata), ...validateStatus(sv.status)]);
}

// CustomResourceDefinition validation as Kubernetes' apiextensions validation has it for v1
// (ValidateCustomResourceDefinition, …Update, …Status): the name is <plural>.<group>; a group with
// a dot; DNS-1035 names; a scope; versions with unique names, exactly one stored, each with a
// schema; printer columns, selectable fields, scale paths, conversion, stored versions; and the
// approval annotation of protected groups. Paths and messages are Kubernetes' own, including
// where they name the internal type's fields (spec.conversion.webhookClientConfig,
// additionalPrinterColumns[i].JSONPath). The schemas themselves are checked by the schema engine
// (machinery/apiextensions), see ./schema-check.ts, whose causes are taken as they come: a
// Problem is a field error of ours or a cause of the engine's.
import type {
  CustomResourceColumnDefinition,
  CustomResourceConversion,
  CustomResourceDefinition,
  CustomResourceDefinitionNames,
  CustomResourceDefinitionSpec,
  CustomResourceDefinitionVersion,
  CustomResourceSubresources,
  SelectableField,
} from '../../../../api/apiextensions/v1/types.ts';
import { duplicate, forbidden, invalid, notSupported, required, toStatusCause, tooMany, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { isDNS1123Subdomain, nameIsDNSSubdomain, regexError } from '../../../../machinery/validation/names.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from '../../../../machinery/validation/object-meta.ts';
import { validateImmutableField } from '../../../../machinery/validation/immutable.ts';
import { validateClientConfig } from '../../admissionregistration/webhooks/validation.ts';
import { checkVersionSchema } from './schema-check.ts';
import { selectableFieldErrors } from './selectable-fields.ts';

export type Problem = FieldError | StatusCause;

/** Every problem as the cause a 422 lists. */
export function toCauses(problems: readonly Problem[]): StatusCause[] {
  return problems.map((p) => ('reason' in p ? p : toStatusCause(p as FieldError)));
}

const SCOPES = ['Cluster', 'Namespaced'];
const CONVERSION_STRATEGIES = ['None', 'Webhook'];
const COLUMN_TYPES = ['boolean', 'date', 'integer', 'number', 'string'];
const COLUMN_FORMATS = ['byte', 'date', 'date-time', 'double', 'float', 'int32', 'int64', 'password'];
const CONVERSION_REVIEW_VERSIONS = ['v1', 'v1beta1'];

/** The annotation a protected group's definition carries to say its API was approved. */
export const API_APPROVED_ANNOTATION = 'api-approved.orch.io';
/** Kubernetes' name of it, which definitions written for Kubernetes carry: accepted as well. */
export const KUBERNETES_API_APPROVED_ANNOTATION = 'api-approved.kubernetes.io';

const DNS1035_FMT = '[a-z]([-a-z0-9]*[a-z0-9])?';
const DNS1035 = new RegExp(`^${DNS1035_FMT}$`);

/** apimachinery's IsDNS1035Label. */
export function isDNS1035Label(value: string): string[] {
  const errs: string[] = [];
  if (value.length > 63) errs.push('must be no more than 63 characters');
  if (!DNS1035.test(value)) {
    errs.push(regexError("a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character", DNS1035_FMT, 'my-name', 'abc-123'));
  }
  return errs;
}

function dns1035(value: string, path: string, prefix = ''): FieldError[] {
  const errs = isDNS1035Label(value);
  return errs.length ? [invalid(path, value, prefix + errs.join(','))] : [];
}

/** ValidateCustomResourceDefinitionNames: what is set must be well formed (spec and status alike). */
export function validateNames(names: Partial<CustomResourceDefinitionNames> | undefined, path: string): FieldError[] {
  const n = names ?? {};
  const errs: FieldError[] = [];
  if (n.plural) errs.push(...dns1035(n.plural, `${path}.plural`));
  if (n.singular) errs.push(...dns1035(n.singular, `${path}.singular`));
  const mixedCase = 'may have mixed case, but should otherwise match: ';
  if (n.kind) {
    const e = isDNS1035Label(n.kind.toLowerCase());
    if (e.length) errs.push(invalid(`${path}.kind`, n.kind, mixedCase + e.join(',')));
  }
  if (n.listKind) {
    const e = isDNS1035Label(n.listKind.toLowerCase());
    if (e.length) errs.push(invalid(`${path}.listKind`, n.listKind, mixedCase + e.join(',')));
  }
  (n.shortNames ?? []).forEach((s, i) => errs.push(...dns1035(s, `${path}.shortNames[${i}]`)));
  if (n.kind && n.kind === n.listKind) errs.push(invalid(`${path}.listKind`, n.listKind, 'kind and listKind may not be the same'));
  (n.categories ?? []).forEach((c, i) => errs.push(...dns1035(c, `${path}.categories[${i}]`)));
  return errs;
}

/** validateSimpleJSONPath. */
function simpleJsonPath(s: string, path: string): FieldError[] {
  if (s.length === 0) return [invalid(path, s, 'must not be empty')];
  if (s[0] !== '.') return [invalid(path, s, 'must be a simple json path starting with .')];
  return [];
}

function validateColumn(col: CustomResourceColumnDefinition, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!col.name) errs.push(required(`${path}.name`));
  const types = `must be one of ${COLUMN_TYPES.join(',')}`;
  if (!col.type) errs.push(required(`${path}.type`, types));
  else if (!COLUMN_TYPES.includes(col.type)) errs.push(invalid(`${path}.type`, col.type, types));
  if (col.format && !COLUMN_FORMATS.includes(col.format)) errs.push(invalid(`${path}.format`, col.format, `must be one of ${COLUMN_FORMATS.join(',')}`));
  if (!col.jsonPath) errs.push(required(`${path}.JSONPath`));
  else errs.push(...simpleJsonPath(col.jsonPath, `${path}.JSONPath`));
  return errs;
}

/** ValidateCustomResourceDefinitionSubresources: the scale paths. */
function validateSubresources(sub: CustomResourceSubresources | undefined, path: string): FieldError[] {
  const scale = sub?.scale;
  if (!scale) return [];
  const errs: FieldError[] = [];
  const underOne = (value: string | undefined, field: string, prefixes: string[], message: string) => {
    const at = `${path}.scale.${field}`;
    if (!value) return;
    const bad = simpleJsonPath(value, at);
    if (bad.length) errs.push(...bad);
    else if (!prefixes.some((p) => value.startsWith(p))) errs.push(invalid(at, value, message));
  };
  if (!scale.specReplicasPath) errs.push(required(`${path}.scale.specReplicasPath`));
  else underOne(scale.specReplicasPath, 'specReplicasPath', ['.spec.'], 'should be a json path under .spec');
  if (!scale.statusReplicasPath) errs.push(required(`${path}.scale.statusReplicasPath`));
  else underOne(scale.statusReplicasPath, 'statusReplicasPath', ['.status.'], 'should be a json path under .status');
  underOne(scale.labelSelectorPath, 'labelSelectorPath', ['.spec.', '.status.'], 'should be a json path under either .spec or .status');
  return errs;
}

/** validateDeprecationWarning. */
function validateDeprecationWarning(v: CustomResourceDefinitionVersion, path: string): FieldError[] {
  const warning = v.deprecationWarning;
  if (!v.deprecated && warning !== undefined) return [invalid(path, warning, 'can only be set for deprecated versions')];
  if (warning === undefined) return [];
  const problems: string[] = [];
  if (Buffer.byteLength(warning) > 256) problems.push('must be <= 256 characters long');
  if (warning.length === 0) problems.push('must not be an empty string');
  let index = 0;
  for (const ch of warning) {
    // Go's unicode.IsPrint and IsControl; the index is the character's byte offset.
    if (/[\p{Cc}]/u.test(ch)) {
      problems.push(`must only contain printable UTF-8 characters; control character found at index ${index}`);
      break;
    }
    if (/[\p{C}\p{Z}]/u.test(ch) && ch !== ' ') {
      problems.push(`must only contain printable UTF-8 characters; non-printable character found at index ${index}`);
      break;
    }
    index += Buffer.byteLength(ch);
  }
  return problems.length ? [invalid(path, warning, problems.join('; '))] : [];
}

function validateVersion(v: CustomResourceDefinitionVersion, path: string): Problem[] {
  const errs: Problem[] = validateDeprecationWarning(v, `${path}.deprecationWarning`);
  errs.push(...checkVersionSchema(v.schema, `${path}.schema`));
  errs.push(...validateSubresources(v.subresources, `${path}.subresources`));
  (v.additionalPrinterColumns ?? []).forEach((c, i) => errs.push(...validateColumn(c, `${path}.additionalPrinterColumns[${i}]`)));
  const selectable: SelectableField[] = v.selectableFields ?? [];
  if (selectable.length) {
    const root = v.schema?.openAPIV3Schema;
    if (!root) errs.push(invalid(`${path}.selectableFields`, '', 'selectableFields may only be set when version.schema.openAPIV3Schema is not included'));
    else errs.push(...selectableFieldErrors(selectable, root, `${path}.selectableFields`));
  }
  return errs;
}

/** validateConversionReviewVersions, with a recognized version required (v1 definitions). */
function validateReviewVersions(versions: readonly string[] | undefined, path: string): FieldError[] {
  const list = versions ?? [];
  if (list.length < 1) return [required(path)];
  const errs: FieldError[] = [];
  if (list.length > 10) errs.push(tooMany(path, list.length, 10));
  const seen = new Set<string>();
  list.forEach((v, i) => {
    if (seen.has(v)) errs.push(duplicate(`${path}[${i}]`, v));
    errs.push(...dns1035(v, `${path}[${i}]`));
    seen.add(v);
  });
  if (!list.some((v) => CONVERSION_REVIEW_VERSIONS.includes(v))) errs.push(invalid(path, list, `must include at least one of ${CONVERSION_REVIEW_VERSIONS.join(', ')}`));
  return errs;
}

/** validateCustomResourceConversion, at the internal type's paths. */
function validateConversion(conversion: CustomResourceConversion | undefined, path: string): FieldError[] {
  if (!conversion) return [];
  const errs: FieldError[] = [];
  const clientConfig = conversion.webhook?.clientConfig;
  if (!CONVERSION_STRATEGIES.includes(conversion.strategy)) errs.push(notSupported(`${path}.strategy`, conversion.strategy, CONVERSION_STRATEGIES));
  if (conversion.strategy === 'Webhook') {
    if (!clientConfig) errs.push(required(`${path}.webhookClientConfig`, 'required when strategy is set to Webhook'));
    else errs.push(...validateClientConfig(clientConfig, `${path}.webhookClientConfig`));
    errs.push(...validateReviewVersions(conversion.webhook?.conversionReviewVersions, `${path}.conversionReviewVersions`));
  } else if (clientConfig) {
    errs.push(forbidden(`${path}.webhookClientConfig`, 'should not be set when strategy is not set to Webhook'));
  }
  return errs;
}

/** validateCustomResourceDefinitionSpec. */
function validateSpec(spec: CustomResourceDefinitionSpec, path: string, oldSpec?: CustomResourceDefinitionSpec): Problem[] {
  const errs: Problem[] = [];
  if (!spec.group) errs.push(required(`${path}.group`));
  else {
    const e = isDNS1123Subdomain(spec.group);
    if (e.length) errs.push(invalid(`${path}.group`, spec.group, e.join(',')));
    else if (spec.group.split('.').length < 2) errs.push(invalid(`${path}.group`, spec.group, 'should be a domain with at least one dot'));
  }
  if (!spec.scope) errs.push(required(`${path}.scope`));
  else if (!SCOPES.includes(spec.scope)) errs.push(notSupported(`${path}.scope`, spec.scope, SCOPES));

  const versions = spec.versions ?? [];
  if (versions.length < 1) errs.push(required(`${path}.versions`, 'must have at least one version'));
  let stored = 0;
  const names = new Set<string>();
  let unique = true;
  versions.forEach((v, i) => {
    if (v.storage) stored++;
    if (names.has(v.name)) unique = false;
    else names.add(v.name);
    errs.push(...dns1035(v.name ?? '', `${path}.versions[${i}].name`));
    errs.push(...validateVersion(v, `${path}.versions[${i}]`));
  });
  if (!unique) errs.push(invalid(`${path}.versions`, versions, 'must contain unique version names'));
  if (stored !== 1) errs.push(invalid(`${path}.versions`, versions, 'must have exactly one version marked as storage version'));

  const n = spec.names ?? ({} as Partial<CustomResourceDefinitionNames>);
  if (!n.plural) errs.push(required(`${path}.names.plural`));
  if (!n.singular) errs.push(required(`${path}.names.singular`));
  if (!n.kind) errs.push(required(`${path}.names.kind`));
  if (!n.listKind) errs.push(required(`${path}.names.listKind`));
  errs.push(...validateNames(spec.names, `${path}.names`));

  errs.push(...validateConversion(spec.conversion, `${path}.conversion`));
  // v1 refuses true unless an older definition already had it (only possible through v1beta1).
  if (spec.preserveUnknownFields && !oldSpec?.preserveUnknownFields) {
    errs.push(invalid(`${path}.preserveUnknownFields`, true, 'cannot set to true, set x-kubernetes-preserve-unknown-fields to true in spec.versions[*].schema instead'));
  }
  return errs;
}

/** ValidateCustomResourceDefinitionStoredVersions. */
function validateStoredVersions(stored: readonly string[] | undefined, versions: readonly CustomResourceDefinitionVersion[], path: string): FieldError[] {
  const list = stored ?? [];
  if (list.length === 0) return [invalid(path, list.length ? list : null, 'must have at least one stored version')];
  const errs: FieldError[] = [];
  const remaining = new Map(list.map((v, i) => [v, i]));
  for (const v of versions) {
    const present = remaining.has(v.name);
    if (v.storage && !present) errs.push(invalid(path, v, `must have the storage version ${v.name}`));
    remaining.delete(v.name);
  }
  for (const [v, i] of remaining) errs.push(invalid(`${path}[${i}]`, v, 'must appear in spec.versions'));
  return errs;
}

/** Kubernetes' IsProtectedCommunityGroup, with orch.io protected as well. */
export function isProtectedGroup(group: string): boolean {
  return ['k8s.io', 'kubernetes.io', 'orch.io'].some((d) => group === d || group.endsWith(`.${d}`));
}

export type ApprovalState = 'missing' | 'invalid' | 'approved' | 'bypassed';

/** GetAPIApprovalState, reading api-approved.orch.io first and then Kubernetes' annotation. */
export function approvalOf(annotations: Record<string, string> | undefined): { state: ApprovalState; value: string } {
  const value = annotations?.[API_APPROVED_ANNOTATION] || annotations?.[KUBERNETES_API_APPROVED_ANNOTATION] || '';
  if (!value) return { state: 'missing', value };
  if (value.startsWith('unapproved')) return { state: 'bypassed', value };
  // A URL with a scheme and a host (what url.ParseRequestURI reads as such).
  if (URL.canParse(value) && new URL(value).host) return { state: 'approved', value };
  return { state: 'invalid', value };
}

/** validateAPIApproval: a protected group needs the annotation, unless its state did not change. */
function validateApproval(crd: CustomResourceDefinition, old?: CustomResourceDefinition): FieldError[] {
  if (!isProtectedGroup(crd.spec?.group ?? '')) return [];
  const next = approvalOf(crd.metadata.annotations);
  if (old && approvalOf(old.metadata.annotations).state === next.state) return [];
  const path = `metadata.annotations[${API_APPROVED_ANNOTATION}]`;
  const link = 'see https://github.com/kubernetes/enhancements/pull/1111';
  if (next.state === 'missing') return [required(path, `protected groups must have approval annotation "${API_APPROVED_ANNOTATION}", ${link}`)];
  if (next.state === 'invalid') return [invalid(path, next.value, `protected groups must have approval annotation "${API_APPROVED_ANNOTATION}" with either a URL or a reason starting with "unapproved", ${link}`)];
  return [];
}

function nameValidator(crd: CustomResourceDefinition) {
  return (name: string, prefix: boolean): string[] => {
    const errs = nameIsDNSSubdomain(name, prefix);
    if (name !== `${crd.spec?.names?.plural ?? ''}.${crd.spec?.group ?? ''}`) errs.push('must be spec.names.plural+"."+spec.group');
    return errs;
  };
}

export function validateCustomResourceDefinition(crd: CustomResourceDefinition): Problem[] {
  const errs: Problem[] = validateObjectMeta(crd.metadata, false, nameValidator(crd));
  errs.push(...validateSpec(crd.spec ?? ({} as CustomResourceDefinitionSpec), 'spec'));
  errs.push(...validateNames(crd.status?.acceptedNames, 'status.acceptedNames'));
  errs.push(...validateStoredVersions(crd.status?.storedVersions, crd.spec?.versions ?? [], 'status.storedVersions'));
  errs.push(...validateApproval(crd));
  return errs;
}

function isEstablished(crd: CustomResourceDefinition): boolean {
  return (crd.status?.conditions ?? []).some((c) => c.type === 'Established' && c.status === 'True');
}

export function validateCustomResourceDefinitionUpdate(crd: CustomResourceDefinition, old: CustomResourceDefinition): Problem[] {
  const errs: Problem[] = validateObjectMetaUpdate(crd.metadata, old.metadata);
  const spec = crd.spec ?? ({} as CustomResourceDefinitionSpec);
  errs.push(...validateSpec(spec, 'spec', old.spec));
  // Once established, objects are stored under the scope and kind: they stay.
  if (isEstablished(old)) {
    errs.push(...validateImmutableField(spec.scope, old.spec.scope, 'spec.scope'));
    errs.push(...validateImmutableField(spec.names?.kind, old.spec.names?.kind, 'spec.names.kind'));
  }
  // The name is built from these.
  errs.push(...validateImmutableField(spec.group, old.spec.group, 'spec.group'));
  errs.push(...validateImmutableField(spec.names?.plural, old.spec.names?.plural, 'spec.names.plural'));
  errs.push(...validateNames(crd.status?.acceptedNames, 'status.acceptedNames'));
  errs.push(...validateStoredVersions(crd.status?.storedVersions, spec.versions ?? [], 'status.storedVersions'));
  errs.push(...validateApproval(crd, old));
  return errs;
}

export function validateCustomResourceDefinitionStatusUpdate(crd: CustomResourceDefinition, old: CustomResourceDefinition): FieldError[] {
  const errs = validateObjectMetaUpdate(crd.metadata, old.metadata);
  errs.push(...validateNames(crd.status?.acceptedNames, 'status.acceptedNames'));
  return errs;
}

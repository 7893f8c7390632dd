// ResourceQuota validation as Kubernetes' ValidateResourceQuota and its update forms: resource
// names a quota may limit with non-negative (and, for object counts, whole) quantities; scopes
// that exist, suit every limited resource and do not conflict; scope selector requirements with
// operators and values that fit; scopes fixed after create; a status update names a
// resourceVersion. Keys are checked in sorted order, where Go's map order is random.
import type { ResourceList, ResourceQuota, ResourceQuotaSpec } from '../../../../api/core/v1/policy-types.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { invalid, RenderedValue, required, toStatusCauses, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { nameIsDNSSubdomain } from '../../../../machinery/validation/names.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from '../../../../machinery/validation/object-meta.ts';
import { validateResourceQuantityValue } from '../quantity-errors.ts';
import { isStandardQuotaResourceName, validateQuotaResourceName } from '../resource-names.ts';

const STANDARD_SCOPES = new Set(['Terminating', 'NotTerminating', 'BestEffort', 'NotBestEffort', 'PriorityClass', 'CrossNamespacePodAffinity', 'VolumeAttributesClass']);
const POD_COUNT = new Set(['pods']);
const POD_COMPUTE = new Set(['cpu', 'memory', 'limits.cpu', 'limits.memory', 'requests.cpu', 'requests.memory']);
const CONFLICTING = [['BestEffort', 'NotBestEffort'], ['Terminating', 'NotTerminating']];
/** Scopes that only say whether a pod has a property: their requirements take no values. */
const EXISTS_ONLY = new Set(['BestEffort', 'NotBestEffort', 'Terminating', 'NotTerminating', 'CrossNamespacePodAffinity']);

function scopeValidForResource(scope: string, resource: string): boolean {
  switch (scope) {
    case 'Terminating':
    case 'NotTerminating':
    case 'NotBestEffort':
    case 'PriorityClass':
    case 'CrossNamespacePodAffinity':
      return POD_COUNT.has(resource) || POD_COMPUTE.has(resource);
    case 'BestEffort':
      return POD_COUNT.has(resource);
    case 'VolumeAttributesClass':
      return resource === 'persistentvolumeclaims' || resource === 'requests.storage';
    default:
      return true;
  }
}

/** A Go []string (or nil) as a field error prints it with %#v. */
function goStrings(typeName: string, values: readonly string[] | undefined): RenderedValue {
  if (values === undefined) return new RenderedValue(`${typeName}(nil)`);
  return new RenderedValue(`${typeName}{${values.map((v) => JSON.stringify(v)).join(', ')}}`);
}

function validateResourceList(list: ResourceList | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  for (const key of Object.keys(list ?? {}).sort()) {
    const at = `${path}[${key}]`;
    errs.push(...validateQuotaResourceName(key, at), ...validateResourceQuantityValue(key, list![key]!, at));
  }
  return errs;
}

function validateScopes(spec: ResourceQuotaSpec, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const scopes = spec.scopes ?? [];
  if (!scopes.length) return errs;
  const at = `${path}.scopes`;
  const hard = Object.keys(spec.hard ?? {}).sort();
  const bad = () => goStrings('[]core.ResourceQuotaScope', spec.scopes);
  for (const scope of scopes) {
    if (!STANDARD_SCOPES.has(scope)) errs.push(invalid(at, bad(), 'unsupported scope'));
    for (const k of hard) if (isStandardQuotaResourceName(k) && !scopeValidForResource(scope, k)) errs.push(invalid(at, bad(), 'unsupported scope applied to resource'));
  }
  for (const pair of CONFLICTING) if (pair.every((s) => scopes.includes(s))) errs.push(invalid(at, bad(), 'conflicting scopes'));
  return errs;
}

/** The scope selector as Go prints the *core.ScopeSelector it is handed. */
function selectorValue(spec: ResourceQuotaSpec): RenderedValue {
  const reqs = (spec.scopeSelector?.matchExpressions ?? []).map((r) =>
    `core.ScopedResourceSelectorRequirement{ScopeName:"${r.scopeName}", Operator:"${r.operator}", Values:${goStrings('[]string', r.values).text}}`);
  const list = spec.scopeSelector?.matchExpressions ? `[]core.ScopedResourceSelectorRequirement{${reqs.join(', ')}}` : '[]core.ScopedResourceSelectorRequirement(nil)';
  return new RenderedValue(`core.ScopeSelector{MatchExpressions:${list}}`);
}

function validateScopeSelector(spec: ResourceQuotaSpec, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!spec.scopeSelector) return errs;
  const at = `${path}.scopeSelector.matchExpressions`;
  const hard = Object.keys(spec.hard ?? {}).sort();
  const seen = new Set<string>();
  for (const req of spec.scopeSelector.matchExpressions ?? []) {
    if (!STANDARD_SCOPES.has(req.scopeName)) errs.push(invalid(`${at}.scopeName`, req.scopeName, 'unsupported scope'));
    for (const k of hard) if (isStandardQuotaResourceName(k) && !scopeValidForResource(req.scopeName, k)) errs.push(invalid(at, selectorValue(spec), 'unsupported scope applied to resource'));
    if (EXISTS_ONLY.has(req.scopeName) && req.operator !== 'Exists') {
      errs.push(invalid(`${at}.operator`, req.operator, 'must be \'Exists\' when scope is any of ResourceQuotaScopeTerminating, ResourceQuotaScopeNotTerminating, ResourceQuotaScopeBestEffort, ResourceQuotaScopeNotBestEffort or ResourceQuotaScopeCrossNamespacePodAffinity'));
    }
    switch (req.operator) {
      case 'In':
      case 'NotIn':
        if (!req.values?.length) errs.push(required(`${at}.values`, "must be at least one value when `operator` is 'In' or 'NotIn' for scope selector"));
        break;
      case 'Exists':
      case 'DoesNotExist':
        if (req.values?.length) errs.push(invalid(`${at}.values`, goStrings('[]string', req.values), "must be no value when `operator` is 'Exist' or 'DoesNotExist' for scope selector"));
        break;
      default:
        errs.push(invalid(`${at}.operator`, req.operator, 'not a valid selector operator'));
    }
    seen.add(req.scopeName);
  }
  // Kubernetes reports a conflicting selector with the spec's scopes as the value.
  for (const pair of CONFLICTING) if (pair.every((s) => seen.has(s))) errs.push(invalid(at, goStrings('[]core.ResourceQuotaScope', spec.scopes), 'conflicting scopes'));
  return errs;
}

function validateSpec(spec: ResourceQuotaSpec, path: string): FieldError[] {
  return [...validateResourceList(spec.hard, `${path}.hard`), ...validateScopes(spec, path), ...validateScopeSelector(spec, path)];
}

export function validateResourceQuota(rq: ResourceQuota): StatusCause[] {
  const errs = validateObjectMeta(rq.metadata, true, nameIsDNSSubdomain);
  errs.push(...validateSpec(rq.spec ?? {}, 'spec'));
  errs.push(...validateResourceList(rq.status?.hard, 'status.hard'), ...validateResourceList(rq.status?.used, 'status.used'));
  return toStatusCauses(errs);
}

export function validateResourceQuotaUpdate(rq: ResourceQuota, old: ResourceQuota): StatusCause[] {
  const errs = validateObjectMetaUpdate(rq.metadata, old.metadata);
  errs.push(...validateSpec(rq.spec ?? {}, 'spec'));
  const scopes = new Set(rq.spec?.scopes ?? []);
  const oldScopes = new Set(old.spec?.scopes ?? []);
  if (scopes.size !== oldScopes.size || [...scopes].some((s) => !oldScopes.has(s))) {
    errs.push(invalid('spec.scopes', goStrings('[]core.ResourceQuotaScope', rq.spec?.scopes), 'field is immutable'));
  }
  return toStatusCauses(errs);
}

export function validateResourceQuotaStatusUpdate(rq: ResourceQuota, old: ResourceQuota): StatusCause[] {
  const errs = validateObjectMetaUpdate(rq.metadata, old.metadata);
  if (!rq.metadata.resourceVersion) errs.push(required('resourceVersion'));
  errs.push(...validateResourceList(rq.status?.hard, 'status.hard'), ...validateResourceList(rq.status?.used, 'status.used'));
  return toStatusCauses(errs);
}

// Validation of the RBAC kinds as Kubernetes validates them (pkg/apis/rbac/validation): rules
// need verbs and either groups and resources or non-resource URLs (never both, and never URLs in
// a namespaced Role); bindings need a roleRef of the RBAC group and subjects of known kinds.
import type { ClusterRole, PolicyRule, Role, RoleBinding, Subject } from '../../../api/rbac/v1/types.ts';
import { GROUP, WIRE_ALIAS_GROUP } from '../../../api/rbac/v1/types.ts';
import { invalid, notSupported, required, toStatusCauses, type FieldError } from '../../../machinery/validation/field-error.ts';
import { isDNS1123Subdomain, pathSegmentNameErrors } from '../../../machinery/validation/names.ts';
import { deepEqual } from '../../../machinery/validation/immutable.ts';
import type { StatusCause } from '../../../machinery/status.ts';

const RBAC_GROUPS = new Set([GROUP, WIRE_ALIAS_GROUP]);

export function validatePolicyRule(rule: PolicyRule, namespaced: boolean, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!Array.isArray(rule.verbs) || rule.verbs.length === 0) errs.push(required(`${path}.verbs`, 'verbs must contain at least one value'));
  if (rule.nonResourceURLs?.length) {
    if (namespaced) errs.push(invalid(`${path}.nonResourceURLs`, rule.nonResourceURLs, 'namespaced rules cannot apply to non-resource URLs'));
    if (rule.apiGroups?.length || rule.resources?.length || rule.resourceNames?.length) {
      errs.push(invalid(`${path}.nonResourceURLs`, rule.nonResourceURLs, 'rules cannot apply to both regular resources and non-resource URLs'));
    }
    return errs;
  }
  if (!rule.apiGroups?.length) errs.push(required(`${path}.apiGroups`, 'resource rules must supply at least one api group'));
  if (!rule.resources?.length) errs.push(required(`${path}.resources`, 'resource rules must supply at least one resource'));
  return errs;
}

function validateRules(rules: PolicyRule[] | undefined, namespaced: boolean): FieldError[] {
  return (rules ?? []).flatMap((r, i) => validatePolicyRule(r ?? ({ verbs: [] } as PolicyRule), namespaced, `rules[${i}]`));
}

export function validateRole(role: Role): StatusCause[] {
  return toStatusCauses(validateRules(role.rules, true));
}

export function validateClusterRole(role: ClusterRole): StatusCause[] {
  const errs = validateRules(role.rules, false);
  const agg = role.aggregationRule;
  if (agg) {
    const selectors = agg.clusterRoleSelectors ?? [];
    if (selectors.length === 0) errs.push(required('aggregationRule.clusterRoleSelectors', 'at least one clusterRoleSelector required if aggregationRule is non-nil'));
    selectors.forEach((sel, i) => {
      for (const [j, expr] of (sel?.matchExpressions ?? []).entries()) {
        const op = expr.operator;
        const path = `aggregationRule.clusterRoleSelectors[${i}].matchExpressions[${j}]`;
        if (!['In', 'NotIn', 'Exists', 'DoesNotExist'].includes(op)) errs.push(notSupported(`${path}.operator`, op, ['In', 'NotIn', 'Exists', 'DoesNotExist']));
        else if ((op === 'In' || op === 'NotIn') && !expr.values?.length) errs.push(required(`${path}.values`, 'must be specified when `operator` is \'In\' or \'NotIn\''));
        else if ((op === 'Exists' || op === 'DoesNotExist') && expr.values?.length) errs.push(invalid(`${path}.values`, expr.values, 'may not be specified when `operator` is \'Exists\' or \'DoesNotExist\''));
      }
    });
  }
  return toStatusCauses(errs);
}

function validateSubject(s: Subject, clusterScoped: boolean, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!s.name) errs.push(required(`${path}.name`));
  switch (s.kind) {
    case 'ServiceAccount':
      if (s.name) for (const msg of isDNS1123Subdomain(s.name)) errs.push(invalid(`${path}.name`, s.name, msg));
      if (s.apiGroup) errs.push(notSupported(`${path}.apiGroup`, s.apiGroup, ['']));
      if (clusterScoped && !s.namespace) errs.push(required(`${path}.namespace`));
      break;
    case 'User':
    case 'Group':
      if (!RBAC_GROUPS.has(s.apiGroup ?? '')) errs.push(notSupported(`${path}.apiGroup`, s.apiGroup ?? '', [GROUP]));
      break;
    default:
      errs.push(notSupported(`${path}.kind`, s.kind ?? '', ['ServiceAccount', 'User', 'Group']));
  }
  return errs;
}

function validateBinding(b: RoleBinding, clusterScoped: boolean): FieldError[] {
  const errs: FieldError[] = [];
  const ref = b.roleRef ?? ({} as RoleBinding['roleRef']);
  if (!RBAC_GROUPS.has(ref.apiGroup ?? '')) errs.push(notSupported('roleRef.apiGroup', ref.apiGroup ?? '', [GROUP]));
  const kinds = clusterScoped ? ['ClusterRole'] : ['Role', 'ClusterRole'];
  if (!kinds.includes(ref.kind)) errs.push(notSupported('roleRef.kind', ref.kind ?? '', kinds));
  if (!ref.name) errs.push(required('roleRef.name'));
  else for (const msg of pathSegmentNameErrors(ref.name)) errs.push(invalid('roleRef.name', ref.name, msg));
  (b.subjects ?? []).forEach((s, i) => errs.push(...validateSubject(s ?? ({} as Subject), clusterScoped, `subjects[${i}]`)));
  return errs;
}

export function validateRoleBinding(b: RoleBinding): StatusCause[] {
  return toStatusCauses(validateBinding(b, false));
}

export function validateClusterRoleBinding(b: RoleBinding): StatusCause[] {
  return toStatusCauses(validateBinding(b, true));
}

/** The roleRef of a binding never changes (the group may be spelt either way). */
export function validateRoleRefUnchanged(next: RoleBinding, old: RoleBinding): StatusCause[] {
  const norm = (r: RoleBinding['roleRef']) => ({ ...r, apiGroup: RBAC_GROUPS.has(r?.apiGroup ?? '') ? GROUP : r?.apiGroup });
  if (deepEqual(norm(next.roleRef), norm(old.roleRef))) return [];
  return toStatusCauses([invalid('roleRef', next.roleRef, 'cannot change roleRef')]);
}

// Validation of FlowSchema and PriorityLevelConfiguration as Kubernetes' flowcontrol validation
// words it (field paths and messages are what clients see in the 422).
import type { FlowSchema, FlowSubject, NonResourcePolicyRule, PriorityLevelConfiguration, ResourcePolicyRule } from '../../../api/flowcontrol/v1/types.ts';
import type { StatusCause } from '../../../machinery/status.ts';
import { forbidden, invalid, notSupported, required, toStatusCauses, type FieldError } from '../../../machinery/validation/field-error.ts';
import { nameIsDNSSubdomain, validateNamespaceName } from '../../../machinery/validation/names.ts';
import { pathSegmentNameErrors } from '../../../machinery/validation/names.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from '../../../machinery/validation/object-meta.ts';

const DISTINGUISHERS = ['ByNamespace', 'ByUser'];
const SUBJECT_KINDS = ['Group', 'ServiceAccount', 'User'];
const PL_TYPES = ['Exempt', 'Limited'];
const LIMIT_RESPONSES = ['Queue', 'Reject'];
const MAX_PRECEDENCE = 10000;
const MAX_HASH_BITS = 60;

/** A wildcard list: non-empty, and "*" only alone. */
function wildcardList(values: string[] | undefined, path: string, what: string): FieldError[] {
  if (!values || values.length === 0) return [required(path, `${what} must contain at least one value`)];
  if (values.length > 1 && values.includes('*')) return [invalid(path, values, `if '*' is present, must not specify other ${what}`)];
  return [];
}

function validateSubject(s: FlowSubject, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!s.kind) return [required(`${path}.kind`)];
  if (!SUBJECT_KINDS.includes(s.kind)) return [notSupported(`${path}.kind`, s.kind, SUBJECT_KINDS)];
  const check = (field: 'user' | 'group' | 'serviceAccount', kind: string) => {
    if (s.kind === kind) {
      if (!s[field]) errs.push(required(`${path}.${field}`, `${field} is required when subject kind is '${kind}'`));
    } else if (s[field]) errs.push(forbidden(`${path}.${field}`, `${field} is forbidden when subject kind is not '${kind}'`));
  };
  check('user', 'User');
  check('group', 'Group');
  check('serviceAccount', 'ServiceAccount');
  if (s.kind === 'User' && s.user && !s.user.name) errs.push(required(`${path}.user.name`, 'username is required'));
  if (s.kind === 'Group' && s.group && !s.group.name) errs.push(required(`${path}.group.name`, 'group name is required'));
  if (s.kind === 'ServiceAccount' && s.serviceAccount) {
    if (!s.serviceAccount.name) errs.push(required(`${path}.serviceAccount.name`, 'serviceaccount name is required'));
    if (!s.serviceAccount.namespace) errs.push(required(`${path}.serviceAccount.namespace`, 'serviceaccount namespace is required'));
    else for (const msg of validateNamespaceName(s.serviceAccount.namespace, false)) errs.push(invalid(`${path}.serviceAccount.namespace`, s.serviceAccount.namespace, msg));
  }
  return errs;
}

function validateResourceRule(r: ResourcePolicyRule, path: string): FieldError[] {
  const errs = [
    ...wildcardList(r.verbs, `${path}.verbs`, 'verbs'),
    ...wildcardList(r.apiGroups, `${path}.apiGroups`, 'api groups'),
    ...wildcardList(r.resources, `${path}.resources`, 'resources'),
  ];
  const namespaces = r.namespaces ?? [];
  if (namespaces.length === 0 && !r.clusterScope) {
    errs.push(required(`${path}.namespaces`, 'resource rules that are not cluster scoped must supply at least one namespace'));
  } else if (namespaces.length > 1 && namespaces.includes('*')) {
    errs.push(invalid(`${path}.namespaces`, namespaces, "if '*' is present, must not specify other namespaces"));
  } else {
    namespaces.forEach((ns, i) => {
      if (ns === '*') return;
      for (const msg of validateNamespaceName(ns, false)) errs.push(invalid(`${path}.namespaces[${i}]`, ns, msg));
    });
  }
  return errs;
}

function validateNonResourceRule(r: NonResourcePolicyRule, path: string): FieldError[] {
  const errs = [...wildcardList(r.verbs, `${path}.verbs`, 'verbs'), ...wildcardList(r.nonResourceURLs, `${path}.nonResourceURLs`, 'non-resource urls')];
  (r.nonResourceURLs ?? []).forEach((url, i) => {
    if (url === '*') return;
    const p = `${path}.nonResourceURLs[${i}]`;
    if (!url.startsWith('/')) errs.push(invalid(p, url, 'must start with slash'));
    else if (url.includes('*') && !(url.endsWith('/*') && url.indexOf('*') === url.length - 1)) errs.push(invalid(p, url, "if '*' is present, must be the last character and preceded by '/'"));
  });
  return errs;
}

function validateFlowSchemaSpec(fs: FlowSchema): FieldError[] {
  const errs: FieldError[] = [];
  const spec = fs.spec;
  if (!spec || typeof spec !== 'object') return [required('spec')];
  const precedence = spec.matchingPrecedence ?? 0;
  if (precedence <= 0) errs.push(invalid('spec.matchingPrecedence', precedence, 'must be a positive value'));
  if (precedence > MAX_PRECEDENCE) errs.push(invalid('spec.matchingPrecedence', precedence, `must not be greater than ${MAX_PRECEDENCE}`));
  if (precedence === 1 && fs.metadata.name !== 'exempt') errs.push(invalid('spec.matchingPrecedence', precedence, "only the schema named 'exempt' may have matchingPrecedence 1"));
  if (spec.distinguisherMethod && !DISTINGUISHERS.includes(spec.distinguisherMethod.type)) {
    errs.push(notSupported('spec.distinguisherMethod.type', spec.distinguisherMethod.type, DISTINGUISHERS));
  }
  const plName = spec.priorityLevelConfiguration?.name;
  if (!plName) errs.push(required('spec.priorityLevelConfiguration.name', 'must reference a priority level'));
  else for (const msg of pathSegmentNameErrors(plName)) errs.push(invalid('spec.priorityLevelConfiguration.name', plName, msg));
  (spec.rules ?? []).forEach((rule, i) => {
    const path = `spec.rules[${i}]`;
    if (!rule.subjects || rule.subjects.length === 0) errs.push(required(`${path}.subjects`, 'subjects must contain at least one value'));
    (rule.subjects ?? []).forEach((s, j) => errs.push(...validateSubject(s, `${path}.subjects[${j}]`)));
    if (!rule.resourceRules?.length && !rule.nonResourceRules?.length) {
      errs.push(required(path, 'at least one of resourceRules and nonResourceRules has to be non-empty'));
    }
    (rule.resourceRules ?? []).forEach((r, j) => errs.push(...validateResourceRule(r, `${path}.resourceRules[${j}]`)));
    (rule.nonResourceRules ?? []).forEach((r, j) => errs.push(...validateNonResourceRule(r, `${path}.nonResourceRules[${j}]`)));
  });
  return errs;
}

function percent(value: number | undefined, path: string): FieldError[] {
  return value !== undefined && (value < 0 || value > 100) ? [invalid(path, value, 'must be between 0 and 100, inclusive')] : [];
}

function nonNegative(value: number | undefined, path: string): FieldError[] {
  return value !== undefined && value < 0 ? [invalid(path, value, 'must be a non-negative integer')] : [];
}

function validatePriorityLevelSpec(pl: PriorityLevelConfiguration): FieldError[] {
  const errs: FieldError[] = [];
  const spec = pl.spec;
  if (!spec || typeof spec !== 'object') return [required('spec')];
  if (!spec.type) return [required('spec.type')];
  if (!PL_TYPES.includes(spec.type)) return [notSupported('spec.type', spec.type, PL_TYPES)];
  if ((pl.metadata.name === 'exempt') !== (spec.type === 'Exempt')) errs.push(invalid('spec.type', spec.type, "type must be 'Exempt' if and only if name is 'exempt'"));
  if (spec.type === 'Exempt') {
    if (spec.limited) errs.push(forbidden('spec.limited', 'must be nil if the type is not Limited'));
    if (spec.exempt) {
      errs.push(...nonNegative(spec.exempt.nominalConcurrencyShares, 'spec.exempt.nominalConcurrencyShares'));
      errs.push(...percent(spec.exempt.lendablePercent, 'spec.exempt.lendablePercent'));
    }
    return errs;
  }
  if (spec.exempt) errs.push(forbidden('spec.exempt', 'must be nil if the type is Limited'));
  const limited = spec.limited;
  if (!limited) return [...errs, required('spec.limited', 'must not be empty when type is Limited')];
  errs.push(...nonNegative(limited.nominalConcurrencyShares, 'spec.limited.nominalConcurrencyShares'));
  errs.push(...percent(limited.lendablePercent, 'spec.limited.lendablePercent'));
  if (limited.borrowingLimitPercent !== undefined && limited.borrowingLimitPercent < 0) {
    errs.push(invalid('spec.limited.borrowingLimitPercent', limited.borrowingLimitPercent, 'if specified, must be a non-negative integer'));
  }
  const lr = limited.limitResponse;
  const lrType = lr?.type;
  if (!lrType) return [...errs, required('spec.limited.limitResponse.type')];
  if (!LIMIT_RESPONSES.includes(lrType)) return [...errs, notSupported('spec.limited.limitResponse.type', lrType, LIMIT_RESPONSES)];
  if (lrType === 'Reject') {
    if (lr.queuing) errs.push(forbidden('spec.limited.limitResponse.queuing', 'must be nil if limited.limitResponse.type is not Limited'));
    return errs;
  }
  const q = lr.queuing;
  if (!q) return [...errs, required('spec.limited.limitResponse.queuing', 'must not be empty if limited.limitResponse.type is Queue')];
  const path = 'spec.limited.limitResponse.queuing';
  if ((q.queueLengthLimit ?? 0) <= 0) errs.push(invalid(`${path}.queueLengthLimit`, q.queueLengthLimit ?? 0, 'must be positive'));
  if ((q.queues ?? 0) <= 0) errs.push(invalid(`${path}.queues`, q.queues ?? 0, 'must be positive'));
  if ((q.handSize ?? 0) <= 0) errs.push(invalid(`${path}.handSize`, q.handSize ?? 0, 'must be positive'));
  else if ((q.queues ?? 0) > 0) {
    if (q.handSize! > q.queues!) errs.push(invalid(`${path}.handSize`, q.handSize!, `should not be greater than queues (${q.queues})`));
    else {
      const entropy = q.handSize! * Math.log2(q.queues!);
      if (entropy > MAX_HASH_BITS) {
        errs.push(invalid(`${path}.handSize`, q.handSize!, `required entropy bits of deckSize ${q.queues} and handSize ${q.handSize} should not be greater than ${MAX_HASH_BITS}`));
      }
    }
  }
  return errs;
}

export const flowSchemaValidation = {
  validate: (fs: FlowSchema): StatusCause[] => toStatusCauses([...validateObjectMeta(fs.metadata, false, nameIsDNSSubdomain), ...validateFlowSchemaSpec(fs)]),
  validateUpdate: (fs: FlowSchema, old: FlowSchema): StatusCause[] =>
    toStatusCauses([...validateObjectMeta(fs.metadata, false, nameIsDNSSubdomain), ...validateObjectMetaUpdate(fs.metadata, old.metadata), ...validateFlowSchemaSpec(fs)]),
};

export const priorityLevelValidation = {
  validate: (pl: PriorityLevelConfiguration): StatusCause[] => toStatusCauses([...validateObjectMeta(pl.metadata, false, nameIsDNSSubdomain), ...validatePriorityLevelSpec(pl)]),
  validateUpdate: (pl: PriorityLevelConfiguration, old: PriorityLevelConfiguration): StatusCause[] =>
    toStatusCauses([...validateObjectMeta(pl.metadata, false, nameIsDNSSubdomain), ...validateObjectMetaUpdate(pl.metadata, old.metadata), ...validatePriorityLevelSpec(pl)]),
};

// A pod's affinity as Kubernetes' validateAffinity checks it: node selector terms whose
// requirements have operators their values suit (label requirements; matchFields only on
// metadata.name), weights of 1-100, and pod affinity terms with valid selectors, namespaces,
// match/mismatch label keys and a topology key.
import type { LabelSelector } from '../../../../../api/meta/v1/types.ts';
import type { Affinity, NodeAffinity, PodAffinity, PodAffinityTerm, PreferredSchedulingTerm } from '../../../../../api/core/v1/pod-types.ts';
import type { NodeSelector, NodeSelectorRequirement, NodeSelectorTerm } from '../../../../../api/core/v1/volume-types.ts';
import { forbidden, invalid, required, type FieldError } from '../../../../../machinery/validation/field-error.ts';
import { isValidLabelValue, nameIsDNSSubdomain, validateNamespaceName } from '../../../../../machinery/validation/names.ts';
import { qualifiedName } from './checks.ts';
import { validateLabelSelector } from './label-selector.ts';

function validateLabelRequirement(req: NodeSelectorRequirement, checkValues: boolean, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const values = req.values ?? [];
  switch (req.operator) {
    case 'In':
    case 'NotIn':
      if (!values.length) errs.push(required(`${path}.values`, "must be specified when `operator` is 'In' or 'NotIn'"));
      break;
    case 'Exists':
    case 'DoesNotExist':
      if (values.length) errs.push(forbidden(`${path}.values`, "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
      break;
    case 'Gt':
    case 'Lt':
      if (values.length !== 1) errs.push(required(`${path}.values`, "must be specified single value when `operator` is 'Lt' or 'Gt'"));
      break;
    default:
      errs.push(invalid(`${path}.operator`, req.operator, 'not a valid selector operator'));
  }
  errs.push(...qualifiedName(req.key, `${path}.key`));
  if (checkValues) values.forEach((v, i) => errs.push(...isValidLabelValue(v).map((msg) => invalid(`${path}.values[${i}]`, v, msg))));
  return errs;
}

/** Nodes may be selected by field only by name. */
function validateFieldRequirement(req: NodeSelectorRequirement, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const values = req.values ?? [];
  if (req.operator === 'In' || req.operator === 'NotIn') {
    if (values.length !== 1) errs.push(required(`${path}.values`, "must be only one value when `operator` is 'In' or 'NotIn' for node field selector"));
  } else {
    errs.push(invalid(`${path}.operator`, req.operator, 'not a valid selector operator'));
  }
  if (req.key !== 'metadata.name') errs.push(invalid(`${path}.key`, req.key, 'not a valid field selector key'));
  else values.forEach((v, i) => errs.push(...nameIsDNSSubdomain(v, false).map((msg) => invalid(`${path}.values[${i}]`, v, msg))));
  return errs;
}

export function validateNodeSelectorTerm(term: NodeSelectorTerm, checkValues: boolean, path: string): FieldError[] {
  const errs: FieldError[] = [];
  (term.matchExpressions ?? []).forEach((req, i) => errs.push(...validateLabelRequirement(req, checkValues, `${path}.matchExpressions[${i}]`)));
  (term.matchFields ?? []).forEach((req, i) => errs.push(...validateFieldRequirement(req, `${path}.matchFields[${i}]`)));
  return errs;
}

export function validateNodeSelector(selector: NodeSelector, path: string): FieldError[] {
  const terms = selector.nodeSelectorTerms ?? [];
  if (!terms.length) return [required(`${path}.nodeSelectorTerms`, 'must have at least one node selector term')];
  return terms.flatMap((term, i) => validateNodeSelectorTerm(term, true, `${path}.nodeSelectorTerms[${i}]`));
}

function validateWeight(weight: number, path: string): FieldError[] {
  return weight <= 0 || weight > 100 ? [invalid(path, weight, 'must be in the range 1-100')] : [];
}

function validatePreferredTerms(terms: readonly PreferredSchedulingTerm[], path: string): FieldError[] {
  // Preferred terms may name label values that do not exist yet: only their syntax is checked.
  return terms.flatMap((term, i) => [...validateWeight(term.weight, `${path}[${i}].weight`), ...validateNodeSelectorTerm(term.preference ?? {}, false, `${path}[${i}].preference`)]);
}

function validateNodeAffinity(na: NodeAffinity, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (na.requiredDuringSchedulingIgnoredDuringExecution) errs.push(...validateNodeSelector(na.requiredDuringSchedulingIgnoredDuringExecution, `${path}.requiredDuringSchedulingIgnoredDuringExecution`));
  if (na.preferredDuringSchedulingIgnoredDuringExecution?.length) errs.push(...validatePreferredTerms(na.preferredDuringSchedulingIgnoredDuringExecution, `${path}.preferredDuringSchedulingIgnoredDuringExecution`));
  return errs;
}

/** Label keys must be label names, and need a labelSelector to be merged into. */
function validateLabelKeys(keys: readonly string[] | undefined, selector: LabelSelector | undefined, path: string): FieldError[] {
  if (!keys?.length) return [];
  if (!selector) return [forbidden(path, 'must not be specified when labelSelector is not set')];
  return keys.flatMap((k, i) => qualifiedName(k, `${path}[${i}]`));
}

function validateMatchAndMismatchKeys(term: PodAffinityTerm, path: string): FieldError[] {
  const errs = [...validateLabelKeys(term.matchLabelKeys, term.labelSelector, `${path}.matchLabelKeys`), ...validateLabelKeys(term.mismatchLabelKeys, term.labelSelector, `${path}.mismatchLabelKeys`)];
  const selector = term.labelSelector;
  if (selector) {
    const matchIndex = new Map((term.matchLabelKeys ?? []).map((k, i) => [k, i]));
    const selectorKeys = new Set(Object.keys(selector.matchLabels ?? {}));
    for (const expr of selector.matchExpressions ?? []) {
      const i = matchIndex.get(expr.key);
      // Kubernetes reports this one at the term's path, indexed by the key's position.
      if (i !== undefined && selectorKeys.has(expr.key)) errs.push(invalid(`${path}[${i}]`, expr.key, 'exists in both matchLabelKeys and labelSelector'));
      selectorKeys.add(expr.key);
    }
  }
  const mismatch = new Set(term.mismatchLabelKeys ?? []);
  (term.matchLabelKeys ?? []).forEach((k, i) => {
    if (mismatch.has(k)) errs.push(invalid(`${path}.matchLabelKeys[${i}]`, k, 'exists in both matchLabelKeys and mismatchLabelKeys'));
  });
  return errs;
}

function validatePodAffinityTerm(term: PodAffinityTerm, path: string): FieldError[] {
  const errs = [...validateLabelSelector(term.labelSelector, `${path}.labelSelector`), ...validateLabelSelector(term.namespaceSelector, `${path}.namespaceSelector`)];
  for (const ns of term.namespaces ?? []) errs.push(...validateNamespaceName(ns, false).map((msg) => invalid(`${path}.namespace`, ns, msg)));
  errs.push(...validateMatchAndMismatchKeys(term, path));
  if (!term.topologyKey) errs.push(required(`${path}.topologyKey`, 'can not be empty'));
  errs.push(...qualifiedName(term.topologyKey ?? '', `${path}.topologyKey`));
  return errs;
}

function validatePodAffinity(affinity: PodAffinity, path: string): FieldError[] {
  const errs: FieldError[] = [];
  (affinity.requiredDuringSchedulingIgnoredDuringExecution ?? []).forEach((term, i) => errs.push(...validatePodAffinityTerm(term, `${path}.requiredDuringSchedulingIgnoredDuringExecution[${i}]`)));
  (affinity.preferredDuringSchedulingIgnoredDuringExecution ?? []).forEach((w, i) => {
    const at = `${path}.preferredDuringSchedulingIgnoredDuringExecution[${i}]`;
    errs.push(...validateWeight(w.weight, `${at}.weight`), ...validatePodAffinityTerm(w.podAffinityTerm ?? ({} as PodAffinityTerm), `${at}.podAffinityTerm`));
  });
  return errs;
}

export function validateAffinity(affinity: Affinity | undefined, path: string): FieldError[] {
  if (!affinity) return [];
  const errs: FieldError[] = [];
  if (affinity.nodeAffinity) errs.push(...validateNodeAffinity(affinity.nodeAffinity, `${path}.nodeAffinity`));
  if (affinity.podAffinity) errs.push(...validatePodAffinity(affinity.podAffinity, `${path}.podAffinity`));
  if (affinity.podAntiAffinity) errs.push(...validatePodAffinity(affinity.podAntiAffinity, `${path}.podAntiAffinity`));
  return errs;
}

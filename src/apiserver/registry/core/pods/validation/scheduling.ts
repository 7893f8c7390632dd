// The scheduling fields of a pod spec as Kubernetes validates them: tolerations (key, operator
// and value, effect, tolerationSeconds only with NoExecute), readiness and scheduling gates
// (qualified names, gates unique) and topology spread constraints (skew, key, action, no
// repeated key/action pair, minDomains, inclusion policies, matchLabelKeys, selector).
import type { TopologySpreadConstraint, Toleration } from '../../../../../api/core/v1/pod-types.ts';
import { duplicate, forbidden, invalid, notSupported, required, type FieldError } from '../../../../../machinery/validation/field-error.ts';
import { isValidLabelValue } from '../../../../../machinery/validation/names.ts';
import { qualifiedName } from './checks.ts';
import { validateLabelSelector } from './label-selector.ts';

export const TAINT_EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];

export function validateTolerations(tolerations: readonly Toleration[] | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  (tolerations ?? []).forEach((t, i) => {
    const at = `${path}[${i}]`;
    const key = t.key ?? '';
    const operator = t.operator ?? '';
    const value = t.value ?? '';
    const effect = t.effect ?? '';
    if (key) errs.push(...qualifiedName(key, `${at}.key`));
    if (!key && operator !== 'Exists') errs.push(invalid(`${at}.operator`, operator, 'operator must be Exists when `key` is empty, which means "match all values and all keys"'));
    if (t.tolerationSeconds !== undefined && t.tolerationSeconds !== null && effect !== 'NoExecute') {
      errs.push(invalid(`${at}.effect`, effect, "effect must be 'NoExecute' when `tolerationSeconds` is set"));
    }
    switch (operator) {
      case 'Equal':
      case '': {
        const msgs = isValidLabelValue(value);
        if (msgs.length) errs.push(invalid(`${at}.operator`, value, msgs.join(';')));
        break;
      }
      case 'Exists':
        if (value) errs.push(invalid(`${at}.operator`, value, "value must be empty when `operator` is 'Exists'"));
        break;
      default:
        errs.push(notSupported(`${at}.operator`, operator, ['Equal', 'Exists']));
    }
    if (effect && !TAINT_EFFECTS.includes(effect)) errs.push(notSupported(`${at}.effect`, effect, TAINT_EFFECTS));
  });
  return errs;
}

export function validateReadinessGates(gates: readonly { conditionType: string }[] | undefined, path: string): FieldError[] {
  return (gates ?? []).flatMap((g, i) => qualifiedName(g.conditionType ?? '', `${path}[${i}].conditionType`));
}

export function validateSchedulingGates(gates: readonly { name: string }[] | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  (gates ?? []).forEach((g, i) => {
    errs.push(...qualifiedName(g.name ?? '', `${path}[${i}]`));
    if (seen.has(g.name)) errs.push(duplicate(`${path}[${i}]`, g.name));
    seen.add(g.name);
  });
  return errs;
}

const ACTIONS = ['DoNotSchedule', 'ScheduleAnyway'];
const INCLUSION_POLICIES = ['Honor', 'Ignore'];

function validateMatchLabelKeys(c: TopologySpreadConstraint, path: string): FieldError[] {
  const keys = c.matchLabelKeys ?? [];
  if (!keys.length) return [];
  const errs: FieldError[] = [];
  const selectorKeys = new Set<string>();
  if (c.labelSelector) {
    for (const k of Object.keys(c.labelSelector.matchLabels ?? {})) selectorKeys.add(k);
    for (const e of c.labelSelector.matchExpressions ?? []) selectorKeys.add(e.key);
  } else {
    errs.push(forbidden(path, 'must not be specified when labelSelector is not set'));
  }
  keys.forEach((k, i) => {
    errs.push(...qualifiedName(k, `${path}[${i}]`));
    if (selectorKeys.has(k)) errs.push(invalid(`${path}[${i}]`, k, 'exists in both matchLabelKeys and labelSelector'));
  });
  return errs;
}

export function validateTopologySpreadConstraints(constraints: readonly TopologySpreadConstraint[] | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const all = constraints ?? [];
  all.forEach((c, i) => {
    const at = `${path}[${i}]`;
    if (!(c.maxSkew > 0)) errs.push(invalid(`${at}.maxSkew`, c.maxSkew ?? 0, 'must be greater than zero'));
    if (!c.topologyKey) errs.push(required(`${at}.topologyKey`, 'can not be empty'));
    if (!ACTIONS.includes(c.whenUnsatisfiable)) errs.push(notSupported(`${at}.whenUnsatisfiable`, c.whenUnsatisfiable ?? '', ACTIONS));
    if (all.slice(i + 1).some((o) => o.topologyKey === c.topologyKey && o.whenUnsatisfiable === c.whenUnsatisfiable)) {
      errs.push(duplicate(`${at}.{topologyKey, whenUnsatisfiable}`, `{${c.topologyKey ?? ''}, ${c.whenUnsatisfiable ?? ''}}`));
    }
    if (c.minDomains !== undefined && c.minDomains !== null) {
      if (c.minDomains <= 0) errs.push(invalid(`${at}.minDomains`, c.minDomains, 'must be greater than zero'));
      if (c.whenUnsatisfiable !== 'DoNotSchedule') errs.push(invalid(`${at}.minDomains`, c.minDomains, `can only use minDomains if whenUnsatisfiable=DoNotSchedule, not ${c.whenUnsatisfiable ?? ''}`));
    }
    for (const policy of ['nodeAffinityPolicy', 'nodeTaintsPolicy'] as const) {
      const v = c[policy];
      if (v !== undefined && v !== null && !INCLUSION_POLICIES.includes(v)) errs.push(notSupported(`${at}.${policy}`, v, INCLUSION_POLICIES));
    }
    errs.push(...validateMatchLabelKeys(c, `${at}.matchLabelKeys`));
    errs.push(...validateLabelSelector(c.labelSelector, `${at}.labelSelector`));
  });
  return errs;
}

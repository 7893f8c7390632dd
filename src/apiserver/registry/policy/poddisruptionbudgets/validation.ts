// PodDisruptionBudget validation as Kubernetes' policy validation has it: minAvailable and
// maxUnavailable not both set, each a non-negative number or a percentage of at most 100%, a
// valid selector, a known unhealthy pod eviction policy; on /status, well-formed conditions and
// counts not negative.
import type { IntOrPercent, PodDisruptionBudget, PodDisruptionBudgetSpec, PodDisruptionBudgetStatus } from '../../../../api/policy/v1/types.ts';
import { invalid, notSupported, required, RenderedValue, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { goQuote } from '../../../../machinery/validation/go-format.ts';
import { nameIsDNSSubdomain, regexError } from '../../../../machinery/validation/names.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from '../../../../machinery/validation/object-meta.ts';
import { isQualifiedName } from '../../../../machinery/validation/names.ts';
import { nonNegative } from '../../core/pods/validation/checks.ts';
import { validateLabelSelector } from '../../core/pods/validation/label-selector.ts';

const EVICTION_POLICIES = ['AlwaysAllow', 'IfHealthyBudget'];
const PERCENT = /^[0-9]+%$/;

/** An IntOrString value as Go's %#v prints it, which is what Kubernetes shows for it. */
function goIntOrString(v: IntOrPercent): RenderedValue {
  return new RenderedValue(typeof v === 'number' ? `intstr.IntOrString{Type:0, IntVal:${v}, StrVal:""}` : `intstr.IntOrString{Type:1, IntVal:0, StrVal:${goQuote(v)}}`);
}

/** The spec, as %#v prints it: set pointers show as an address (a fixed placeholder here). */
function goSpec(spec: PodDisruptionBudgetSpec): RenderedValue {
  const pointer = (type: string, v: unknown) => `(*${type})(${v === undefined ? 'nil' : '0xc000000000'})`;
  return new RenderedValue(
    `policy.PodDisruptionBudgetSpec{MinAvailable:${pointer('intstr.IntOrString', spec.minAvailable)}, Selector:${pointer('v1.LabelSelector', spec.selector)}, ` +
      `MaxUnavailable:${pointer('intstr.IntOrString', spec.maxUnavailable)}, UnhealthyPodEvictionPolicy:${pointer('policy.UnhealthyPodEvictionPolicyType', spec.unhealthyPodEvictionPolicy)}}`,
  );
}

/** ValidatePositiveIntOrPercent and IsNotMoreThan100Percent. */
function validateIntOrPercent(v: IntOrPercent, path: string): FieldError[] {
  if (typeof v === 'number') return nonNegative(v, path);
  if (!PERCENT.test(v)) return [invalid(path, goIntOrString(v), regexError("a valid percent string must be a numeric string followed by an ending '%'", '[0-9]+%', '1%', '93%'))];
  return Number(v.slice(0, -1)) > 100 ? [invalid(path, goIntOrString(v), 'must not be greater than 100%')] : [];
}

export function validatePodDisruptionBudgetSpec(spec: PodDisruptionBudgetSpec, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (spec.minAvailable !== undefined && spec.maxUnavailable !== undefined) errs.push(invalid(path, goSpec(spec), 'minAvailable and maxUnavailable cannot be both set'));
  if (spec.minAvailable !== undefined) errs.push(...validateIntOrPercent(spec.minAvailable, `${path}.minAvailable`));
  if (spec.maxUnavailable !== undefined) errs.push(...validateIntOrPercent(spec.maxUnavailable, `${path}.maxUnavailable`));
  errs.push(...validateLabelSelector(spec.selector, `${path}.selector`));
  const policy = spec.unhealthyPodEvictionPolicy;
  if (policy !== undefined && !EVICTION_POLICIES.includes(policy)) errs.push(notSupported(`${path}.unhealthyPodEvictionPolicy`, policy, EVICTION_POLICIES));
  return errs;
}

export function validatePodDisruptionBudget(pdb: PodDisruptionBudget): FieldError[] {
  const errs = validateObjectMeta(pdb.metadata, true, nameIsDNSSubdomain);
  errs.push(...validatePodDisruptionBudgetSpec(pdb.spec ?? {}, 'spec'));
  return errs;
}

export function validatePodDisruptionBudgetUpdate(pdb: PodDisruptionBudget, old: PodDisruptionBudget): FieldError[] {
  const errs = validateObjectMetaUpdate(pdb.metadata, old.metadata);
  errs.push(...validatePodDisruptionBudgetSpec(pdb.spec ?? {}, 'spec'));
  return errs;
}

const CONDITION_STATUSES = ['False', 'True', 'Unknown'];
const CONDITION_REASON = /^[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?$/;
const MAX_CONDITION_MESSAGE = 32 * 1024;

/** metav1 ValidateConditions: unique qualified types, known statuses, a set time, a CamelCase reason. */
function validateConditions(conditions: PodDisruptionBudgetStatus['conditions'], path: string): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  (conditions ?? []).forEach((c, i) => {
    const at = `${path}[${i}]`;
    if (!c.type) errs.push(required(`${at}.type`, 'must be set'));
    else errs.push(...isQualifiedName(c.type).map((m) => invalid(`${at}.type`, c.type, m)));
    if (seen.has(c.type)) errs.push(invalid(`${at}.type`, c.type, 'must be unique'));
    else seen.add(c.type);
    if (!CONDITION_STATUSES.includes(c.status)) errs.push(notSupported(`${at}.status`, c.status, CONDITION_STATUSES));
    if ((c.observedGeneration ?? 0) < 0) errs.push(invalid(`${at}.observedGeneration`, c.observedGeneration!, 'must be greater than or equal to zero'));
    if (!c.lastTransitionTime) errs.push(required(`${at}.lastTransitionTime`, 'must be set'));
    if (!c.reason) errs.push(required(`${at}.reason`, 'must be set'));
    else {
      if (!CONDITION_REASON.test(c.reason)) errs.push(invalid(`${at}.reason`, c.reason, regexError('a condition reason must start with alphabetic character, optionally followed by a string of alphanumeric characters or \'_,:\', and must end with an alphanumeric character or \'_\'', '[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?', 'my_name', 'MY_NAME', 'MyName', 'ReasonA,ReasonB', 'ReasonA:ReasonB')));
      if (c.reason.length > 1024) errs.push(invalid(`${at}.reason`, c.reason, 'may not be more than 1024 bytes'));
    }
    if ((c.message ?? '').length > MAX_CONDITION_MESSAGE) errs.push(invalid(`${at}.message`, c.message, `may not be more than ${MAX_CONDITION_MESSAGE} bytes`));
  });
  return errs;
}

export function validatePodDisruptionBudgetStatusUpdate(pdb: PodDisruptionBudget, old: PodDisruptionBudget): FieldError[] {
  const errs = validateObjectMetaUpdate(pdb.metadata, old.metadata);
  const s = pdb.status;
  errs.push(...validateConditions(s?.conditions, 'status.conditions'));
  for (const key of ['disruptionsAllowed', 'currentHealthy', 'desiredHealthy', 'expectedPods'] as const) errs.push(...nonNegative(s?.[key] ?? 0, `status.${key}`));
  return errs;
}

// A JobSpec's own rules, as Kubernetes' validateJobSpec has them: counts not negative, the
// Indexed-mode limits, backoff per index and failed indexes, managedBy, the pod failure and
// success policies, the pod replacement policy, and a valid pod template whose restartPolicy is
// OnFailure or Never. Used by jobs and by cron jobs' job templates.
import type { JobSpec, PodFailurePolicyRule } from '../../../../api/batch/v1/types.ts';
import type { PodSpec } from '../../../../api/core/v1/pod-types.ts';
import { duplicate, invalid, notSupported, OMIT_VALUE, required, RenderedValue, tooLong, tooMany, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { isDNS1123Subdomain, regexError } from '../../../../machinery/validation/names.ts';
import { nonNegative, qualifiedName } from '../../core/pods/validation/checks.ts';
import { validatePodTemplateSpec } from '../../core/pods/validation/template.ts';
import { countIndexes } from './indexes.ts';

const MAX_PARALLELISM_INDEXED = 100_000;
const MAX_FAILED_INDEXES = 100_000;
const COMPLETIONS_SOFT_LIMIT = 100_000;
const PARALLELISM_LIMIT_HIGH_COMPLETIONS = 10_000;
const MAX_FAILED_INDEXES_HIGH_COMPLETIONS = 10_000;
const MAX_POD_FAILURE_RULES = 20;
const MAX_EXIT_CODE_VALUES = 255;
const MAX_CONDITION_PATTERNS = 20;
const MAX_MANAGED_BY_LENGTH = 63;
const MAX_SUCCEEDED_INDEXES_LENGTH = 64 * 1024;
const MAX_SUCCESS_RULES = 20;

const ACTIONS = ['Count', 'FailIndex', 'FailJob', 'Ignore'];
const EXIT_CODE_OPERATORS = ['In', 'NotIn'];
const CONDITION_STATUSES = ['False', 'True', 'Unknown'];
const REPLACEMENT_POLICIES = ['Failed', 'TerminatingOrFailed'];
const HTTP_PATH_FMT = "[A-Za-z0-9/\\-._~%!$&'()*+,;=:]+";
const HTTP_PATH = new RegExp(`^${HTTP_PATH_FMT}$`);

/** A Go []string as %q prints it inside a message: ["a" "b"]. */
const quotedList = (values: readonly string[]) => `[${values.map((v) => JSON.stringify(v)).join(' ')}]`;

/** validation.IsDomainPrefixedPath. */
function domainPrefixedPath(value: string, path: string): FieldError[] {
  if (!value) return [required(path)];
  const slash = value.indexOf('/');
  const host = slash < 0 ? value : value.slice(0, slash);
  const rest = slash < 0 ? '' : value.slice(slash + 1);
  if (slash < 0 || !host || !rest) return [invalid(path, value, 'must be a domain-prefixed path (such as "acme.io/foo")')];
  const errs = isDNS1123Subdomain(host).map((m) => invalid(path, host, m));
  if (!HTTP_PATH.test(rest)) errs.push(invalid(path, rest, regexError('Invalid path', HTTP_PATH_FMT)));
  return errs;
}

function validateOnExitCodes(rule: NonNullable<PodFailurePolicyRule['onExitCodes']>, path: string, containers: Set<string>): FieldError[] {
  const errs: FieldError[] = [];
  if (!rule.operator) errs.push(required(`${path}.operator`, `valid values: ${quotedList(EXIT_CODE_OPERATORS)}`));
  else if (!EXIT_CODE_OPERATORS.includes(rule.operator)) errs.push(notSupported(`${path}.operator`, rule.operator, EXIT_CODE_OPERATORS));
  if (rule.containerName != null && !containers.has(rule.containerName)) {
    errs.push(invalid(`${path}.containerName`, rule.containerName, 'must be one of the container or initContainer names in the pod template'));
  }
  const values = rule.values ?? [];
  if (!values.length) errs.push(invalid(`${path}.values`, new RenderedValue(rule.values ? '[]int32{}' : '[]int32(nil)'), 'at least one value is required'));
  else if (values.length > MAX_EXIT_CODE_VALUES) errs.push(tooMany(`${path}.values`, values.length, MAX_EXIT_CODE_VALUES));
  const seen = new Set<number>();
  let ordered = true;
  values.forEach((v, j) => {
    if (rule.operator === 'In' && v === 0) errs.push(invalid(`${path}.values[${j}]`, v, 'must not be 0 for the In operator'));
    if (seen.has(v)) errs.push(duplicate(`${path}.values[${j}]`, v));
    else seen.add(v);
    if (j > 0 && values[j - 1]! > v) ordered = false;
  });
  if (!ordered) errs.push(invalid(`${path}.values`, new RenderedValue(`[]int32{${values.join(', ')}}`), 'must be ordered'));
  return errs;
}

function validatePodFailurePolicy(spec: JobSpec, path: string): FieldError[] {
  const rules = spec.podFailurePolicy!.rules ?? [];
  const errs: FieldError[] = [];
  if (rules.length > MAX_POD_FAILURE_RULES) errs.push(tooMany(`${path}.rules`, rules.length, MAX_POD_FAILURE_RULES));
  const podSpec = spec.template?.spec;
  const containers = new Set([...(podSpec?.containers ?? []), ...(podSpec?.initContainers ?? [])].map((c) => c.name));
  rules.forEach((rule, i) => {
    const at = `${path}.rules[${i}]`;
    if (!rule.action) errs.push(required(`${at}.action`, `valid values: ${quotedList(ACTIONS)}`));
    else if (rule.action === 'FailIndex') {
      if (spec.backoffLimitPerIndex === undefined) errs.push(invalid(`${at}.action`, rule.action, 'requires the backoffLimitPerIndex to be set'));
    } else if (!ACTIONS.includes(rule.action)) errs.push(notSupported(`${at}.action`, rule.action, ACTIONS));
    if (rule.onExitCodes) errs.push(...validateOnExitCodes(rule.onExitCodes, `${at}.onExitCodes`, containers));
    const patterns = rule.onPodConditions ?? [];
    if (patterns.length) {
      if (patterns.length > MAX_CONDITION_PATTERNS) errs.push(tooMany(`${at}.onPodConditions`, patterns.length, MAX_CONDITION_PATTERNS));
      patterns.forEach((p, j) => {
        const pat = `${at}.onPodConditions[${j}]`;
        errs.push(...qualifiedName(p.type ?? '', `${pat}.type`));
        if (!p.status) errs.push(required(`${pat}.status`, `valid values: ${quotedList(CONDITION_STATUSES)}`));
        else if (!CONDITION_STATUSES.includes(p.status)) errs.push(notSupported(`${pat}.status`, p.status, CONDITION_STATUSES));
      });
    }
    if (rule.onExitCodes && patterns.length) errs.push(invalid(at, OMIT_VALUE, 'specifying both OnExitCodes and OnPodConditions is not supported'));
    if (!rule.onExitCodes && !patterns.length) errs.push(invalid(at, OMIT_VALUE, 'specifying one of OnExitCodes and OnPodConditions is required'));
  });
  return errs;
}

function validateSuccessPolicy(spec: JobSpec, path: string): FieldError[] {
  const rules = spec.successPolicy!.rules ?? [];
  const completions = spec.completions ?? 0;
  const errs: FieldError[] = [];
  if (!rules.length) errs.push(required(`${path}.rules`, 'at least one rules must be specified when the successPolicy is specified'));
  if (rules.length > MAX_SUCCESS_RULES) errs.push(tooMany(`${path}.rules`, rules.length, MAX_SUCCESS_RULES));
  rules.forEach((rule, i) => {
    const at = `${path}.rules[${i}]`;
    if (rule.succeededCount === undefined && rule.succeededIndexes === undefined) errs.push(required(at, 'at least one of succeededCount or succeededIndexes must be specified'));
    let total = 0;
    if (rule.succeededIndexes !== undefined) {
      if (rule.succeededIndexes.length > MAX_SUCCEEDED_INDEXES_LENGTH) errs.push(tooLong(`${at}.succeededIndexes`, MAX_SUCCEEDED_INDEXES_LENGTH));
      const counted = countIndexes(rule.succeededIndexes, completions);
      if (typeof counted === 'string') errs.push(invalid(`${at}.succeededIndexes`, rule.succeededIndexes, `error parsing succeededIndexes: ${counted}`));
      else total = counted;
    }
    if (rule.succeededCount !== undefined) {
      errs.push(...nonNegative(rule.succeededCount, `${at}.succeededCount`));
      if (rule.succeededCount > completions) errs.push(invalid(`${at}.succeededCount`, rule.succeededCount, `must be less than or equal to ${completions} (the number of specified completions)`));
      if (rule.succeededIndexes !== undefined && rule.succeededCount > total) {
        errs.push(invalid(`${at}.succeededCount`, rule.succeededCount, `must be less than or equal to ${total} (the number of indexes in the specified succeededIndexes field)`));
      }
    }
  });
  return errs;
}

function validateIndexedLimits(spec: JobSpec, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const { completions, parallelism, maxFailedIndexes, backoffLimitPerIndex } = spec;
  if (completions === undefined) errs.push(required(`${path}.completions`, 'when completion mode is Indexed'));
  if (parallelism !== undefined && parallelism > MAX_PARALLELISM_INDEXED) {
    errs.push(invalid(`${path}.parallelism`, parallelism, `must be less than or equal to ${MAX_PARALLELISM_INDEXED} when completion mode is Indexed`));
  }
  if (completions !== undefined && maxFailedIndexes !== undefined && maxFailedIndexes > completions) errs.push(invalid(`${path}.maxFailedIndexes`, maxFailedIndexes, 'must be less than or equal to completions'));
  if (maxFailedIndexes !== undefined && maxFailedIndexes > MAX_FAILED_INDEXES) errs.push(invalid(`${path}.maxFailedIndexes`, maxFailedIndexes, `must be less than or equal to ${MAX_FAILED_INDEXES}`));
  if (completions !== undefined && completions > COMPLETIONS_SOFT_LIMIT && backoffLimitPerIndex !== undefined) {
    const high = `when completions are above ${COMPLETIONS_SOFT_LIMIT} and used with backoff limit per index`;
    if (maxFailedIndexes === undefined) errs.push(required(`${path}.maxFailedIndexes`, `must be specified when completions is above ${COMPLETIONS_SOFT_LIMIT}`));
    if (parallelism !== undefined && parallelism > PARALLELISM_LIMIT_HIGH_COMPLETIONS) errs.push(invalid(`${path}.parallelism`, parallelism, `must be less than or equal to ${PARALLELISM_LIMIT_HIGH_COMPLETIONS} ${high}`));
    if (maxFailedIndexes !== undefined && maxFailedIndexes > MAX_FAILED_INDEXES_HIGH_COMPLETIONS) {
      errs.push(invalid(`${path}.maxFailedIndexes`, maxFailedIndexes, `must be less than or equal to ${MAX_FAILED_INDEXES_HIGH_COMPLETIONS} ${high}`));
    }
  }
  return errs;
}

function validateRestartPolicy(spec: JobSpec, path: string): FieldError[] {
  const policy = spec.template?.spec?.restartPolicy ?? '';
  const at = `${path}.template.spec.restartPolicy`;
  if (policy === 'Always' || policy === '') return [required(at, 'valid values: "OnFailure", "Never"')];
  if (policy !== 'OnFailure' && policy !== 'Never') return [notSupported(at, policy, ['OnFailure', 'Never'])];
  if (spec.podFailurePolicy && policy !== 'Never') return [invalid(at, policy, 'only "Never" is supported when podFailurePolicy is specified')];
  return [];
}

export function validateJobSpecFields(spec: JobSpec, path: string): FieldError[] {
  const errs: FieldError[] = [];
  for (const key of ['parallelism', 'completions', 'activeDeadlineSeconds', 'backoffLimit', 'ttlSecondsAfterFinished', 'backoffLimitPerIndex'] as const) {
    if (spec[key] !== undefined) errs.push(...nonNegative(spec[key]!, `${path}.${key}`));
  }
  if (spec.maxFailedIndexes !== undefined) {
    errs.push(...nonNegative(spec.maxFailedIndexes, `${path}.maxFailedIndexes`));
    if (spec.backoffLimitPerIndex === undefined) errs.push(required(`${path}.backoffLimitPerIndex`, 'when maxFailedIndexes is specified'));
  }
  if (spec.managedBy !== undefined) {
    errs.push(...domainPrefixedPath(spec.managedBy, `${path}.managedBy`));
    if (spec.managedBy.length > MAX_MANAGED_BY_LENGTH) errs.push(tooLong(`${path}.managedBy`, MAX_MANAGED_BY_LENGTH));
  }
  const mode = spec.completionMode;
  if (mode !== undefined) {
    if (mode !== 'NonIndexed' && mode !== 'Indexed') errs.push(notSupported(`${path}.completionMode`, mode, ['NonIndexed', 'Indexed']));
    if (mode === 'Indexed') errs.push(...validateIndexedLimits(spec, path));
  }
  if (mode === undefined || mode === 'NonIndexed') {
    if (spec.backoffLimitPerIndex !== undefined) errs.push(invalid(`${path}.backoffLimitPerIndex`, spec.backoffLimitPerIndex, 'requires indexed completion mode'));
    if (spec.maxFailedIndexes !== undefined) errs.push(invalid(`${path}.maxFailedIndexes`, spec.maxFailedIndexes, 'requires indexed completion mode'));
  }
  if (spec.podFailurePolicy) errs.push(...validatePodFailurePolicy(spec, `${path}.podFailurePolicy`));
  if (spec.successPolicy) {
    if (mode !== 'Indexed') errs.push(invalid(`${path}.successPolicy`, spec.successPolicy, 'requires indexed completion mode'));
    else errs.push(...validateSuccessPolicy(spec, `${path}.successPolicy`));
  }
  const replacement = spec.podReplacementPolicy;
  if (replacement !== undefined) {
    if (spec.podFailurePolicy) {
      if (replacement !== 'Failed') errs.push(notSupported(`${path}.podReplacementPolicy`, replacement, ['Failed']));
    } else if (!REPLACEMENT_POLICIES.includes(replacement)) errs.push(notSupported(`${path}.podReplacementPolicy`, replacement, REPLACEMENT_POLICIES));
  }
  errs.push(...validatePodTemplateSpec(spec.template ?? { spec: {} as PodSpec }, `${path}.template`));
  errs.push(...validateRestartPolicy(spec, path));
  return errs;
}

// DaemonSet validation as Kubernetes' ValidateDaemonSet and its update and status forms: a
// DNS-subdomain name; a valid label selector (absent, it selects nothing and so cannot match the
// template's labels), not empty, matching the template's labels; a template valid as a pod template
// with restartPolicy Always; minReadySeconds and revisionHistoryLimit of 0 or more; RollingUpdate
// (bounds that are integers or percentages up to 100%, exactly one of maxUnavailable and maxSurge
// non-zero) or OnDelete. On update the selector never changes and the template generation rises
// exactly when the template changes. Status counts are 0 or more; collisionCount never goes down.
import type { DaemonSet, DaemonSetSpec, DaemonSetStatus, DaemonSetUpdateStrategy } from '../../../../api/apps/v1/types.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { invalid, notSupported, RenderedValue, required, toStatusCauses, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { goQuote } from '../../../../machinery/validation/go-format.ts';
import { nameIsDNSSubdomain } from '../../../../machinery/validation/names.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from '../../../../machinery/validation/object-meta.ts';
import { nonNegative } from '../../core/pods/validation/checks.ts';
import { validateLabelSelector } from '../../core/pods/validation/label-selector.ts';
import { validateSelectorUnchanged } from '../replicasets/validation.ts';
import { goIntOrString, goLabelSelector, goPointer } from '../workload/go-values.ts';
import { intOrPercentValue, notMoreThan100Percent, validatePositiveIntOrPercent } from '../workload/int-or-percent.ts';
import { semanticEqual } from '../workload/semantic-equal.ts';
import { selectorConverts, selectsEverything, validateTemplateMatches } from '../workload/selector.ts';
import { validateCollisionCount } from '../workload/status.ts';
import { validateLongRunningTemplate } from '../workload/template.ts';
import { templateGenerationOf } from './template-generation.ts';

function validateUpdateStrategy(strategy: DaemonSetUpdateStrategy | undefined, path: string): FieldError[] {
  const s = strategy ?? {};
  switch (s.type) {
    case 'OnDelete':
      return [];
    case 'RollingUpdate': {
      const ru = s.rollingUpdate;
      if (!ru) return [required(`${path}.rollingUpdate`)];
      const at = `${path}.rollingUpdate`;
      const errs = [...validatePositiveIntOrPercent(ru.maxUnavailable, `${at}.maxUnavailable`), ...validatePositiveIntOrPercent(ru.maxSurge, `${at}.maxSurge`)];
      errs.push(...notMoreThan100Percent(ru.maxUnavailable, `${at}.maxUnavailable`), ...notMoreThan100Percent(ru.maxSurge, `${at}.maxSurge`));
      const hasUnavailable = intOrPercentValue(ru.maxUnavailable) !== 0;
      const hasSurge = intOrPercentValue(ru.maxSurge) !== 0;
      if (hasUnavailable && hasSurge) errs.push(invalid(`${at}.maxSurge`, goIntOrString(ru.maxSurge), 'may not be set when maxUnavailable is non-zero'));
      if (!hasUnavailable && !hasSurge) errs.push(required(`${at}.maxUnavailable`, 'cannot be 0 when maxSurge is 0'));
      return errs;
    }
    default: {
      const shown = `apps.DaemonSetUpdateStrategy{Type:${goQuote(s.type ?? '')}, RollingUpdate:${goPointer('apps.RollingUpdateDaemonSet', !!s.rollingUpdate)}}`;
      return [notSupported(path, new RenderedValue(shown), ['RollingUpdate', 'OnDelete'])];
    }
  }
}

function validateSpec(spec: DaemonSetSpec, templateGeneration: number, path: string): FieldError[] {
  const errs = validateLabelSelector(spec.selector ?? undefined, `${path}.selector`);
  if (selectorConverts(spec.selector)) errs.push(...validateTemplateMatches(spec.selector, spec.template?.metadata?.labels, `${path}.template`));
  if (spec.selector && selectsEverything(spec.selector)) errs.push(invalid(`${path}.selector`, goLabelSelector(spec.selector), 'empty selector is invalid for daemonset'));
  errs.push(...validateLongRunningTemplate(spec.template, `${path}.template`, 'DaemonSet'));
  errs.push(...nonNegative(spec.minReadySeconds ?? 0, `${path}.minReadySeconds`), ...nonNegative(templateGeneration, `${path}.templateGeneration`));
  errs.push(...validateUpdateStrategy(spec.updateStrategy, `${path}.updateStrategy`));
  if (typeof spec.revisionHistoryLimit === 'number') errs.push(...nonNegative(spec.revisionHistoryLimit, `${path}.revisionHistoryLimit`));
  return errs;
}

/** ValidateDaemonSetSpecUpdate: the template generation never goes down, and rises exactly with a template change. */
function validateTemplateGenerationUpdate(ds: DaemonSet, old: DaemonSet, path: string): FieldError[] {
  const next = templateGenerationOf(ds) ?? 0;
  const before = templateGenerationOf(old) ?? 0;
  const errs: FieldError[] = [];
  if (next < before) errs.push(invalid(path, next, 'must not be decremented'));
  const templateChanged = !semanticEqual(ds.spec?.template, old.spec?.template);
  if (next === before && templateChanged) errs.push(invalid(path, next, 'must be incremented upon template update'));
  else if (next > before && !templateChanged) errs.push(invalid(path, next, 'must not be incremented without template update'));
  return errs;
}

function validateStatus(status: DaemonSetStatus | undefined, path: string): FieldError[] {
  const s: Partial<DaemonSetStatus> = status ?? {};
  const errs: FieldError[] = [];
  const counts = ['currentNumberScheduled', 'numberMisscheduled', 'desiredNumberScheduled', 'numberReady', 'observedGeneration', 'updatedNumberScheduled', 'numberAvailable', 'numberUnavailable'] as const;
  for (const key of counts) errs.push(...nonNegative(s[key] ?? 0, `${path}.${key}`));
  if (typeof s.collisionCount === 'number') errs.push(...nonNegative(s.collisionCount, `${path}.collisionCount`));
  return errs;
}

export function validateDaemonSet(ds: DaemonSet): StatusCause[] {
  const errs = validateObjectMeta(ds.metadata, true, nameIsDNSSubdomain);
  errs.push(...validateSpec(ds.spec ?? {}, templateGenerationOf(ds) ?? 0, 'spec'));
  return toStatusCauses(errs);
}

export function validateDaemonSetUpdate(ds: DaemonSet, old: DaemonSet): StatusCause[] {
  const errs = validateObjectMetaUpdate(ds.metadata, old.metadata);
  errs.push(...validateTemplateGenerationUpdate(ds, old, 'spec.templateGeneration'));
  errs.push(...validateSpec(ds.spec ?? {}, templateGenerationOf(ds) ?? 0, 'spec'));
  errs.push(...validateSelectorUnchanged(ds.spec, old.spec));
  return toStatusCauses(errs);
}

export function validateDaemonSetStatusUpdate(ds: DaemonSet, old: DaemonSet): StatusCause[] {
  const errs = validateObjectMetaUpdate(ds.metadata, old.metadata);
  errs.push(...validateStatus(ds.status, 'status'));
  errs.push(...validateCollisionCount(ds.status?.collisionCount, old.status?.collisionCount, 'status.collisionCount'));
  return toStatusCauses(errs);
}


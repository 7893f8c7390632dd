// A workload's spec.selector as apps validation treats it: converted to a label query as
// LabelSelectorAsSelector converts it (absent selects nothing, empty selects everything, a
// requirement NewRequirement would refuse fails the conversion), checked as ValidateLabelSelector
// checks it, and matched against the template's labels.
import type { LabelSelector } from '../../../../api/meta/v1/types.ts';
import { invalid, required, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { isQualifiedName, isValidLabelValue } from '../../../../machinery/validation/names.ts';
import { labelSelectorMatches } from '../../../../machinery/selectors/label-selector.ts';
import { validateLabelSelector } from '../../core/pods/validation/label-selector.ts';
import { goLabelSelector, goStringMap } from './go-values.ts';

/** A selector with neither match labels nor expressions: it selects everything. */
export function selectsEverything(selector: LabelSelector | null | undefined): boolean {
  return !!selector && !Object.keys(selector.matchLabels ?? {}).length && !(selector.matchExpressions ?? []).length;
}

/** Whether LabelSelectorAsSelector accepts the selector (each requirement as NewRequirement checks it). */
export function selectorConverts(selector: LabelSelector | null | undefined): boolean {
  if (!selector) return true;
  const validKey = (k: string) => isQualifiedName(k).length === 0;
  const validValue = (v: string) => isValidLabelValue(v).length === 0;
  for (const [k, v] of Object.entries(selector.matchLabels ?? {})) if (!validKey(k) || !validValue(v)) return false;
  for (const e of selector.matchExpressions ?? []) {
    const values = e.values ?? [];
    if (!validKey(e.key ?? '') || !values.every(validValue)) return false;
    if ((e.operator === 'In' || e.operator === 'NotIn') && !values.length) return false;
    if ((e.operator === 'Exists' || e.operator === 'DoesNotExist') && values.length) return false;
    if (!['In', 'NotIn', 'Exists', 'DoesNotExist'].includes(e.operator)) return false;
  }
  return true;
}

/** Whether labels satisfy a converted selector: an absent one selects nothing. */
export function selectorSelects(selector: LabelSelector | null | undefined, labels: Readonly<Record<string, string>> | undefined): boolean {
  return !!selector && labelSelectorMatches(selector, labels);
}

/**
 * spec.selector of a Deployment, ReplicaSet or StatefulSet: required, a valid label selector, and
 * not empty (`empty selector is invalid for <noun>`).
 */
export function validateRequiredSelector(selector: LabelSelector | null | undefined, path: string, noun: string): FieldError[] {
  if (!selector) return [required(path)];
  const errs = validateLabelSelector(selector, path);
  if (selectsEverything(selector)) errs.push(invalid(path, goLabelSelector(selector), `empty selector is invalid for ${noun}`));
  return errs;
}

/** `selector` does not match template `labels`, unless the selector selects everything. */
export function validateTemplateMatches(selector: LabelSelector | null | undefined, labels: Record<string, string> | undefined, path: string): FieldError[] {
  if (selectsEverything(selector) || selectorSelects(selector, labels)) return [];
  return [invalid(`${path}.metadata.labels`, goStringMap(labels), '`selector` does not match template `labels`')];
}

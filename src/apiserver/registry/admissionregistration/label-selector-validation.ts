// metav1.LabelSelector validation (operators and the values each operator allows).
import type { LabelSelector } from '../../../api/admissionregistration/v1/types.ts';
import { forbidden, invalid, notSupported, required, type FieldError } from '../../../machinery/validation/field-error.ts';
import { validateLabels } from '../../../machinery/validation/object-meta.ts';

const OPERATORS = ['In', 'NotIn', 'Exists', 'DoesNotExist'];

export function validateLabelSelector(sel: LabelSelector | undefined, path: string): FieldError[] {
  if (!sel) return [];
  const errs: FieldError[] = [...validateLabels(sel.matchLabels, `${path}.matchLabels`)];
  (sel.matchExpressions ?? []).forEach((e, i) => {
    const p = `${path}.matchExpressions[${i}]`;
    if (!e.key) errs.push(required(`${p}.key`));
    if (!OPERATORS.includes(e.operator)) errs.push(notSupported(`${p}.operator`, e.operator, OPERATORS));
    else if ((e.operator === 'In' || e.operator === 'NotIn') && !e.values?.length) errs.push(required(`${p}.values`, 'must be specified when `operator` is \'In\' or \'NotIn\''));
    else if ((e.operator === 'Exists' || e.operator === 'DoesNotExist') && e.values?.length) errs.push(forbidden(`${p}.values`, 'may not be specified when `operator` is \'Exists\' or \'DoesNotExist\''));
    if (e.values && !Array.isArray(e.values)) errs.push(invalid(`${p}.values`, String(e.values), 'must be a list'));
  });
  return errs;
}

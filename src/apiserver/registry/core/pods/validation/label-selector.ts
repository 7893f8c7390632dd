// metav1.LabelSelector as pod validation checks it (ValidateLabelSelector): matchLabels are
// labels, and each expression has an operator its values suit, a label-name key and label values.
import type { LabelSelector } from '../../../../../api/meta/v1/types.ts';
import { forbidden, invalid, required, type FieldError } from '../../../../../machinery/validation/field-error.ts';
import { isValidLabelValue } from '../../../../../machinery/validation/names.ts';
import { validateLabels } from '../../../../../machinery/validation/object-meta.ts';
import { qualifiedName } from './checks.ts';

export function validateLabelSelector(selector: LabelSelector | undefined, path: string): FieldError[] {
  if (!selector) return [];
  const errs = validateLabels(selector.matchLabels, `${path}.matchLabels`);
  (selector.matchExpressions ?? []).forEach((req, i) => {
    const at = `${path}.matchExpressions[${i}]`;
    const values = req.values ?? [];
    switch (req.operator) {
      case 'In':
      case 'NotIn':
        if (!values.length) errs.push(required(`${at}.values`, "must be specified when `operator` is 'In' or 'NotIn'"));
        break;
      case 'Exists':
      case 'DoesNotExist':
        if (values.length) errs.push(forbidden(`${at}.values`, "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
        break;
      default:
        errs.push(invalid(`${at}.operator`, req.operator, 'not a valid selector operator'));
    }
    errs.push(...qualifiedName(req.key, `${at}.key`));
    values.forEach((v, j) => errs.push(...isValidLabelValue(v).map((msg) => invalid(`${at}.values[${j}]`, v, msg))));
  });
  return errs;
}

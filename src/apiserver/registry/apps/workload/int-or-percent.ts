// Rolling update bounds (maxUnavailable, maxSurge): a non-negative integer or a percentage,
// checked and read as apps validation does (ValidatePositiveIntOrPercent, getIntOrPercentValue,
// IsNotMoreThan100Percent).
import type { IntOrString } from '../../../../api/apps/v1/types.ts';
import { invalid, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { regexError } from '../../../../machinery/validation/names.ts';
import { goIntOrString } from './go-values.ts';

const PERCENT = /^[0-9]+%$/;
const PERCENT_ERROR = regexError("a valid percent string must be a numeric string followed by an ending '%'", '[0-9]+%', '1%', '93%');

export function validatePositiveIntOrPercent(value: IntOrString | undefined, path: string): FieldError[] {
  if (typeof value === 'string') return PERCENT.test(value) ? [] : [invalid(path, goIntOrString(value), PERCENT_ERROR)];
  return (value ?? 0) < 0 ? [invalid(path, value!, 'must be greater than or equal to 0')] : [];
}

function percentOf(value: IntOrString | undefined): number | undefined {
  return typeof value === 'string' && PERCENT.test(value) ? Number(value.slice(0, -1)) : undefined;
}

/** The number a bound stands for, percent or not; a string that is neither reads as 0 (IntValue). */
export function intOrPercentValue(value: IntOrString | undefined): number {
  const percent = percentOf(value);
  if (percent !== undefined) return percent;
  if (typeof value === 'string') return /^[+-]?[0-9]+$/.test(value) ? Number(value) : 0;
  return value ?? 0;
}

export function notMoreThan100Percent(value: IntOrString | undefined, path: string): FieldError[] {
  const percent = percentOf(value);
  return percent !== undefined && percent > 100 ? [invalid(path, goIntOrString(value), 'must not be greater than 100%')] : [];
}

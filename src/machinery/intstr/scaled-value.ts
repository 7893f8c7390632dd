// An int-or-string bound read against a total, as Kubernetes' intstr.GetScaledValueFromIntOrPercent
// reads it: a number stands for itself, "N%" for N percent of the total rounded up or down, and any
// other string is an error (controllers act on these to size rollouts and budgets).
import type { IntOrString } from '../../api/apps/v1/types.ts';

/** The value of `bound` against `total`; throws for a missing bound or a string that is not a percentage. */
export function scaledValueFromIntOrPercent(bound: IntOrString | undefined | null, total: number, roundUp: boolean): number {
  if (bound === undefined || bound === null) throw new Error('nil value for IntOrString');
  if (typeof bound === 'number') return bound;
  if (!bound.endsWith('%')) throw new Error('invalid value for IntOrString: invalid type: string is not a percentage');
  const digits = bound.slice(0, -1);
  if (!/^[+-]?[0-9]+$/.test(digits)) throw new Error(`invalid value for IntOrString: invalid value ${JSON.stringify(digits)}: strconv.Atoi: parsing ${JSON.stringify(digits)}: invalid syntax`);
  const share = (Number(digits) * total) / 100;
  return roundUp ? Math.ceil(share) : Math.floor(share);
}

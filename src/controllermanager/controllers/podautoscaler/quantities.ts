// Quantities as the autoscaler computes with them: milli-units as numbers (exact below 2^53, which
// holds petabytes in millibytes), and back to the canonical string of a milli quantity.
import { canonicalQuantity, parseQuantity, scaledValue } from '../../../machinery/quantity/quantity.ts';

/** Go's MilliValue: rounded up to the next milli-unit. */
export function milliValue(quantity: string): number {
  return Number(scaledValue(parseQuantity(quantity), -3));
}

/** Go's resource.NewMilliQuantity(value, DecimalSI).String(). */
export function milliQuantity(milli: number): string {
  return canonicalQuantity({ unscaled: BigInt(Math.trunc(milli)), scale: -3, format: 'DecimalSI', small: true });
}

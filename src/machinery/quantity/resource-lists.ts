// Arithmetic over resource lists (name → quantity string) as Kubernetes' quota helpers and
// resource.Quantity do it: exact sums and differences, comparisons by value, and results written
// in the canonical form Go prints (a value copied unchanged keeps its string).
import type { ResourceList } from '../../api/core/v1/policy-types.ts';
import { canonicalQuantity, compareQuantities, parseQuantity, type Quantity } from './quantity.ts';

const pow10 = (n: number) => 10n ** BigInt(n);

function combine(a: Quantity, b: Quantity, sign: 1n | -1n): Quantity {
  const scale = Math.min(a.scale, b.scale);
  const unscaled = a.unscaled * pow10(a.scale - scale) + sign * b.unscaled * pow10(b.scale - scale);
  // Go keeps the receiver's format, unless the receiver was zero.
  return { unscaled, scale, format: a.unscaled === 0n ? b.format : a.format, small: true };
}

export function addQuantity(a: string, b: string): string {
  return canonicalQuantity(combine(parseQuantity(a), parseQuantity(b), 1n));
}

export function subtractQuantity(a: string, b: string): string {
  return canonicalQuantity(combine(parseQuantity(a), parseQuantity(b), -1n));
}

/** -1, 0 or 1 as `a` is less than, equal to or greater than `b`. */
export function compareQuantity(a: string, b: string): number {
  return compareQuantities(parseQuantity(a), parseQuantity(b));
}

export function signOf(q: string): number {
  const v = parseQuantity(q).unscaled;
  return v > 0n ? 1 : v < 0n ? -1 : 0;
}

/** quota.Add: every name of either list, summed where both have it. */
export function addLists(a: ResourceList, b: ResourceList): ResourceList {
  const out: ResourceList = { ...a };
  for (const [name, value] of Object.entries(b)) out[name] = name in a ? addQuantity(a[name]!, value) : value;
  return out;
}

/** Adds `more` into `into` in place (the pod resource helpers' addResourceList). */
export function addInto(into: ResourceList, more: ResourceList | undefined): void {
  for (const [name, value] of Object.entries(more ?? {})) into[name] = name in into ? addQuantity(into[name]!, value) : value;
}

/** Raises each of `into`'s entries to `other`'s where that is greater, adding missing names (maxResourceList). */
export function maxInto(into: ResourceList, other: ResourceList): void {
  for (const [name, value] of Object.entries(other)) {
    if (!(name in into) || compareQuantity(value, into[name]!) > 0) into[name] = value;
  }
}

/** quota.SubtractWithNonNegativeResult: a − b for every name of either list, never below zero. */
export function subtractNonNegative(a: ResourceList, b: ResourceList): ResourceList {
  const out: ResourceList = {};
  for (const [name, value] of Object.entries(a)) {
    const diff = name in b ? subtractQuantity(value, b[name]!) : value;
    out[name] = signOf(diff) > 0 ? diff : '0';
  }
  for (const name of Object.keys(b)) if (!(name in out)) out[name] = '0';
  return out;
}

/** quota.Mask: only the named entries. */
export function maskList(list: ResourceList, names: Iterable<string>): ResourceList {
  const out: ResourceList = {};
  for (const name of names) if (name in list) out[name] = list[name]!;
  return out;
}

/** quota.LessThanOrEqual: the names both lists have where `a` exceeds `b`. */
export function exceededNames(a: ResourceList, b: ResourceList): string[] {
  return Object.keys(b).filter((name) => name in a && compareQuantity(a[name]!, b[name]!) > 0);
}

export const isZeroList = (list: ResourceList) => Object.values(list).every((v) => signOf(v) === 0);
export const negativeNames = (list: ResourceList) => Object.keys(list).filter((name) => signOf(list[name]!) < 0);

/** quota.Equals: the same names with equal values. */
export function equalLists(a: ResourceList, b: ResourceList): boolean {
  const names = Object.keys(a);
  if (names.length !== Object.keys(b).length) return false;
  return names.every((name) => name in b && compareQuantity(a[name]!, b[name]!) === 0);
}

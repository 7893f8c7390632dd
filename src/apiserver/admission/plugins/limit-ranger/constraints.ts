// The checks a limit range makes of a request and a limit for one resource, with Kubernetes'
// messages. Values are compared in thousandths, rounded up, as Kubernetes compares them (in whole
// units for values too large for that).
import type { ResourceList } from '../../../../api/core/v1/policy-types.ts';
import { parseQuantity, quantityString, scaledValue } from '../../../../machinery/quantity/quantity.ts';

const MAX_MILLI_VALUE = (2n ** 63n - 1n) / 1000n;

const shown = (q: string) => quantityString(parseQuantity(q));

/** The values compared: in thousandths when none of them is too large for that, else whole units. */
function comparable(...quantities: (string | undefined)[]): bigint[] {
  const parsed = quantities.map((q) => (q === undefined ? undefined : parseQuantity(q)));
  const whole = parsed.map((q) => (q ? scaledValue(q, 0) : 0n));
  if (whole.every((v) => v <= MAX_MILLI_VALUE)) return parsed.map((q) => (q ? scaledValue(q, -3) : 0n));
  return whole;
}

export function minConstraint(type: string, name: string, enforced: string, requests: ResourceList, limits: ResourceList): string | undefined {
  const req = requests[name];
  const lim = limits[name];
  const [r, l, e] = comparable(req, lim, enforced) as [bigint, bigint, bigint];
  if (req === undefined) return `minimum ${name} usage per ${type} is ${shown(enforced)}.  No request is specified`;
  if (r < e) return `minimum ${name} usage per ${type} is ${shown(enforced)}, but request is ${shown(req)}`;
  if (lim !== undefined && l < e) return `minimum ${name} usage per ${type} is ${shown(enforced)}, but limit is ${shown(lim)}`;
  return undefined;
}

/** For kinds without limits (claims): the request may not exceed the maximum. */
export function maxRequestConstraint(type: string, name: string, enforced: string, requests: ResourceList): string | undefined {
  const req = requests[name];
  const [r, , e] = comparable(req, undefined, enforced) as [bigint, bigint, bigint];
  if (req === undefined) return `maximum ${name} usage per ${type} is ${shown(enforced)}.  No request is specified`;
  if (r > e) return `maximum ${name} usage per ${type} is ${shown(enforced)}, but request is ${shown(req)}`;
  return undefined;
}

export function maxConstraint(type: string, name: string, enforced: string, requests: ResourceList, limits: ResourceList): string | undefined {
  const req = requests[name];
  const lim = limits[name];
  const [r, l, e] = comparable(req, lim, enforced) as [bigint, bigint, bigint];
  if (lim === undefined) return `maximum ${name} usage per ${type} is ${shown(enforced)}.  No limit is specified`;
  if (l > e) return `maximum ${name} usage per ${type} is ${shown(enforced)}, but limit is ${shown(lim)}`;
  if (req !== undefined && r > e) return `maximum ${name} usage per ${type} is ${shown(enforced)}, but request is ${shown(req)}`;
  return undefined;
}

export function limitRequestRatioConstraint(type: string, name: string, enforced: string, requests: ResourceList, limits: ResourceList): string | undefined {
  const req = requests[name];
  const lim = limits[name];
  const [r, l] = comparable(req, lim, enforced) as [bigint, bigint, bigint];
  if (req === undefined || r === 0n) return `${name} max limit to request ratio per ${type} is ${shown(enforced)}, but no request is specified or request is 0`;
  if (lim === undefined || l === 0n) return `${name} max limit to request ratio per ${type} is ${shown(enforced)}, but no limit is specified or limit is 0`;
  const observed = Number(l) / Number(r);
  const max = parseQuantity(enforced);
  const wholeMax = scaledValue(max, 0);
  const [scaledObserved, scaledMax] = wholeMax <= MAX_MILLI_VALUE ? [observed * 1000, Number(scaledValue(max, -3))] : [observed, Number(wholeMax)];
  if (scaledObserved > scaledMax) return `${name} max limit to request ratio per ${type} is ${shown(enforced)}, but provided ratio is ${observed.toFixed(6)}`;
  return undefined;
}

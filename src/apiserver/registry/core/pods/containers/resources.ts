// A container's resources as Kubernetes validates them (ValidateContainerResourceRequirements and
// validateResizePolicy): container resource names, non-negative quantities (whole for extended
// resources), requests no larger than limits and equal to them for resources that cannot be
// overcommitted, hugepages in whole pages and only beside cpu or memory, claims that name the
// pod's resource claims once, and resize policies for cpu and memory. Keys are checked in sorted
// order, where Go's map order is random.
import type { ContainerResizePolicy, ResourceClaim, ResourceRequirements } from '../../../../../api/core/v1/container-types.ts';
import type { ResourceList } from '../../../../../api/core/v1/policy-types.ts';
import { compareQuantities, parseQuantity, quantityString, scaledValue, QuantityParseError, type Quantity } from '../../../../../machinery/quantity/quantity.ts';
import { duplicate, forbidden, invalid, notSupported, required, type FieldError } from '../../../../../machinery/validation/field-error.ts';
import { isDNS1123Label } from '../../../../../machinery/validation/names.ts';
import { child, index, key } from '../../../../../machinery/validation/path.ts';
import { validateResourceQuantityValue } from '../../quantity-errors.ts';
import { isHugePageResourceName, isOvercommitAllowed, validateContainerResourceName } from '../../resource-names.ts';

const QOS_COMPUTE = new Set(['cpu', 'memory']);

/** The page size a hugepages-<size> resource names, when it parses. */
function hugePageSize(name: string): Quantity | undefined {
  try {
    return parseQuantity(name.slice('hugepages-'.length));
  } catch (err) {
    if (err instanceof QuantityParseError) return undefined;
    throw err;
  }
}

/** validateResourceQuantityHugePageValue: a whole number of pages. */
function hugePageValueError(name: string, q: Quantity): string | undefined {
  if (!isHugePageResourceName(name)) return undefined;
  const size = hugePageSize(name);
  const divisible = size !== undefined && size.unscaled > 0n && scaledValue(size, -3) % 1000n === 0n && scaledValue(q, 0) % scaledValue(size, 0) === 0n;
  return divisible ? undefined : `${quantityString(q)} is not positive integer multiple of ${name}`;
}

function sortedEntries(list: ResourceList | undefined): [string, string][] {
  return Object.entries(list ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

function validateResourceClaims(claims: readonly ResourceClaim[] | undefined, podClaims: ReadonlySet<string>, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const names = new Set<string>();
  (claims ?? []).forEach((claim, i) => {
    const at = index(path, i);
    const name = claim.name ?? '';
    if (!name) {
      errs.push(required(at));
      return;
    }
    if (names.has(name)) errs.push(duplicate(at, name));
    else {
      let entry = name;
      if (claim.request) {
        errs.push(...isDNS1123Label(claim.request).map((msg) => invalid(child(at, 'request'), claim.request, msg)));
        entry += `/${claim.request}`;
      }
      if (names.has(entry)) errs.push(duplicate(at, entry));
      else if (!claim.request) {
        // The whole claim overlaps any single request of it named before.
        for (const seen of names) if (seen.includes('/') && seen.slice(0, seen.indexOf('/')) === name) errs.push(duplicate(at, name));
      }
      names.add(entry);
    }
    if (!podClaims.has(name)) {
      const known = [...podClaims].sort();
      const detail = `must be one of the names in pod.spec.resourceClaims${known.length ? `: ${known.join(', ')}` : ' which is empty'}`;
      errs.push({ type: 'FieldValueNotFound', field: at, badValue: name, detail });
    }
  });
  return errs;
}

/** ValidateContainerResourceRequirements. */
export function validateResourceRequirements(r: ResourceRequirements | undefined, podClaims: ReadonlySet<string>, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const limPath = child(path, 'limits');
  const reqPath = child(path, 'requests');
  let hasCompute = false;
  let hasHugePages = false;
  const limits = new Map<string, Quantity>();
  for (const [name, value] of sortedEntries(r?.limits)) {
    const at = key(limPath, name);
    const q = parseQuantity(value);
    limits.set(name, q);
    errs.push(...validateContainerResourceName(name, at), ...validateResourceQuantityValue(name, value, at));
    if (isHugePageResourceName(name)) {
      hasHugePages = true;
      const msg = hugePageValueError(name, q);
      if (msg) errs.push(invalid(at, quantityString(q), msg));
    }
    if (QOS_COMPUTE.has(name)) hasCompute = true;
  }
  for (const [name, value] of sortedEntries(r?.requests)) {
    const at = key(reqPath, name);
    const q = parseQuantity(value);
    errs.push(...validateContainerResourceName(name, at), ...validateResourceQuantityValue(name, value, at));
    const limit = limits.get(name);
    if (limit) {
      const cmp = compareQuantities(q, limit);
      // Kubernetes names the requests map here, not the key.
      if (cmp !== 0 && !isOvercommitAllowed(name)) errs.push(invalid(reqPath, quantityString(q), `must be equal to ${name} limit of ${quantityString(limit)}`));
      else if (cmp > 0) errs.push(invalid(reqPath, quantityString(q), `must be less than or equal to ${name} limit of ${quantityString(limit)}`));
    } else if (!isOvercommitAllowed(name)) {
      errs.push(required(limPath, 'Limit must be set for non overcommitable resources'));
    }
    if (isHugePageResourceName(name)) {
      hasHugePages = true;
      const msg = hugePageValueError(name, q);
      if (msg) errs.push(invalid(at, quantityString(q), msg));
    }
    if (QOS_COMPUTE.has(name)) hasCompute = true;
  }
  if (hasHugePages && !hasCompute) errs.push(forbidden(path, 'HugePages require cpu or memory'));
  errs.push(...validateResourceClaims(r?.claims, podClaims, child(path, 'claims')));
  return errs;
}

const RESIZE_RESOURCES = ['cpu', 'memory'];
const RESIZE_POLICIES = ['NotRequired', 'RestartContainer'];

/** validateResizePolicy; most errors name the list, as Kubernetes does. */
export function validateResizePolicy(policies: readonly ContainerResizePolicy[] | undefined, path: string, podRestartPolicy: string): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  (policies ?? []).forEach((p, i) => {
    const resource = p.resourceName ?? '';
    const policy = p.restartPolicy ?? '';
    if (seen.has(resource)) errs.push(duplicate(index(path, i), resource));
    seen.add(resource);
    if (!resource) errs.push(required(path));
    else if (!RESIZE_RESOURCES.includes(resource)) errs.push(notSupported(path, resource, RESIZE_RESOURCES));
    if (!policy) errs.push(required(path));
    else if (!RESIZE_POLICIES.includes(policy)) errs.push(notSupported(path, policy, RESIZE_POLICIES));
    if (podRestartPolicy === 'Never' && policy !== 'NotRequired') {
      errs.push(invalid(path, policy, "must be 'NotRequired' when pod `restartPolicy` is 'Never'"));
    }
  });
  return errs;
}

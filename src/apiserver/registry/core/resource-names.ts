// Kubernetes' rules for resource names in quotas, limit ranges and container resources
// (pkg/apis/core/helper): which names are standard, which count whole objects, which may be
// overcommitted, and the field errors for a name that is none of these. `orch.io/` stands where
// Kubernetes writes `kubernetes.io/` for its native prefixed resources.
import { invalid, type FieldError } from '../../../machinery/validation/field-error.ts';
import { isQualifiedName } from '../../../machinery/validation/names.ts';
import { isExtendedResourceName, isHugePageResourceName, isNativeResource } from '../../../machinery/quota/resource-names.ts';

export { isExtendedResourceName, isHugePageResourceName, isNativeResource };

const HUGEPAGES_PREFIX = 'hugepages-';
const REQUESTS_PREFIX = 'requests.';

const STANDARD_CONTAINER = new Set(['cpu', 'memory', 'ephemeral-storage']);

const STANDARD = new Set([
  'cpu', 'memory', 'ephemeral-storage', 'requests.cpu', 'requests.memory', 'requests.ephemeral-storage',
  'limits.cpu', 'limits.memory', 'limits.ephemeral-storage', 'pods', 'services', 'replicationcontrollers',
  'resourcequotas', 'secrets', 'configmaps', 'persistentvolumeclaims', 'storage', 'requests.storage',
  'services.nodeports', 'services.loadbalancers',
]);

const STANDARD_QUOTA = new Set([
  'cpu', 'memory', 'ephemeral-storage', 'requests.cpu', 'requests.memory', 'requests.storage', 'requests.ephemeral-storage',
  'limits.cpu', 'limits.memory', 'limits.ephemeral-storage', 'pods', 'services', 'replicationcontrollers', 'resourcequotas',
  'secrets', 'persistentvolumeclaims', 'configmaps', 'services.nodeports', 'services.loadbalancers',
]);

/** Resources counted in whole objects: their quantities must be integers. */
const INTEGER = new Set([
  'pods', 'services', 'replicationcontrollers', 'resourcequotas', 'secrets', 'configmaps', 'persistentvolumeclaims',
  'services.nodeports', 'services.loadbalancers',
]);

export const STANDARD_LIMIT_TYPES = new Set(['Pod', 'Container', 'PersistentVolumeClaim']);

const isQuotaHugePageResourceName = (name: string) => name.startsWith(HUGEPAGES_PREFIX) || name.startsWith(`${REQUESTS_PREFIX}${HUGEPAGES_PREFIX}`);

export const isStandardResourceName = (name: string) => STANDARD.has(name) || isQuotaHugePageResourceName(name);
export const isStandardContainerResourceName = (name: string) => STANDARD_CONTAINER.has(name) || isHugePageResourceName(name);
export const isStandardQuotaResourceName = (name: string) => STANDARD_QUOTA.has(name) || isQuotaHugePageResourceName(name);
export const isIntegerResourceName = (name: string) => INTEGER.has(name) || isExtendedResourceName(name);
export const isOvercommitAllowed = (name: string) => isNativeResource(name) && !isHugePageResourceName(name);

/** validateResourceName: a qualified name, standard when it has no prefix. */
export function validateResourceName(name: string, path: string): FieldError[] {
  const errs = isQualifiedName(name).map((msg) => invalid(path, name, msg));
  if (errs.length) return errs;
  if (!name.includes('/') && !isStandardResourceName(name)) errs.push(invalid(path, name, 'must be a standard resource type or fully qualified'));
  return errs;
}

/** validateContainerResourceName: also one a container may ask for. */
export function validateContainerResourceName(name: string, path: string): FieldError[] {
  const errs = validateResourceName(name, path);
  if (!name.includes('/')) {
    if (!isStandardContainerResourceName(name)) errs.push(invalid(path, name, 'must be a standard resource for containers'));
  } else if (!isNativeResource(name) && !isExtendedResourceName(name)) {
    errs.push(invalid(path, name, "doesn't follow extended resource name standard"));
  }
  return errs;
}

/** ValidateResourceQuotaResourceName: also one a quota may limit. */
export function validateQuotaResourceName(name: string, path: string): FieldError[] {
  const errs = validateResourceName(name, path);
  if (!name.includes('/') && !isStandardQuotaResourceName(name)) errs.push(invalid(path, name, 'must be a standard resource for quota'));
  return errs;
}

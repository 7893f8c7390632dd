// What kind of resource a name in a resource list is, as Kubernetes' core helpers tell them apart:
// native (unprefixed, or under orch.io/ where Kubernetes writes kubernetes.io/), huge pages, or a
// vendor's extended resource (example.com/gpu). Quota counting and the server's validation both
// ask these.
import { isQualifiedName } from '../validation/names.ts';

const NATIVE_PREFIX = 'orch.io/';
const HUGEPAGES_PREFIX = 'hugepages-';
const REQUESTS_PREFIX = 'requests.';

export const isHugePageResourceName = (name: string) => name.startsWith(HUGEPAGES_PREFIX);

export const isNativeResource = (name: string) => !name.includes('/') || name.includes(NATIVE_PREFIX);

/** A vendor resource such as example.com/gpu: never overcommitted, counted in integers. */
export function isExtendedResourceName(name: string): boolean {
  if (isNativeResource(name) || name.startsWith(REQUESTS_PREFIX)) return false;
  return isQualifiedName(`${REQUESTS_PREFIX}${name}`).length === 0;
}

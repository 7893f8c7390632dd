// networking.orch.io/v1 IPAddress, the record of one allocated service IP: named by the address
// in canonical form and stored under its own key, so storage's create-if-absent makes the address
// unique across every API server without a lock. Labelled as Kubernetes' allocator labels them.
import { randomUUID } from 'node:crypto';
import type { ObjectMeta } from '../../../../../api/meta/v1/types.ts';
import { nowTime } from '../../../../../api/meta/v1/time.ts';
import type { GroupResourceName } from '../../../../../storage/keys.ts';
import { storageKey, storagePrefix } from '../../../../../storage/keys.ts';
import { REGISTRY_PREFIX } from '../../../generic/keys.ts';
import type { IPFamily } from '../../../../../machinery/net/ip-address.ts';

export const IPADDRESS_RESOURCE: GroupResourceName = { group: 'networking.orch.io', resource: 'ipaddresses' };
export const IP_FAMILY_LABEL = 'ipaddress.orch.io/ip-family';
export const MANAGED_BY_LABEL = 'ipaddress.orch.io/managed-by';
/** Kubernetes' ipallocator.k8s.io. */
export const IP_ALLOCATOR_NAME = 'ipallocator.orch.io';

export interface ParentReference {
  group: string;
  resource: string;
  namespace: string;
  name: string;
}

export interface IPAddress {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec: { parentRef: ParentReference };
  [field: string]: unknown;
}

export function serviceRef(namespace: string, name: string): ParentReference {
  return { group: '', resource: 'services', namespace, name };
}

export function newIPAddress(name: string, family: IPFamily, parent: ParentReference, now = new Date()): IPAddress {
  return {
    apiVersion: 'networking.orch.io/v1',
    kind: 'IPAddress',
    metadata: {
      name,
      uid: randomUUID(),
      creationTimestamp: nowTime(now),
      labels: { [IP_FAMILY_LABEL]: family, [MANAGED_BY_LABEL]: IP_ALLOCATOR_NAME },
    },
    spec: { parentRef: parent },
  };
}

export function ipAddressKey(name: string): string {
  return storageKey(REGISTRY_PREFIX, IPADDRESS_RESOURCE, '', name);
}

export const IPADDRESS_PREFIX = storagePrefix(REGISTRY_PREFIX, IPADDRESS_RESOURCE);

export function isManagedByAllocator(ip: IPAddress): boolean {
  return ip.metadata.labels?.[MANAGED_BY_LABEL] === IP_ALLOCATOR_NAME;
}

/** The service the address was given to, or undefined when it names something else. */
export function parentService(ip: IPAddress): { namespace: string; name: string } | undefined {
  const ref = ip.spec?.parentRef;
  if (!ref || ref.group !== '' || ref.resource !== 'services') return undefined;
  return { namespace: ref.namespace, name: ref.name };
}

// The cluster IP repair, Kubernetes' RepairIPAddress as one pass over both lists: every service's
// cluster IP gets its IPAddress when it has none (a write lost to a crash, or a store restored from
// an older copy), one naming the wrong owner is made again; every IPAddress of this allocator whose
// service is gone, or no longer holds it, is deleted once it is older than the grace period, since
// a create on another API server may have taken the address without having stored its service yet.
// The IPAddresses are listed before the services, so one old enough to be judged had its service
// stored, if ever, before the services were listed.
import type { Service } from '../../../../../api/core/v1/service-types.ts';
import { klog } from '../../../../../component-base/logs/klog.ts';
import { timeToDate } from '../../../../../api/meta/v1/time.ts';
import { isStorageError, type Store } from '../../../../../storage/interface.ts';
import { heldBy } from './cluster-ips.ts';
import { formatIP, parseIP } from '../../../../../machinery/net/ip-address.ts';
import {
  IP_FAMILY_LABEL,
  IPADDRESS_PREFIX,
  ipAddressKey,
  isManagedByAllocator,
  newIPAddress,
  parentService,
  serviceRef,
  type IPAddress,
} from './ipaddress-object.ts';
import { rangeContains, type ServiceIPRange } from './service-cidr.ts';

const log = klog('registry/services/ipallocator-repair');

export interface IPRepairOptions {
  ipStore: Store<IPAddress>;
  serviceStore: Store<Service>;
  /** The prefix of every service's key. */
  servicesPrefix: string;
  /** The configured ranges: an address outside them is reported, not repaired. */
  ranges: readonly ServiceIPRange[];
  /** How old an IPAddress without its service must be before it counts as leaked. */
  graceMs: number;
  now?: () => number;
}

export interface RepairOutcome {
  /** When a pass should run again to judge addresses too young to judge now (ms since the epoch). */
  recheckAt?: number;
}

const key = (namespace: string, name: string) => `${namespace}/${name}`;

export async function repairClusterIPs(opts: IPRepairOptions): Promise<RepairOutcome> {
  const now = opts.now ?? Date.now;
  const addresses = (await opts.ipStore.list(IPADDRESS_PREFIX, { recursive: true })).items;
  const services = (await opts.serviceStore.list(opts.servicesPrefix, { recursive: true })).items;
  const byKey = new Map(services.map((s) => [key(s.metadata.namespace ?? '', s.metadata.name ?? ''), s]));
  const byName = new Map(addresses.map((a) => [a.metadata.name ?? '', a]));

  for (const svc of services) await repairService(opts, svc, byKey, byName);

  let recheckAt: number | undefined;
  for (const address of addresses) {
    if (!isManagedByAllocator(address)) continue;
    const name = address.metadata.name ?? '';
    const parent = parentService(address);
    const owner = parent && byKey.get(key(parent.namespace, parent.name));
    const holds = owner && heldBy(owner).some((h) => canonical(h.ip) === name);
    if (holds) continue;
    // creationTimestamp holds whole seconds: the second it names may have just begun.
    const created = (timeToDate(address.metadata.creationTimestamp)?.getTime() ?? 0) + 1000;
    const expires = created + opts.graceMs;
    if (parent && now() < expires) {
      recheckAt = Math.min(recheckAt ?? expires, expires);
      continue;
    }
    log.warning('IPAddress appears to have leaked: cleaning up', { ip: name, service: parent ? key(parent.namespace, parent.name) : '<none>' });
    await deleteIfUnchanged(opts.ipStore, address);
  }
  return { recheckAt };
}

function canonical(ip: string): string {
  const parsed = parseIP(ip);
  return parsed ? formatIP(parsed) : ip;
}

async function repairService(opts: IPRepairOptions, svc: Service, byKey: Map<string, Service>, byName: Map<string, IPAddress>): Promise<void> {
  const namespace = svc.metadata.namespace ?? '';
  const name = svc.metadata.name ?? '';
  for (const { family, ip } of heldBy(svc)) {
    const parsed = parseIP(ip)!;
    if (!opts.ranges.some((r) => rangeContains(r, parsed.family, parsed.value))) {
      log.warning('Cluster IP is not within any configured service CIDR; please recreate the service', { service: key(namespace, name), family, ip });
      continue;
    }
    const addressName = formatIP(parsed);
    const address = byName.get(addressName);
    if (!address) {
      log.warning('Cluster IP is not allocated; repairing', { service: key(namespace, name), family, ip });
      await createAddress(opts.ipStore, addressName, svc);
      continue;
    }
    const parent = parentService(address);
    const labelsRight = isManagedByAllocator(address) && address.metadata.labels?.[IP_FAMILY_LABEL] === family;
    if (parent && (parent.namespace !== namespace || parent.name !== name)) {
      const other = byKey.get(key(parent.namespace, parent.name));
      if (other && heldBy(other).some((h) => canonical(h.ip) === addressName)) {
        log.error('Cluster IP was assigned to multiple services; please recreate the service', { service: key(namespace, name), other: key(parent.namespace, parent.name), ip });
        continue;
      }
    }
    if (!parent || parent.namespace !== namespace || parent.name !== name || !labelsRight) {
      log.warning('Cluster IP has a wrong reference; repairing', { service: key(namespace, name), ip });
      await deleteIfUnchanged(opts.ipStore, address);
      await createAddress(opts.ipStore, addressName, svc);
    }
  }
}

async function createAddress(store: Store<IPAddress>, name: string, svc: Service): Promise<void> {
  const family = parseIP(name)!.family;
  try {
    await store.create(ipAddressKey(name), newIPAddress(name, family, serviceRef(svc.metadata.namespace ?? '', svc.metadata.name ?? '')));
  } catch (err) {
    // Taken meanwhile (another API server's repair, or a new allocation): the next pass judges it.
    if (!isStorageError(err, 'KeyExists')) throw err;
  }
}

/** Deletes the IPAddress as it was listed; one deleted or made again meanwhile is left alone. */
async function deleteIfUnchanged(store: Store<IPAddress>, address: IPAddress): Promise<void> {
  try {
    await store.delete(ipAddressKey(address.metadata.name ?? ''), { preconditions: { uid: address.metadata.uid } });
  } catch (err) {
    if (isStorageError(err, 'NotFound') || isStorageError(err, 'Conflict')) return;
    throw err;
  }
}

// One sync of the service-cidr controller (Kubernetes' servicecidrs controller): a live
// ServiceCIDR gets the protection finalizer and the Ready condition; one being deleted keeps its
// finalizer, with Ready False (Terminating), while an IPAddress of the API server's allocator in
// its ranges has no other ServiceCIDR to fall in, and loses it once none is left and ten seconds
// have passed since the deletion began, so that every allocator has stopped using the range.
import type { IPAddress, ServiceCIDR } from '../../../api/networking/v1/types.ts';
import type { Clock } from '../../../client/clock/clock.ts';
import type { Indexer } from '../../../client/cache/store.ts';
import type { EventRecorder } from '../../../client/record/index.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import { containingAddress, containingPrefix, parsePrefix } from './prefixes.ts';

const log = klog('controllermanager/servicecidrs');

export const SERVICE_CIDR_FINALIZER = 'networking.orch.io/service-cidr-finalizer';
/** How long a deleted range stays protected after its deletion began. */
export const DELETION_GRACE_MS = 10_000;
export const READY_MESSAGE = 'orch Service CIDR is ready';
export const TERMINATING_MESSAGE = 'There are still IPAddresses referencing the ServiceCIDR, please remove them or create a new ServiceCIDR';
/** Labels the API server's allocator puts on the IPAddresses it makes. */
export const IP_FAMILY_LABEL = 'ipaddress.orch.io/ip-family';
export const IP_MANAGED_BY_LABEL = 'ipaddress.orch.io/managed-by';
export const IP_ALLOCATOR = 'ipallocator.orch.io';

export interface ServiceCIDRApi {
  /** Server-side apply of the Ready condition to /status, forced, as this controller's manager. */
  applyReady(name: string, status: 'True' | 'False', reason: string | undefined, message: string): Promise<void>;
  addFinalizer(name: string): Promise<void>;
  removeFinalizer(name: string): Promise<void>;
}

export interface ServiceCIDRSyncDeps {
  serviceCIDRs: Indexer<ServiceCIDR>;
  ipAddresses: Indexer<IPAddress>;
  api: ServiceCIDRApi;
  recorder: EventRecorder;
  clock: Clock;
  /** Looks at the ServiceCIDR again after ms. */
  requeueAfter(name: string, ms: number): void;
}

const isAllocated = (ip: IPAddress) => ip.metadata.labels?.[IP_MANAGED_BY_LABEL] === IP_ALLOCATOR;

/** The ServiceCIDRs whose deletion an allocated IPAddress may block or free. */
export function serviceCIDRsHolding(all: readonly ServiceCIDR[], ip: IPAddress): string[] {
  if (!isAllocated(ip)) return [];
  return containingAddress(all, ip.metadata.name ?? '').map((sc) => sc.metadata.name ?? '');
}

/** Whether deleting the ServiceCIDR leaves no allocated address outside every other one. */
export function canDelete(all: readonly ServiceCIDR[], ips: readonly IPAddress[], sc: ServiceCIDR): boolean {
  const name = sc.metadata.name;
  let hasParent = true;
  for (const cidr of sc.spec?.cidrs ?? []) {
    const prefix = parsePrefix(cidr);
    if (!prefix) continue;
    const holders = containingPrefix(all, prefix);
    if (holders.length === 0 || (holders.length === 1 && holders[0]!.metadata.name === name)) hasParent = false;
  }
  if (hasParent) {
    log.info('Deleting ServiceCIDR contained in other ServiceCIDR', { serviceCIDR: name });
    return true;
  }
  for (const cidr of sc.spec?.cidrs ?? []) {
    const family = parsePrefix(cidr)?.v6 ? 'IPv6' : 'IPv4';
    for (const ip of ips) {
      if (!isAllocated(ip) || ip.metadata.labels?.[IP_FAMILY_LABEL] !== family) continue;
      const holders = containingAddress(all, ip.metadata.name ?? '');
      if (holders.length === 1 && holders[0]!.metadata.name === name) {
        log.info('Deleting ServiceCIDR blocked by IP address', { serviceCIDR: name, ipAddress: ip.metadata.name });
        return false;
      }
    }
  }
  log.info('Deleting ServiceCIDR no longer have orphan IPs', { serviceCIDR: name });
  return true;
}

export async function syncServiceCIDR(deps: ServiceCIDRSyncDeps, name: string): Promise<void> {
  const sc = deps.serviceCIDRs.get(name);
  if (!sc) return;
  const all = deps.serviceCIDRs.list();
  if (sc.metadata.deletionTimestamp) {
    if (!canDelete(all, deps.ipAddresses.list(), sc)) {
      const ready = sc.status?.conditions?.find((c) => c.type === 'Ready');
      if (ready?.status !== 'False' || ready.reason !== 'Terminating') await deps.api.applyReady(name, 'False', 'Terminating', TERMINATING_MESSAGE);
      return;
    }
    const left = DELETION_GRACE_MS - (deps.clock.now() - Date.parse(sc.metadata.deletionTimestamp));
    if (left > 0) {
      deps.requeueAfter(name, left);
      return;
    }
    if (sc.metadata.finalizers?.includes(SERVICE_CIDR_FINALIZER)) await deps.api.removeFinalizer(name);
    return;
  }
  if (!sc.metadata.finalizers?.includes(SERVICE_CIDR_FINALIZER)) await deps.api.addFinalizer(name);
  const ready = sc.status?.conditions?.find((c) => c.type === 'Ready');
  // Applied again only when it says something else: a new transition time each sync would be churn.
  if (ready?.status === 'True' && ready.message === READY_MESSAGE) return;
  try {
    await deps.api.applyReady(name, 'True', undefined, READY_MESSAGE);
  } catch (err) {
    log.info('error updating default ServiceCIDR status', { err: (err as Error).message });
    deps.recorder.eventf({ ...sc, apiVersion: 'networking.orch.io/v1', kind: 'ServiceCIDR' }, undefined, 'Warning', 'OrchServiceCIDRError', 'SyncServiceCIDR', 'The ServiceCIDR Status can not be set to Ready=True');
    throw err;
  }
}

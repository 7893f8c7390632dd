// The endpoint reconcilers of --endpoint-reconciler-type, which keep default/orch's Endpoints listing
// the API servers. lease (Kubernetes' default): each server renews its own lease, then sets the
// addresses to those with a live lease, sorted, leaving them alone when they are right already;
// master-count: only this server's address (the count of servers, --apiserver-count, is one here);
// none: the Endpoints are left to someone else.
import type { EndpointPort, Endpoints } from '../../../../../api/core/v1/endpoints-types.ts';
import { klog } from '../../../../../component-base/logs/klog.ts';
import { isAlreadyExists, isNotFound } from '../../../../../machinery/status.ts';
import type { InstalledResource } from '../../../generic/context.ts';
import { createObject } from '../../../generic/create.ts';
import { getObject } from '../../../generic/get.ts';
import { updateObject } from '../../../generic/update.ts';
import type { MasterLeases } from './master-leases.ts';

const log = klog('registry/services/orch-service');

/** Kubernetes' endpointslice.kubernetes.io/skip-mirror: the EndpointSlice of this service is not mirrored from it. */
export const SKIP_MIRROR_LABEL = 'endpointslice.orch.io/skip-mirror';

const WRITE = { dryRun: false, fieldValidation: 'Ignore' as const, fieldManager: 'orch-apiserver' };

export interface EndpointReconciler {
  /** Makes the Endpoints list this server (and, by lease, the others alive); ports are set again when reconcilePorts. */
  reconcile(serviceName: string, ip: string, ports: EndpointPort[], reconcilePorts: boolean): Promise<void>;
  /** Takes this server out; false when it held no lease. */
  remove(serviceName: string, ip: string, ports: EndpointPort[]): Promise<boolean>;
  /** No reconcile runs after this. */
  stop(): void;
}

const samePorts = (a: EndpointPort[] | undefined, b: EndpointPort[]) =>
  (a ?? []).length === b.length && b.every((p, i) => a![i]!.name === p.name && a![i]!.port === p.port && a![i]!.protocol === p.protocol && a![i]!.appProtocol === p.appProtocol);

async function getEndpoints(res: InstalledResource<Endpoints, Endpoints>, name: string): Promise<Endpoints | undefined> {
  try {
    return await getObject(res, name, 'default');
  } catch (err) {
    if (isNotFound(err)) return undefined;
    throw err;
  }
}

/** Sets default/<name> to `ips` (sorted) on `ports`, writing only when something differs. */
async function writeEndpoints(res: InstalledResource<Endpoints, Endpoints>, name: string, ips: string[], ports: EndpointPort[], reconcilePorts: boolean): Promise<void> {
  const current = await getEndpoints(res, name);
  const e: Endpoints = current ?? { apiVersion: 'v1', kind: 'Endpoints', metadata: { name, namespace: 'default' } };
  const labels = e.metadata.labels ?? {};
  const mirrorRight = labels[SKIP_MIRROR_LABEL] === 'true';
  const sub = e.subsets?.length === 1 ? e.subsets[0]! : undefined;
  const wanted = [...new Set(ips)].sort();
  const have = (sub?.addresses ?? []).map((a) => a.ip);
  const ipsRight = !!sub && have.length === wanted.length && have.every((ip) => wanted.includes(ip)) && new Set(have).size === have.length;
  const portsRight = !!sub && (!reconcilePorts || samePorts(sub.ports, ports));
  if (current && mirrorRight && ipsRight && portsRight) return;
  e.metadata.labels = { ...labels, [SKIP_MIRROR_LABEL]: 'true' };
  const subset = sub ?? { addresses: [], ports };
  if (!ipsRight) subset.addresses = wanted.map((ip) => ({ ip }));
  if (!sub || !portsRight) subset.ports = ports;
  e.subsets = [subset];
  log.warning('Resetting endpoints for the orch service', { service: name, ips: wanted.join(',') });
  if (!current) {
    try {
      await createObject(res, e, 'default', WRITE);
    } catch (err) {
      if (!isAlreadyExists(err)) throw err;
    }
    return;
  }
  await updateObject(res, name, 'default', e, WRITE);
}

export function leaseEndpointReconciler(endpoints: () => InstalledResource<Endpoints, Endpoints>, leases: MasterLeases): EndpointReconciler {
  let stopped = false;
  let chain: Promise<unknown> = Promise.resolve();
  // One pass at a time, as Kubernetes' reconcilingLock makes them.
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = chain.then(fn, fn);
    chain = next.catch(() => undefined);
    return next;
  };
  const fromLeases = async (name: string, ports: EndpointPort[], reconcilePorts: boolean) => {
    const ips = await leases.list();
    // This server just renewed its own lease: none at all means the listing is wrong, not the cluster empty.
    if (ips.length === 0) throw new Error('no API server addresses were listed in storage, refusing to erase all endpoints for the orch service');
    await writeEndpoints(endpoints(), name, ips, ports, reconcilePorts);
  };
  return {
    reconcile: (name, ip, ports, reconcilePorts) =>
      serial(async () => {
        if (stopped) return;
        await leases.update(ip);
        await fromLeases(name, ports, reconcilePorts);
      }),
    remove: (name, ip, ports) =>
      serial(async () => {
        const had = await leases.remove(ip);
        // With no server left there is nothing to list; the next server to start lists itself.
        if ((await leases.list()).length > 0) await fromLeases(name, ports, true);
        return had;
      }),
    stop() {
      stopped = true;
    },
  };
}

export function masterCountEndpointReconciler(endpoints: () => InstalledResource<Endpoints, Endpoints>): EndpointReconciler {
  let stopped = false;
  return {
    async reconcile(name, ip, ports, reconcilePorts) {
      if (!stopped) await writeEndpoints(endpoints(), name, [ip], ports, reconcilePorts);
    },
    async remove() {
      return false;
    },
    stop() {
      stopped = true;
    },
  };
}

export function noneEndpointReconciler(): EndpointReconciler {
  return { reconcile: async () => undefined, remove: async () => false, stop: () => undefined };
}

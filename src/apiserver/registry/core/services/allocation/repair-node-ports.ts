// The node port repair, as Kubernetes' portallocator repair: rebuild the bitmap from the services
// and store it with compare-and-swap against the bitmap read before the services were listed, so
// any allocation made meanwhile makes the write fail and the pass run again. A port the stored
// bitmap holds that no service uses may belong to a create still under way on some API server:
// it is kept until it has looked leaked for the grace period, then given back. The first pass
// creates the stored bitmap when there is none.
import type { Service } from '../../../../../api/core/v1/service-types.ts';
import { klog } from '../../../../../component-base/logs/klog.ts';
import { StorageError, isStorageError, type Store } from '../../../../../storage/interface.ts';
import { NODE_PORTS_KEY, bitmapOf, rangeAllocation, type RangeAllocation } from './node-port-allocator.ts';
import { needsHealthCheckNodePort } from '../allocation-facts.ts';
import { serviceNodePorts } from './node-port-plan.ts';
import { PortBitmap, type PortRange } from './port-bitmap.ts';
import type { RepairOutcome } from './repair-ips.ts';

const log = klog('registry/services/portallocator-repair');

export interface NodePortRepairOptions {
  rangeStore: Store<RangeAllocation>;
  serviceStore: Store<Service>;
  servicesPrefix: string;
  range: PortRange;
  graceMs: number;
  now?: () => number;
}

export interface NodePortRepair {
  /** One pass; rejects with Conflict when an allocation raced it (run it again). */
  runOnce(): Promise<RepairOutcome>;
}

export function nodePortRepair(opts: NodePortRepairOptions): NodePortRepair {
  const now = opts.now ?? Date.now;
  /** Port → when it was first seen held by no service. */
  const leakedSince = new Map<number, number>();

  return {
    async runOnce() {
      const stored = await opts.rangeStore.get(NODE_PORTS_KEY, { ignoreNotFound: true });
      const services = (await opts.serviceStore.list(opts.servicesPrefix, { recursive: true })).items;
      const before = stored ? bitmapOf(opts.range, stored) : new PortBitmap(opts.range);
      const rebuilt = new PortBitmap(opts.range);
      for (const svc of services) {
        const name = `${svc.metadata.namespace}/${svc.metadata.name}`;
        const ports = serviceNodePorts(svc);
        if (needsHealthCheckNodePort(svc) && (svc.spec?.healthCheckNodePort ?? 0) > 0) ports.push(svc.spec!.healthCheckNodePort!);
        for (const port of new Set(ports)) {
          if (!rebuilt.inRange(port)) {
            log.warning('Node port is not within the port range; please recreate the service', { service: name, port });
          } else if (rebuilt.has(port)) {
            log.error('Node port was assigned to multiple services; please recreate the service', { service: name, port });
          } else {
            if (!before.has(port)) log.warning('Node port is not allocated; repairing', { service: name, port });
            rebuilt.set(port);
          }
        }
      }
      let recheckAt: number | undefined;
      const t = now();
      for (let port = opts.range.base; port < opts.range.base + opts.range.size; port++) {
        if (!before.has(port) || rebuilt.has(port)) {
          leakedSince.delete(port);
          continue;
        }
        const since = leakedSince.get(port) ?? t;
        leakedSince.set(port, since);
        if (t - since < opts.graceMs) {
          rebuilt.set(port);
          recheckAt = Math.min(recheckAt ?? since + opts.graceMs, since + opts.graceMs);
        } else {
          log.warning('Node port appears to have leaked: cleaning up', { port });
          leakedSince.delete(port);
        }
      }
      const next = rangeAllocation(rebuilt, stored ? { ...stored.metadata } : { name: 'servicenodeports' });
      if (stored) {
        await opts.rangeStore.guaranteedUpdate(NODE_PORTS_KEY, {
          preconditions: { resourceVersion: stored.metadata.resourceVersion },
          tryUpdate: () => ({ object: next }),
        });
      } else {
        try {
          await opts.rangeStore.create(NODE_PORTS_KEY, next);
        } catch (err) {
          // Another API server's first pass won: run again over what it stored.
          if (isStorageError(err, 'KeyExists')) throw new StorageError('Conflict', NODE_PORTS_KEY, 'created concurrently');
          throw err;
        }
      }
      return { recheckAt };
    },
  };
}

// The services resource's allocation hook: before a write is stored, fill in the service's IP
// family fields, take its cluster IPs and node ports (or refuse it with Kubernetes' errors), and
// answer with the transaction the generic store settles: undone when the write is not stored,
// committed when it is, which gives back what the old object held and the new one does not.
// Deleting a service gives back everything it held. What a crash leaves behind between these
// steps, the repair finds and gives back (repair-*.ts).
import type { Service } from '../../../../../api/core/v1/service-types.ts';
import { klog } from '../../../../../component-base/logs/klog.ts';
import { invalidObject } from '../../../../../machinery/validation/field-error.ts';
import type { Allocation, AllocationTransaction } from '../../../generic/context.ts';
import { interpretStorageError } from '../../../generic/storage-errors.ts';
import { allocateClusterIPs, heldBy, releaseIPs, updateClusterIPs, type AllocatorsByFamily, type HeldIP } from './cluster-ips.ts';
import type { IPFamily } from '../../../../../machinery/net/ip-address.ts';
import { initIPFamilyFields } from './ip-families.ts';
import { serviceRef, type ParentReference } from './ipaddress-object.ts';
import type { NodePortAllocator } from './node-port-allocator.ts';
import { needsHealthCheckNodePort } from '../allocation-facts.ts';
import { planCreate, planUpdate, serviceNodePorts } from './node-port-plan.ts';
import { releaseNodePorts, takeNodePorts } from './node-ports.ts';
import { encodeServiceAsGo } from '../strategy.ts';

const log = klog('registry/services/allocation');

export interface ServiceAllocators {
  /** One per configured range, the primary range's family first. */
  ips: AllocatorsByFamily;
  nodePorts: NodePortAllocator;
}

interface Held {
  ips: HeldIP[];
  ports: number[];
}

/** Gives back what one service held; failures are logged, as the repair finds what they leave. */
async function giveBack(alloc: ServiceAllocators, ref: ParentReference, held: Held, why: string): Promise<void> {
  await Promise.all([
    releaseIPs(held.ips, alloc.ips, ref).catch((err: unknown) => log.error('Failed to release cluster IPs', { service: `${ref.namespace}/${ref.name}`, why, err: String(err) })),
    releaseNodePorts(held.ports, alloc.nodePorts).catch((err: unknown) => log.error('Failed to release node ports', { service: `${ref.namespace}/${ref.name}`, why, err: String(err) })),
  ]);
}

function transaction(alloc: ServiceAllocators, ref: ParentReference, taken: Held, released: Held): AllocationTransaction {
  let settled = false;
  const settle = async (held: Held, why: string) => {
    if (settled) return;
    settled = true;
    await giveBack(alloc, ref, held, why);
  };
  return {
    commit: () => settle(released, 'replaced by the stored write'),
    undo: () => settle(taken, 'the write was not stored'),
  };
}

export function serviceAllocation(alloc: ServiceAllocators): Allocation<Service> {
  const families = [...alloc.ips.keys()] as IPFamily[];
  return {
    async reserve(svc, old, dryRun) {
      const ref = serviceRef(svc.metadata.namespace ?? '', svc.metadata.name ?? '');
      const errs = initIPFamilyFields(svc, old, families);
      if (errs.length) throw invalidObject({ group: '', kind: 'Service' }, svc.metadata.name ?? '', errs);
      const taken: Held = { ips: [], ports: [] };
      const released: Held = { ips: [], ports: [] };
      try {
        if (old) {
          const ips = await updateClusterIPs(svc, old, alloc.ips, ref, dryRun);
          taken.ips = ips.taken;
          released.ips = ips.release;
          const plan = planUpdate(svc, old);
          released.ports = plan.release;
          taken.ports = await takeNodePorts(svc, plan, alloc.nodePorts, dryRun);
        } else {
          taken.ips = await allocateClusterIPs(svc, alloc.ips, ref, dryRun);
          taken.ports = await takeNodePorts(svc, planCreate(svc), alloc.nodePorts, dryRun);
        }
      } catch (err) {
        await giveBack(alloc, ref, taken, 'the allocation failed');
        // A store that cannot be reached is a 503, as for the service's own write.
        throw interpretStorageError(err, { resource: { group: '', resource: 'services' }, name: ref.name });
      }
      // What was filled in goes where Go's encoder writes it, as the strategy's own fields do.
      encodeServiceAsGo(svc);
      // A dry run holds nothing and gives nothing back.
      if (dryRun) return transaction(alloc, ref, { ips: [], ports: [] }, { ips: [], ports: [] });
      return transaction(alloc, ref, taken, released);
    },
    async release(svc) {
      const ref = serviceRef(svc.metadata.namespace ?? '', svc.metadata.name ?? '');
      const ports = serviceNodePorts(svc);
      if (needsHealthCheckNodePort(svc) && (svc.spec?.healthCheckNodePort ?? 0) > 0) ports.push(svc.spec!.healthCheckNodePort!);
      await giveBack(alloc, ref, { ips: heldBy(svc), ports }, 'the service was deleted');
    },
  };
}

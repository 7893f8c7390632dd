// A service's cluster IPs taken from and given back to the family allocators, following
// Kubernetes' allocClusterIPs and updateClusterIPs: ExternalName and headless services hold none;
// a type change away from ExternalName allocates every family, one to ExternalName gives all back;
// a single-stack service that becomes dual-stack gets its secondary, and one that drops to single
// stack gives the secondary back. Addresses asked for are honoured or refused with Kubernetes'
// 422; a dry run checks the range only and answers with the range's network address, as Kubernetes.
import type { Service } from '../../../../../api/core/v1/service-types.ts';
import { internalError } from '../../../../../machinery/status.ts';
import { invalid, invalidObject } from '../../../../../machinery/validation/field-error.ts';
import { isAllocationError } from './allocation-errors.ts';
import { familyOf, formatIP, parseIP, type IPFamily } from '../../../../../machinery/net/ip-address.ts';
import type { IPAllocator } from './ip-allocator.ts';
import { CLUSTER_IP_NONE } from '../allocation-facts.ts';
import { goSlice } from '../cluster-ip-validation.ts';
import { isUnchangedPreferDualStack } from './ip-families.ts';
import type { ParentReference } from './ipaddress-object.ts';
import { networkAddress } from './service-cidr.ts';

export interface HeldIP {
  family: IPFamily;
  ip: string;
}

const SERVICE_KIND = { group: '', kind: 'Service' };

export type AllocatorsByFamily = ReadonlyMap<IPFamily, IPAllocator>;

function holdsNoClusterIP(svc: Service): boolean {
  return svc.spec?.type === 'ExternalName' || svc.spec?.clusterIPs?.[0] === CLUSTER_IP_NONE;
}

/**
 * Takes each wanted address (empty: any free one) and answers what each family got; on a refusal
 * gives back what it took and throws. A dry run takes nothing.
 */
async function allocIPs(svc: Service, wanted: Array<{ family: IPFamily; ip: string }>, allocators: AllocatorsByFamily, ref: ParentReference, dryRun: boolean): Promise<HeldIP[]> {
  const got: HeldIP[] = [];
  try {
    for (const { family, ip } of wanted) {
      const allocator = allocators.get(family)!;
      if (ip === '') {
        if (dryRun) {
          got.push({ family, ip: networkAddress(allocator.range) });
          continue;
        }
        try {
          got.push({ family, ip: await allocator.allocateNext(ref) });
        } catch (err) {
          if (isAllocationError(err)) throw internalError(`failed to allocate a serviceIP: ${err.message}`);
          throw err;
        }
        continue;
      }
      const parsed = parseIP(ip);
      if (!parsed) throw internalError(`failed to parse service IP ${JSON.stringify(ip)}`);
      try {
        if (dryRun) allocator.checkInRange(parsed);
        else await allocator.allocate(parsed, ref);
      } catch (err) {
        if (!isAllocationError(err)) throw err;
        throw invalidObject(SERVICE_KIND, svc.metadata.name ?? '', [invalid('spec.clusterIPs', goSlice('[]string', svc.spec?.clusterIPs), `failed to allocate IP ${ip}: ${err.message}`)]);
      }
      got.push({ family, ip });
    }
  } catch (err) {
    if (!dryRun) await releaseIPs(got, allocators, ref);
    throw err;
  }
  return got;
}

/** Fills spec.clusterIPs (and clusterIP) for every family the service has; returns what was taken. */
export async function allocateClusterIPs(svc: Service, allocators: AllocatorsByFamily, ref: ParentReference, dryRun: boolean): Promise<HeldIP[]> {
  if (holdsNoClusterIP(svc)) return [];
  const spec = svc.spec!;
  const families = (spec.ipFamilies ?? []) as IPFamily[];
  const ips = (spec.clusterIPs ??= []);
  while (ips.length < families.length) ips.push('');
  const got = await allocIPs(svc, families.map((family, i) => ({ family, ip: ips[i]! })), allocators, ref, dryRun);
  got.forEach((g, i) => (ips[i] = g.ip));
  spec.clusterIP = ips[0];
  return dryRun ? [] : got;
}

/** An update's changes: what it took now and what it gives back once stored. */
export async function updateClusterIPs(svc: Service, old: Service, allocators: AllocatorsByFamily, ref: ParentReference, dryRun: boolean): Promise<{ taken: HeldIP[]; release: HeldIP[] }> {
  const none = { taken: [], release: [] };
  if (isUnchangedPreferDualStack(svc, old)) return none;
  const spec = svc.spec!;
  const oldSpec = old.spec ?? {};
  if (oldSpec.type === 'ExternalName' && spec.type !== 'ExternalName') return { taken: await allocateClusterIPs(svc, allocators, ref, dryRun), release: [] };
  if (oldSpec.clusterIPs?.[0] === CLUSTER_IP_NONE) return none;
  if (oldSpec.type !== 'ExternalName' && spec.type === 'ExternalName') return { taken: [], release: heldBy(old) };
  const oldFamilies = oldSpec.ipFamilies ?? [];
  const families = spec.ipFamilies ?? [];
  if (oldFamilies.length === 1 && families.length === 2) {
    const ips = (spec.clusterIPs ??= []);
    if (ips.length < 2) ips.push('');
    const got = await allocIPs(svc, [{ family: families[1] as IPFamily, ip: ips[1]! }], allocators, ref, dryRun);
    ips[1] = got[0]!.ip;
    return { taken: dryRun ? [] : got, release: [] };
  }
  if (oldFamilies.length === 2 && families.length === 1) {
    const secondary = oldSpec.clusterIPs?.[1];
    return { taken: [], release: secondary ? [{ family: oldFamilies[1] as IPFamily, ip: secondary }] : [] };
  }
  return none;
}

/** The addresses a stored service holds. */
export function heldBy(svc: Service): HeldIP[] {
  if (holdsNoClusterIP(svc)) return [];
  return (svc.spec?.clusterIPs ?? []).flatMap((ip) => {
    const family = familyOf(ip);
    return family ? [{ family, ip }] : [];
  });
}

/** Gives addresses back (each IPAddress is named by the canonical text); a family no longer configured keeps its address, as in Kubernetes. */
export async function releaseIPs(held: readonly HeldIP[], allocators: AllocatorsByFamily, ref: ParentReference): Promise<void> {
  for (const { family, ip } of held) {
    const allocator = allocators.get(family);
    const parsed = parseIP(ip);
    if (!allocator || !parsed) continue;
    await allocator.release(formatIP(parsed), ref);
  }
}

// One service IP range's allocator over IPAddress objects. An address is taken by creating its
// IPAddress; storage refuses a second create of the same key, so two API servers (or two requests
// in one) can never both hold it, and no lock or shared bitmap is needed. Dynamic allocation
// starts at a random address of the upper part of the range and walks forward, skipping what the
// watch cache already shows as taken; it falls back to the low band once the upper part is full.
import { randomBytes } from 'node:crypto';
import { klog } from '../../../../../component-base/logs/klog.ts';
import { isStorageError, type Store } from '../../../../../storage/interface.ts';
import { formatIP, type IPValue } from '../../../../../machinery/net/ip-address.ts';
import { ipAllocated, ipNotInRange, rangeFull } from './allocation-errors.ts';
import { ipAddressKey, newIPAddress, parentService, type IPAddress, type ParentReference } from './ipaddress-object.ts';
import { rangeContains, type ServiceIPRange } from './service-cidr.ts';

const log = klog('registry/services/ipallocator');

/** A uniformly random bigint in [0, n). */
function randomBelow(n: bigint): bigint {
  if (n <= 1n) return 0n;
  const bytes = Math.ceil(n.toString(2).length / 8) + 8;
  return BigInt(`0x${randomBytes(bytes).toString('hex')}`) % n;
}

export class IPAllocator {
  readonly range: ServiceIPRange;
  private readonly store: Store<IPAddress>;
  /** Addresses this process is creating right now, so its own concurrent requests do not race for them. */
  private readonly inFlight = new Set<string>();

  constructor(range: ServiceIPRange, store: Store<IPAddress>) {
    this.range = range;
    this.store = store;
  }

  get family() {
    return this.range.family;
  }

  /** Takes the address asked for; AllocationError when it is outside the range or held already. */
  async allocate(ip: IPValue, parent: ParentReference): Promise<string> {
    const name = formatIP(ip);
    if (!rangeContains(this.range, ip.family, ip.value)) throw ipNotInRange(name, this.range.cidr);
    if (!(await this.tryCreate(name, parent))) throw ipAllocated();
    return name;
  }

  /** The range check alone, as a dry run makes it. */
  checkInRange(ip: IPValue): void {
    if (!rangeContains(this.range, ip.family, ip.value)) throw ipNotInRange(formatIP(ip), this.range.cidr);
  }

  /** Takes a free address: the upper part of the range first, then the low band. */
  async allocateNext(parent: ParentReference): Promise<string> {
    const { first, last, staticBand } = this.range;
    const upperStart = first + BigInt(staticBand);
    const found = (await this.scan(upperStart, last, parent)) ?? (staticBand > 0 ? await this.scan(first, upperStart - 1n, parent) : undefined);
    if (found === undefined) throw rangeFull();
    return found;
  }

  /** Gives the address back, unless its IPAddress now names another parent. */
  async release(name: string, parent: ParentReference): Promise<void> {
    try {
      await this.store.delete(ipAddressKey(name), {
        validateDeletion: (current) => {
          const owner = parentService(current);
          if (!owner || owner.namespace !== parent.namespace || owner.name !== parent.name) throw NOT_OURS;
        },
      });
    } catch (err) {
      if (err === NOT_OURS || isStorageError(err, 'NotFound')) return;
      throw err;
    }
  }

  /** The first address from a random start in [from, to] that this server could create, wrapping once. */
  private async scan(from: bigint, to: bigint, parent: ParentReference): Promise<string | undefined> {
    if (to < from) return undefined;
    const size = to - from + 1n;
    const start = randomBelow(size);
    for (let i = 0n; i < size; i++) {
      const name = formatIP({ family: this.range.family, value: from + ((start + i) % size) });
      if (this.inFlight.has(name) || this.store.peek?.(ipAddressKey(name))) continue;
      if (await this.tryCreate(name, parent)) return name;
      log.info('Address taken by a concurrent allocation, trying the next one', { ip: name }, 4);
    }
    return undefined;
  }

  /** Creates the address's IPAddress; false when it exists already. */
  private async tryCreate(name: string, parent: ParentReference): Promise<boolean> {
    if (this.inFlight.has(name)) return false;
    this.inFlight.add(name);
    try {
      await this.store.create(ipAddressKey(name), newIPAddress(name, this.range.family, parent));
      return true;
    } catch (err) {
      if (isStorageError(err, 'KeyExists')) return false;
      throw err;
    } finally {
      this.inFlight.delete(name);
    }
  }
}

const NOT_OURS = Symbol('the address belongs to another parent');

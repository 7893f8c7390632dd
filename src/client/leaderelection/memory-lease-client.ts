// An in-memory LeaseClient with the API server's optimistic concurrency (resourceVersion checks,
// AlreadyExists on a second create) and switches to make it fail or hang, standing in for the
// remote server in the elector's timing tests.
import { alreadyExists, conflict, serviceUnavailable } from '../../machinery/status.ts';
import type { Lease, LeaseClient } from './lease.ts';

const GR = { group: 'coordination.orch.io', resource: 'leases' };

interface SharedState {
  leases: Map<string, Lease>;
  revision: number;
}

export class MemoryLeaseClient implements LeaseClient {
  private readonly state: SharedState;
  /** Every call fails with 503. */
  failing = false;
  /** Every call waits until its signal aborts. */
  hanging = false;
  calls = 0;

  /** A client of its own (own failure switches) over the same leases as `sharedWith`. */
  constructor(sharedWith?: MemoryLeaseClient) {
    this.state = sharedWith ? sharedWith.state : { leases: new Map(), revision: 0 };
  }

  private get leases(): Map<string, Lease> {
    return this.state.leases;
  }

  private async gate(signal?: AbortSignal): Promise<void> {
    this.calls++;
    if (this.failing) throw serviceUnavailable('the server is unavailable');
    if (this.hanging) {
      await new Promise<void>((_resolve, reject) => signal?.addEventListener('abort', () => reject(new Error('request aborted')), { once: true }));
    }
  }

  peek(namespace: string, name: string): Lease | undefined {
    const lease = this.leases.get(`${namespace}/${name}`);
    return lease && structuredClone(lease);
  }

  async get(namespace: string, name: string, signal?: AbortSignal): Promise<Lease | undefined> {
    await this.gate(signal);
    return this.peek(namespace, name);
  }

  async create(lease: Lease, signal?: AbortSignal): Promise<Lease> {
    await this.gate(signal);
    const key = `${lease.metadata.namespace}/${lease.metadata.name}`;
    if (this.leases.has(key)) throw alreadyExists(GR, lease.metadata.name);
    const stored = structuredClone({ ...lease, metadata: { ...lease.metadata, resourceVersion: String(++this.state.revision) } });
    this.leases.set(key, stored);
    return structuredClone(stored);
  }

  async update(lease: Lease, signal?: AbortSignal): Promise<Lease> {
    await this.gate(signal);
    const key = `${lease.metadata.namespace}/${lease.metadata.name}`;
    const current = this.leases.get(key);
    if (!current || current.metadata.resourceVersion !== lease.metadata.resourceVersion) {
      throw conflict(GR, lease.metadata.name, 'the object has been modified; please apply your changes to the latest version and try again');
    }
    const stored = structuredClone({ ...lease, metadata: { ...lease.metadata, resourceVersion: String(++this.state.revision) } });
    this.leases.set(key, stored);
    return structuredClone(stored);
  }
}

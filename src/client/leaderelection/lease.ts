// The coordination.orch.io/v1 Lease as the lock of leader election, the small LeaseClient seam
// the elector needs, and the LeaseClient over the REST client.
import type { RestClient } from '../rest/client.ts';
import { isNotFound } from '../../machinery/status.ts';
import { ResourceClient } from '../rest/resource.ts';
import type { Lease as ApiLease, LeaseSpec } from '../../api/coordination/v1/types.ts';

/** A Lease as the elector reads and writes it: named, namespaced, with a spec. */
export type Lease = ApiLease & { metadata: { name: string; namespace: string }; spec: LeaseSpec };
export type { LeaseSpec };

export const LEASES = { group: 'coordination.orch.io', version: 'v1', resource: 'leases' };

export interface LeaseClient {
  /** undefined when the lease does not exist. */
  get(namespace: string, name: string, signal?: AbortSignal): Promise<Lease | undefined>;
  /** Fails (AlreadyExists) if someone created it first. */
  create(lease: Lease, signal?: AbortSignal): Promise<Lease>;
  /** Fails (Conflict) unless metadata.resourceVersion is still current. */
  update(lease: Lease, signal?: AbortSignal): Promise<Lease>;
}

export class RestLeaseClient implements LeaseClient {
  private readonly client: RestClient;

  constructor(client: RestClient) {
    this.client = client;
  }

  private leases(namespace: string): ResourceClient<Lease> {
    return new ResourceClient<Lease>(this.client, LEASES, namespace);
  }

  async get(namespace: string, name: string, signal?: AbortSignal): Promise<Lease | undefined> {
    try {
      return await this.leases(namespace).get(name, signal);
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }

  create(lease: Lease, signal?: AbortSignal): Promise<Lease> {
    return this.leases(lease.metadata.namespace).create(lease, signal);
  }

  update(lease: Lease, signal?: AbortSignal): Promise<Lease> {
    return this.leases(lease.metadata.namespace).update(lease, signal);
  }
}

/** Milliseconds to MicroTime (six fractional digits, UTC). */
export function formatMicroTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}

// A node's heartbeat Lease in orch-node-lease, as the node agent keeps it: named after the node,
// held by it, owned by the Node (so it goes with it), renewed every update period with a duration
// of --node-lease-duration-seconds. A lease someone else changed is read again; a missing one made.
import type { Lease } from '../api/coordination/v1/types.ts';
import { isAlreadyExists, isConflict, isNotFound } from '../machinery/status.ts';
import { formatMicroTime } from '../client/leaderelection/lease.ts';
import type { RestClient } from '../client/rest/client.ts';
import { ResourceClient } from '../client/rest/resource.ts';

export const NODE_LEASE_NAMESPACE = 'orch-node-lease';

export interface NodeIdentity {
  name: string;
  uid: string;
}

export class NodeLease {
  private readonly leases: ResourceClient<Lease>;
  private readonly node: NodeIdentity;
  private readonly durationSeconds: number;
  private current: Lease | undefined;

  constructor(client: RestClient, node: NodeIdentity, durationSeconds: number) {
    this.leases = new ResourceClient<Lease>(client, { group: 'coordination.orch.io', version: 'v1', resource: 'leases' }, NODE_LEASE_NAMESPACE);
    this.node = node;
    this.durationSeconds = durationSeconds;
  }

  /** Renews the lease now, making it when there is none. */
  async renew(now: number, signal?: AbortSignal): Promise<void> {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        if (!this.current) this.current = await this.leases.get(this.node.name, signal).catch((err) => (isNotFound(err) ? undefined : Promise.reject(err)));
        if (!this.current) {
          this.current = await this.leases.create(this.fresh(now), signal);
          return;
        }
        const spec = { ...this.current.spec, holderIdentity: this.node.name, leaseDurationSeconds: this.durationSeconds, renewTime: formatMicroTime(now) };
        this.current = await this.leases.update({ ...this.current, spec }, signal);
        return;
      } catch (err) {
        // Changed or gone since it was read, or made meanwhile: read it again.
        if (!isConflict(err) && !isNotFound(err) && !isAlreadyExists(err)) throw err;
        this.current = undefined;
      }
    }
  }

  private fresh(now: number): Lease {
    return {
      apiVersion: 'coordination.orch.io/v1',
      kind: 'Lease',
      metadata: {
        name: this.node.name,
        namespace: NODE_LEASE_NAMESPACE,
        ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name: this.node.name, uid: this.node.uid }],
      },
      spec: { holderIdentity: this.node.name, leaseDurationSeconds: this.durationSeconds, renewTime: formatMicroTime(now) },
    };
  }
}

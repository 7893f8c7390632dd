// Leases for keys with a TTL, shared the way Kubernetes shares them: objects written within the
// reuse window attach to one lease, granted for their TTL plus the window, so a burst of events
// costs one lease rather than one each. A lease holds at most maxObjectsPerLease objects.
import type { Etcd3 } from 'etcd3';

export interface LeaseManagerOptions {
  /** --lease-reuse-duration-seconds (Kubernetes default 60). */
  reuseDurationSeconds?: number;
  /** The share of the TTL the reuse window may take at most (Kubernetes uses 5%). */
  reuseDurationPercent?: number;
  maxObjectsPerLease?: number;
  now?: () => number;
}

export class LeaseManager {
  private readonly client: Etcd3;
  private readonly reuseSeconds: number;
  private readonly reusePercent: number;
  private readonly maxObjects: number;
  private readonly now: () => number;
  private leaseId = '';
  private expiresAt = 0;
  private attached = 0;
  /** One grant in flight at a time, so that concurrent writers share its result. */
  private pending: Promise<string> | undefined;

  constructor(client: Etcd3, opts: LeaseManagerOptions = {}) {
    this.client = client;
    this.reuseSeconds = opts.reuseDurationSeconds ?? 60;
    this.reusePercent = opts.reuseDurationPercent ?? 0.05;
    this.maxObjects = opts.maxObjectsPerLease ?? 1000;
    this.now = opts.now ?? Date.now;
  }

  /** A lease id that keeps a key alive for at least ttlSeconds. */
  async leaseFor(ttlSeconds: number): Promise<string> {
    while (this.pending) await this.pending.catch(() => undefined);
    const now = this.now();
    const window = Math.min(Math.floor(this.reusePercent * ttlSeconds), this.reuseSeconds);
    // Reusable when it outlives this TTL, but not by more than the window (else keys would linger).
    const outlives = now + ttlSeconds * 1000 < this.expiresAt;
    const notTooLong = now + (ttlSeconds + window) * 1000 > this.expiresAt;
    this.attached++;
    if (this.leaseId && outlives && notTooLong && this.attached <= this.maxObjects) return this.leaseId;

    const granted = ttlSeconds + window;
    this.pending = this.client.leaseClient.leaseGrant({ TTL: granted }).then((res) => {
      this.leaseId = res.ID;
      this.expiresAt = now + granted * 1000;
      this.attached = 1;
      return res.ID;
    });
    try {
      return await this.pending;
    } finally {
      this.pending = undefined;
    }
  }
}

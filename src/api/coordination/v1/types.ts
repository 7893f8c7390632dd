// coordination.orch.io/v1 Lease. acquireTime and renewTime are MicroTime.
import type { ObjectMeta } from '../../meta/v1/types.ts';

export interface LeaseSpec {
  holderIdentity?: string | null;
  leaseDurationSeconds?: number | null;
  acquireTime?: string | null;
  renewTime?: string | null;
  leaseTransitions?: number | null;
  strategy?: string | null;
  preferredHolder?: string | null;
}

export interface Lease {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec?: LeaseSpec;
  [field: string]: unknown;
}

export const COORDINATION_GROUP = 'coordination.orch.io';

/** The lease strategies a name without a domain may use. */
export const LEASE_STRATEGIES: readonly string[] = ['OldestEmulationVersion'];

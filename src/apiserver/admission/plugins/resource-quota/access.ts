// What the ResourceQuota plugin needs of the rest of the server, provided by the composition:
// the namespace's quotas with compare-and-swap status writes, and the namespace's objects of any
// served resource (to measure a new quota's usage).
import type { ResourceQuota } from '../../../../api/core/v1/policy-types.ts';
import type { NamespacedObjects } from '../../../../machinery/quota/usage.ts';

export type { NamespacedObjects };

export interface QuotaStore {
  /**
   * The namespace's quotas as last written (a consistent read), or as the cache holds them when
   * `cached` (it may lag a write by a moment). Read them, never change them.
   */
  list(namespace: string, opts?: { cached?: boolean }): Promise<ResourceQuota[]>;
  /**
   * Writes `quota.status` over the stored quota if it is still at `quota.metadata.resourceVersion`;
   * otherwise throws the 409 Conflict StatusError. Returns the stored quota.
   */
  updateStatus(quota: ResourceQuota): Promise<ResourceQuota>;
}

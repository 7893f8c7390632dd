// The API servers alive now, as Kubernetes' lease endpoint reconciler records them: one key per
// advertised address under /registry/masterleases/, holding an Endpoints object with that address,
// written with a time to live that each server renews on every pass. A server that stops renewing
// drops out when its key expires.
import type { Endpoints } from '../../../../../api/core/v1/endpoints-types.ts';
import { isStorageError, type Store } from '../../../../../storage/interface.ts';
import { storageKey, storagePrefix, type GroupResourceName } from '../../../../../storage/keys.ts';
import { REGISTRY_PREFIX } from '../../../generic/keys.ts';

export const MASTER_LEASES_RESOURCE: GroupResourceName = { group: '', resource: 'masterleases' };
const PREFIX = storagePrefix(REGISTRY_PREFIX, MASTER_LEASES_RESOURCE);

export interface MasterLeases {
  /** The addresses with a live lease. */
  list(): Promise<string[]>;
  /** Adds or renews this address's lease. */
  update(ip: string): Promise<void>;
  /** Removes this address's lease; false when there was none. */
  remove(ip: string): Promise<boolean>;
}

export function masterLeases(store: Store<Endpoints>, ttlSeconds: number): MasterLeases {
  return {
    async list() {
      const { items } = await store.list(PREFIX, { recursive: true });
      return items.flatMap((e) => {
        const ip = e.subsets?.[0]?.addresses?.[0]?.ip;
        return ip ? [ip] : [];
      });
    },
    async update(ip) {
      await store.guaranteedUpdate(storageKey(REGISTRY_PREFIX, MASTER_LEASES_RESOURCE, '', ip), {
        ignoreNotFound: true,
        tryUpdate: (existing) => ({
          object: {
            apiVersion: 'v1',
            kind: 'Endpoints',
            // A changed generation makes every renewal a write, which is what resets the time to live.
            metadata: { name: ip, generation: (existing?.metadata.generation ?? 0) + 1 },
            subsets: [{ addresses: [{ ip }] }],
          },
          ttlSeconds,
        }),
      });
    },
    async remove(ip) {
      try {
        await store.delete(storageKey(REGISTRY_PREFIX, MASTER_LEASES_RESOURCE, '', ip));
        return true;
      } catch (err) {
        if (isStorageError(err, 'NotFound')) return false;
        throw err;
      }
    },
  };
}

// What every etcd operation module needs: the client, the key space, and error mapping.
import type { Etcd3 } from 'etcd3';
import type { KeySpace } from './keys.ts';
import type { LeaseManager } from './lease-manager.ts';

export interface EtcdContext {
  client: Etcd3;
  keys: KeySpace;
  leases: LeaseManager;
  endpoints: string[];
  /** Rethrows any failure as a StorageError about `key`. */
  fail(err: unknown, key: string): Promise<never>;
}

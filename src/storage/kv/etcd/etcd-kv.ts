// The KV seam over etcd v3 (--kvstore-servers). Each operation lives in its own module; this one
// wires them to one client and maps every failure to a StorageError.
import type { Etcd3 } from 'etcd3';
import type { Kv, KvListOptions, KvWatchCallbacks, KvWatchOptions, KvWatch } from '../interface.ts';
import { createEtcdClient } from './client.ts';
import { Compaction } from './compaction.ts';
import type { EtcdContext } from './context.ts';
import { toStorageError } from './errors.ts';
import { KeySpace } from './keys.ts';
import { LeaseManager } from './lease-manager.ts';
import { countPrefix, currentRevision, getKey, listPrefix } from './read.ts';
import { createKey, deleteKey, updateKey } from './txn.ts';
import { EtcdWatch } from './watch.ts';

export interface EtcdKvOptions {
  /** Client URLs, e.g. https://10.0.0.1:2379 (--kvstore-servers). */
  endpoints: string[];
  /** --kvstore-cafile, --kvstore-certfile, --kvstore-keyfile. */
  caFile?: string;
  certFile?: string;
  keyFile?: string;
  /** Prepended to every key (--kvstore-prefix); keys handed back are without it. */
  prefix?: string;
  /** --lease-reuse-duration-seconds. */
  leaseReuseDurationSeconds?: number;
  dialTimeoutMs?: number;
  /** Deadline of each non-streaming call (default 10s). */
  requestTimeoutMs?: number;
  /** How often a watch that asked for progress requests it (default 500ms). */
  progressIntervalMs?: number;
}

export interface EtcdKv extends Kv {
  readonly endpoints: string[];
}

class EtcdKvImpl implements EtcdKv {
  readonly endpoints: string[];
  private readonly client: Etcd3;
  private readonly ctx: EtcdContext;
  private readonly compaction: Compaction;
  private readonly progressIntervalMs: number;
  private readonly watches = new Set<KvWatch>();
  private closed = false;

  constructor(opts: EtcdKvOptions) {
    this.endpoints = [...opts.endpoints];
    this.client = createEtcdClient(opts);
    this.progressIntervalMs = opts.progressIntervalMs ?? 500;
    const ctx: EtcdContext = {
      client: this.client,
      keys: new KeySpace(opts.prefix ?? ''),
      leases: new LeaseManager(this.client, { reuseDurationSeconds: opts.leaseReuseDurationSeconds }),
      endpoints: this.endpoints,
      fail: async (err, key) => {
        throw await toStorageError(err, key, this.endpoints, () => this.compaction.compactedRevision());
      },
    };
    this.ctx = ctx;
    this.compaction = new Compaction(ctx);
  }

  get(key: string, revision?: number) {
    return getKey(this.ctx, key, revision);
  }

  list(prefix: string, opts?: KvListOptions) {
    return listPrefix(this.ctx, prefix, opts);
  }

  create(key: string, value: Uint8Array, ttlSeconds?: number) {
    return createKey(this.ctx, key, value, ttlSeconds);
  }

  update(key: string, value: Uint8Array, expectedModRevision: number, ttlSeconds?: number) {
    return updateKey(this.ctx, key, value, expectedModRevision, ttlSeconds);
  }

  delete(key: string, expectedModRevision: number) {
    return deleteKey(this.ctx, key, expectedModRevision);
  }

  watch(prefix: string, opts: KvWatchOptions, callbacks: KvWatchCallbacks): KvWatch {
    if (this.closed) throw new Error('the etcd kvstore client is closed');
    const watch: KvWatch = new EtcdWatch(this.ctx, prefix, opts, {
      onEvents: (events) => callbacks.onEvents(events),
      onProgress: callbacks.onProgress && ((revision) => callbacks.onProgress?.(revision)),
      onError: (err) => {
        this.watches.delete(handle);
        callbacks.onError(err);
      },
    }, {
      progressIntervalMs: this.progressIntervalMs,
      onCompacted: (revision) => this.compaction.observe(revision),
    });
    const handle: KvWatch = {
      cancel: () => {
        this.watches.delete(handle);
        watch.cancel();
      },
    };
    this.watches.add(handle);
    return handle;
  }

  currentRevision() {
    return currentRevision(this.ctx);
  }

  compactedRevision() {
    return this.compaction.compactedRevision();
  }

  compact(revision: number) {
    return this.compaction.compact(revision);
  }

  count(prefix: string) {
    return countPrefix(this.ctx, prefix);
  }

  async dbSize(): Promise<number> {
    try {
      const status = await this.client.maintenance.status();
      return Number(status.dbSize);
    } catch (err) {
      return this.ctx.fail(err, '');
    }
  }

  /** Status of one reachable member: version and leader, for health checks. */
  async status(): Promise<{ version: string; leader: string; revision: number }> {
    try {
      const status = await this.client.maintenance.status();
      return { version: status.version, leader: status.leader, revision: Number(status.header.revision) };
    } catch (err) {
      return this.ctx.fail(err, '');
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const w of [...this.watches]) w.cancel();
    this.client.close();
  }
}

/**
 * Opens the Kv over etcd. Nothing is dialled until the first call, so this succeeds even while
 * etcd is down; the health checks in ./health.ts say whether it is reachable.
 */
export async function openEtcdKv(opts: EtcdKvOptions): Promise<EtcdKv> {
  return new EtcdKvImpl(opts);
}

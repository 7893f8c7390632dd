// The key-value stores behind orch-apiserver: the one named by --kvstore-servers and one per
// distinct set of --kvstore-servers-overrides servers. Each is opened with the shared TLS files
// and lease reuse, seen under --kvstore-prefix, compacted on its own, and has its own health and
// readiness checks, named as Kubernetes names them (etcd, etcd-override-<i> → kvstore, ...).
import type { HealthCheck } from '../../component-base/healthz/checks.ts';
import { openKvFromServers, startCompactor, type Compactor, type EtcdConnectionOptions } from '../../storage/factory.ts';
import type { Kv } from '../../storage/kv/interface.ts';
import { etcdHealthCheck, etcdReadyCheck } from '../../storage/kv/etcd/health.ts';
import type { GroupResourceName } from '../../storage/keys.ts';
import { withKeyPrefix } from './kvstore-prefix.ts';
import { overrideFor, serversKey, type ServersOverride } from './storage-overrides.ts';

export interface KvBackendSettings {
  /** --kvstore-servers (empty: the embedded store under dataDir). */
  servers: string[];
  overrides: ServersOverride[];
  dataDir: string;
  prefix: string;
  /** TLS files and lease reuse, the same for every etcd. */
  etcd: EtcdConnectionOptions & { leaseReuseDurationSeconds?: number };
  compactionIntervalMs: number;
  healthcheckTimeoutMs: number;
  readycheckTimeoutMs: number;
}

export interface KvBackend {
  /** 0 for --kvstore-servers, then 1, 2, ... for each distinct set of override servers. */
  index: number;
  servers: string[];
  /** "sqlite" or "etcd". */
  name: string;
  /** Keys as the registry lays them out (under /registry), stored under --kvstore-prefix. */
  kv: Kv;
}

export interface KvBackends {
  primary: KvBackend;
  /** Every backend, the primary first. */
  all: KvBackend[];
  /** The backend holding `gr`'s objects. */
  backendFor(gr: GroupResourceName): KvBackend;
  healthChecks: HealthCheck[];
  readyChecks: HealthCheck[];
  close(): Promise<void>;
}

function backendName(servers: readonly string[]): string {
  return servers.some((s) => /^https?:\/\//i.test(s.trim())) ? 'etcd' : 'sqlite';
}

/** Opens every store; when one fails, closes those already open and rejects with its one-line error. */
export async function openKvBackends(settings: KvBackendSettings): Promise<KvBackends> {
  const opened: Array<{ backend: KvBackend; raw: Kv; compactor: Compactor }> = [];
  const byServers = new Map<string, KvBackend>();
  const healthChecks: HealthCheck[] = [];
  const readyChecks: HealthCheck[] = [];

  const open = async (servers: string[], flag: string): Promise<KvBackend> => {
    const key = serversKey(servers);
    const known = byServers.get(key);
    if (known) return known;
    let raw: Kv;
    try {
      // openKvFromServers hands every etcd option through to the etcd backend.
      raw = await openKvFromServers(servers, settings.dataDir, settings.etcd);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      throw new Error(flag === '--kvstore-servers' ? message : message.replace(/^--kvstore-servers:/, `${flag}:`));
    }
    const kv = withKeyPrefix(raw, settings.prefix);
    const backend: KvBackend = { index: opened.length, servers, name: backendName(servers), kv };
    opened.push({ backend, raw, compactor: startCompactor(kv, settings.compactionIntervalMs) });
    byServers.set(key, backend);
    // The probes read the revision of the store itself (raw keeps etcd's endpoints for messages).
    const overrideIndex = backend.index - 1;
    healthChecks.push({
      name: backend.index === 0 ? 'kvstore' : `kvstore-override-${overrideIndex}`,
      check: etcdHealthCheck(raw, settings.healthcheckTimeoutMs),
    });
    readyChecks.push({
      name: backend.index === 0 ? 'kvstore-readiness' : `kvstore-override-readiness-${overrideIndex}`,
      check: etcdReadyCheck(raw, settings.readycheckTimeoutMs),
    });
    return backend;
  };

  const close = async (): Promise<void> => {
    for (const o of opened) o.compactor.stop();
    await Promise.allSettled(opened.map((o) => o.raw.close()));
  };

  try {
    const primary = await open(settings.servers, '--kvstore-servers');
    for (const override of settings.overrides) await open(override.servers, '--kvstore-servers-overrides');
    return {
      primary,
      all: opened.map((o) => o.backend),
      backendFor(gr) {
        const override = overrideFor(settings.overrides, gr);
        return override ? byServers.get(serversKey(override.servers))! : primary;
      },
      healthChecks,
      readyChecks,
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}

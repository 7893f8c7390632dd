// Opens the KV store named by --kvstore-servers and runs periodic compaction
// (--kvstore-compaction-interval), as the apiserver's storage setup does.
import { isAbsolute, join, resolve } from 'node:path';
import { klog } from '../component-base/logs/klog.ts';
import type { Kv } from './kv/interface.ts';
import { openSqliteKv } from './kv/sqlite/index.ts';

const log = klog('storage/factory');

/** TLS settings for an etcd backend (--kvstore-cafile, --kvstore-certfile, --kvstore-keyfile). */
export interface EtcdConnectionOptions {
  caFile?: string;
  certFile?: string;
  keyFile?: string;
}

type EtcdOpener = (opts: { endpoints: string[] } & EtcdConnectionOptions) => Promise<Kv>;

/** Where the SQLite file lives for a sqlite:// URL or, with no servers, under the data directory. */
export function sqlitePathFor(server: string | undefined, dataDir: string): string {
  if (server === undefined) return join(dataDir, 'orch.db');
  const path = decodeURIComponent(server.slice('sqlite://'.length));
  if (path === '') throw new Error(`--kvstore-servers: ${JSON.stringify(server)} names no file; use sqlite:///path/to/orch.db`);
  return isAbsolute(path) ? path : resolve(path);
}

async function loadEtcdOpener(): Promise<EtcdOpener> {
  // Imported on first use: a server on SQLite never loads the etcd client. The name is written out
  // so that the bundled daemon (scripts/bundle.ts) carries the backend as a chunk of its own.
  let mod: { openEtcdKv?: EtcdOpener };
  try {
    mod = (await import('./kv/etcd/index.ts')) as { openEtcdKv?: EtcdOpener };
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_MODULE_NOT_FOUND') {
      throw new Error('--kvstore-servers: the etcd backend is not available in this build; use sqlite:// or leave --kvstore-servers unset');
    }
    throw err;
  }
  if (typeof mod.openEtcdKv !== 'function') throw new Error('--kvstore-servers: the etcd backend does not provide openEtcdKv');
  return mod.openEtcdKv;
}

/**
 * Opens the backing store: no servers (or sqlite://PATH) opens the embedded SQLite store,
 * http(s):// URLs open etcd. Schemes cannot be mixed.
 */
export async function openKvFromServers(servers: string[] | undefined, dataDir: string, etcd: EtcdConnectionOptions = {}): Promise<Kv> {
  const list = (servers ?? []).map((s) => s.trim()).filter((s) => s !== '');
  if (list.length === 0) return openSqliteKv(sqlitePathFor(undefined, dataDir));
  const schemes = new Set(list.map((s) => /^([a-z][a-z0-9+.-]*):\/\//i.exec(s)?.[1]?.toLowerCase() ?? ''));
  if (schemes.has('')) throw new Error(`--kvstore-servers: each server must be a URL (sqlite://PATH, http://HOST:PORT or https://HOST:PORT), got ${JSON.stringify(list)}`);
  if (schemes.has('sqlite')) {
    if (list.length > 1) throw new Error('--kvstore-servers: a sqlite:// store cannot be combined with other servers');
    return openSqliteKv(sqlitePathFor(list[0], dataDir));
  }
  const unsupported = [...schemes].filter((s) => s !== 'http' && s !== 'https');
  if (unsupported.length > 0) throw new Error(`--kvstore-servers: unsupported scheme ${unsupported.map((s) => `${s}://`).join(', ')}; use sqlite://, http:// or https://`);
  const openEtcdKv = await loadEtcdOpener();
  return openEtcdKv({ endpoints: list, ...etcd });
}

export interface Compactor {
  stop(): void;
}

/**
 * Compacts every intervalMs, as Kubernetes does: each tick compacts to the revision seen at the
 * previous tick, so clients always keep at least one full interval of history. 0 disables it.
 */
export function startCompactor(kv: Kv, intervalMs: number): Compactor {
  if (!(intervalMs > 0)) return { stop: () => undefined };
  let previous = 0;
  let running = false;
  const tick = async (): Promise<void> => {
    if (running) return;
    running = true;
    try {
      const current = await kv.currentRevision();
      if (previous > 0 && previous > (await kv.compactedRevision())) {
        await kv.compact(previous);
        log.info('compacted key-value store', { revision: previous }, 2);
      }
      previous = current;
    } catch (err) {
      log.warning('compaction failed', { err });
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  void tick();
  return { stop: () => clearInterval(timer) };
}

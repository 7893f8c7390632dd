// Health checks for /healthz/kvstore, /livez/kvstore and /readyz/kvstore: one cheap linearizable
// read that must answer within the timeout (--kvstore-healthcheck-timeout, --kvstore-readycheck-timeout).
// Concurrent probes share one read, and a result is reused for a short while so that a burst of
// probes costs etcd one request.
import type { Kv } from '../interface.ts';

export interface KvHealthCheckOptions {
  /** How long a result is reused (ms); default 1000, 0 disables reuse. */
  reuseMs?: number;
  now?: () => number;
}

/** Returns a check that resolves when the store answers a read within timeoutMs and throws otherwise. */
export function etcdHealthCheck(kv: Kv & { endpoints?: string[] }, timeoutMs: number, opts: KvHealthCheckOptions = {}): () => Promise<void> {
  const reuseMs = opts.reuseMs ?? 1000;
  const now = opts.now ?? Date.now;
  const where = kv.endpoints?.length ? ` at ${kv.endpoints.join(', ')}` : '';
  let inFlight: Promise<void> | undefined;
  let last: { at: number; error: Error | undefined } | undefined;

  const probe = async (): Promise<void> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the kvstore${where} did not answer within ${timeoutMs}ms`)), timeoutMs);
    });
    try {
      await Promise.race([kv.currentRevision(), timeout]);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      throw new Error(message.startsWith('the kvstore') ? message : `the kvstore${where} is not healthy: ${message}`);
    } finally {
      clearTimeout(timer);
    }
  };

  return async () => {
    if (last && reuseMs > 0 && now() - last.at < reuseMs) {
      if (last.error) throw last.error;
      return;
    }
    inFlight ??= probe()
      .then(() => {
        last = { at: now(), error: undefined };
      })
      .catch((err: Error) => {
        last = { at: now(), error: err };
        throw err;
      })
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  };
}

/** The readiness flavour: the same probe, with its own timeout and no reuse of old answers. */
export function etcdReadyCheck(kv: Kv & { endpoints?: string[] }, timeoutMs: number): () => Promise<void> {
  return etcdHealthCheck(kv, timeoutMs, { reuseMs: 0 });
}

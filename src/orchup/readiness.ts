// Waits for a freshly started apiserver: polls /readyz over HTTPS, trusting only the given CA,
// until it answers 200 "ok", the deadline passes, or the caller gives up. Then, with simulated
// nodes, waits the same way for the nodes to report Ready and to lose their not-ready taint, so
// that a pod created right after `orch up` is scheduled.
import { request } from 'node:https';
import { setTimeout as delay } from 'node:timers/promises';

export interface ReadyProbe {
  /** e.g. https://127.0.0.1:6443 */
  server: string;
  /** The CA to trust; undefined skips verification (the CA is not known yet). */
  caPem?: string;
  /** Bearer token to send; absent: ask anonymously. */
  token?: string;
}

export interface ReadyResult {
  status: number;
  body: string;
}

/** One GET of /readyz; rejects when the server cannot be reached. */
export function probeReadyz(probe: ReadyProbe, timeoutMs = 2000, signal?: AbortSignal): Promise<ReadyResult> {
  return probeGet(probe, '/readyz', timeoutMs, signal);
}

function probeGet(probe: ReadyProbe, path: string, timeoutMs: number, signal?: AbortSignal): Promise<ReadyResult> {
  return new Promise((resolve, reject) => {
    const req = request(
      new URL(path, probe.server),
      {
        method: 'GET',
        headers: probe.token ? { authorization: `Bearer ${probe.token}` } : {},
        ca: probe.caPem,
        rejectUnauthorized: probe.caPem !== undefined,
        timeout: timeoutMs,
        agent: false,
        signal,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer from ${probe.server}${path} within ${timeoutMs}ms`)));
    req.on('error', reject);
    req.end();
  });
}

/**
 * Polls until /readyz answers 200 "ok". Rejects when `signal` aborts (e.g. the apiserver exited)
 * or after `timeoutMs`, with the last answer or connection error in the message.
 */
export async function waitForReady(probe: ReadyProbe, opts: { timeoutMs: number; intervalMs?: number; signal?: AbortSignal }): Promise<void> {
  const deadline = Date.now() + opts.timeoutMs;
  let last = 'no answer yet';
  for (;;) {
    opts.signal?.throwIfAborted();
    try {
      const res = await probeReadyz(probe, 2000, opts.signal);
      if (res.status === 200 && res.body.trim() === 'ok') return;
      last = `HTTP ${res.status}: ${res.body.trim().split('\n').slice(0, 3).join('; ')}`;
    } catch (err) {
      last = err instanceof Error ? err.message : String(err);
    }
    if (Date.now() >= deadline) throw new Error(`${probe.server} not ready after ${opts.timeoutMs}ms (${last})`);
    await delay(opts.intervalMs ?? 50, undefined, { signal: opts.signal }).catch(() => opts.signal?.throwIfAborted());
  }
}

interface NodeView {
  metadata?: { name?: string };
  spec?: { taints?: Array<{ key: string; effect: string }> };
  status?: { conditions?: Array<{ type: string; status: string }> };
}

/** The named nodes that are not yet Ready and free of the not-ready taint, from a node list. */
export function nodesNotReady(body: string, names: readonly string[]): string[] {
  const items = (JSON.parse(body) as { items?: NodeView[] }).items ?? [];
  const ready = new Set(
    items
      .filter((n) => n.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') && !n.spec?.taints?.some((t) => t.key === 'node.orch.io/not-ready'))
      .map((n) => n.metadata?.name),
  );
  return names.filter((name) => !ready.has(name));
}

/** Polls the node list until every named node is ready for pods; rejects as waitForReady does. */
export async function waitForNodes(probe: ReadyProbe, names: readonly string[], opts: { timeoutMs: number; intervalMs?: number; signal?: AbortSignal }): Promise<void> {
  const deadline = Date.now() + opts.timeoutMs;
  let last = 'no answer yet';
  for (;;) {
    opts.signal?.throwIfAborted();
    try {
      const res = await probeGet(probe, '/api/v1/nodes', 2000, opts.signal);
      if (res.status === 200) {
        const waiting = nodesNotReady(res.body, names);
        if (waiting.length === 0) return;
        last = `not ready yet: ${waiting.join(', ')}`;
      } else last = `HTTP ${res.status}`;
    } catch (err) {
      last = err instanceof Error ? err.message : String(err);
    }
    if (Date.now() >= deadline) throw new Error(`simulated nodes not ready after ${opts.timeoutMs}ms (${last})`);
    await delay(opts.intervalMs ?? 100, undefined, { signal: opts.signal }).catch(() => opts.signal?.throwIfAborted());
  }
}

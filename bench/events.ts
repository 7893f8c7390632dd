// Events API benchmark over HTTPS against a server in a child process (so client and server do
// not share an event loop): create throughput over 32 HTTP/2 connections (HTTP/1.1 allows one
// request in flight per connection, which would measure round trips rather than the server), a
// 10,000-event list, watch delivery latency with 100 watchers, and the server's RSS after
// 100,000 events.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:https';
import { connect, type ClientHttp2Session } from 'node:http2';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';

const NAMESPACE = 'bench';
const TOTAL_EVENTS = 100_000;
const LIST_SIZE = 10_000;
const WATCHERS = 100;
const WATCHED_WRITES = 200;

interface Target {
  url: string;
  token: string;
  ca: Buffer;
}

function eventBody(i: number, note = 'benchmark event'): string {
  return JSON.stringify({
    apiVersion: 'events.orch.io/v1',
    kind: 'Event',
    metadata: { name: `ev-${i}`, namespace: i < LIST_SIZE ? 'list' : NAMESPACE },
    eventTime: '2026-11-22T05:00:00.000000Z',
    reportingController: 'orch.io/bench',
    reportingInstance: 'bench-1',
    action: 'Bench',
    reason: 'Benchmarked',
    type: 'Normal',
    note,
    regarding: { kind: 'Pod', namespace: i < LIST_SIZE ? 'list' : NAMESPACE, name: `pod-${i % 100}`, apiVersion: 'v1' },
  });
}

function send(t: Target, agent: Agent, method: string, path: string, body?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { authorization: `Bearer ${t.token}` };
    if (body) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(body));
    }
    const req = request(new URL(path, t.url), { method, headers, agent, ca: t.ca }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

function post2(t: Target, session: ClientHttp2Session, path: string, body: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const stream = session.request({ ':method': 'POST', ':path': path, authorization: `Bearer ${t.token}`, 'content-type': 'application/json' });
    let status = 0;
    let text = '';
    stream.setEncoding('utf8');
    stream.on('response', (h) => (status = Number(h[':status'])));
    stream.on('data', (c: string) => (text += c));
    stream.on('end', () => resolve({ status, body: text }));
    stream.on('error', reject);
    stream.end(body);
  });
}

/** Creates events [from, to) over 32 HTTP/2 sessions with `concurrency` streams in flight; returns the elapsed ms. */
async function createRange(t: Target, from: number, to: number, concurrency: number): Promise<number> {
  const sessions = Array.from({ length: 32 }, () => connect(t.url, { ca: t.ca }));
  let next = from;
  const start = performance.now();
  const worker = async () => {
    while (next < to) {
      const i = next++;
      const ns = i < LIST_SIZE ? 'list' : NAMESPACE;
      const r = await post2(t, sessions[i % sessions.length]!, `/apis/events.orch.io/v1/namespaces/${ns}/events`, eventBody(i));
      if (r.status !== 201) throw new Error(`create ev-${i}: ${r.status} ${r.body.slice(0, 200)}`);
    }
  };
  try {
    await Promise.all(Array.from({ length: concurrency }, worker));
  } finally {
    for (const s of sessions) s.close();
  }
  return performance.now() - start;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Opens a watch; calls onEvent with the note of each ADDED event. Resolves once the stream is open. */
function openWatch(t: Target, agent: Agent, rv: string, onEvent: (note: string) => void): Promise<() => void> {
  return new Promise((resolve, reject) => {
    const path = `/apis/events.orch.io/v1/namespaces/watched/events?watch=true&resourceVersion=${rv}`;
    const req = request(new URL(path, t.url), { headers: { authorization: `Bearer ${t.token}` }, agent, ca: t.ca }, (res) => {
      let buf = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        buf += c;
        let nl: number;
        while ((nl = buf.indexOf('\n')) >= 0) {
          const line = buf.slice(0, nl);
          buf = buf.slice(nl + 1);
          const ev = JSON.parse(line) as { type: string; object: { note?: string } };
          if (ev.type === 'ADDED' && ev.object.note) onEvent(ev.object.note);
        }
      });
      res.on('error', () => {});
      resolve(() => req.destroy());
    });
    req.on('error', reject);
    req.end();
  });
}

async function watchLatency(t: Target): Promise<{ p50: number; p99: number; delivered: number }> {
  const watchAgent = new Agent({ keepAlive: true, maxSockets: WATCHERS + 1, ca: t.ca });
  const writeAgent = new Agent({ keepAlive: true, maxSockets: 4, ca: t.ca });
  const list = await send(t, writeAgent, 'GET', '/apis/events.orch.io/v1/namespaces/watched/events?limit=1');
  const rv = (JSON.parse(list.body) as { metadata: { resourceVersion: string } }).metadata.resourceVersion;
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  const closers = await Promise.all(
    Array.from({ length: WATCHERS }, () =>
      openWatch(t, watchAgent, rv, (note) => {
        const at = sentAt.get(note);
        if (at !== undefined) latencies.push(performance.now() - at);
      }),
    ),
  );
  await new Promise((r) => setTimeout(r, 300));
  for (let i = 0; i < WATCHED_WRITES; i++) {
    const note = `w-${i}`;
    const body = eventBody(TOTAL_EVENTS + i, note).replaceAll(`"${NAMESPACE}"`, '"watched"');
    sentAt.set(note, performance.now());
    await send(t, writeAgent, 'POST', '/apis/events.orch.io/v1/namespaces/watched/events', body);
    await new Promise((r) => setTimeout(r, 10));
  }
  const deadline = Date.now() + 5000;
  while (latencies.length < WATCHERS * WATCHED_WRITES && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  for (const close of closers) close();
  watchAgent.destroy();
  writeAgent.destroy();
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), delivered: latencies.length };
}

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function startServerChild(): Promise<{ child: ChildProcess; target: Target }> {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--serve'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
      const m = /^SERVING .*$/m.exec(out);
      if (m) resolve(m[0]);
    });
    child.once('exit', (code) => reject(new Error(`benchmark server exited with ${code}`)));
  });
  const [, url, token, caFile] = line.split(' ');
  return { child, target: { url: url!, token: token!, ca: readFileSync(caFile!) } };
}

export async function benchEvents(): Promise<Record<string, number | string>> {
  const { child, target } = await startServerChild();
  const agent = new Agent({ keepAlive: true, maxSockets: 32, ca: target.ca });
  try {
    // The first 10,000 go to the namespace that is listed; the create rate is measured on them.
    const firstMs = await createRange(target, 0, LIST_SIZE, 256);
    const createsPerSecond = Math.round((LIST_SIZE / firstMs) * 1000);
    const listTimes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const start = performance.now();
      const r = await send(target, agent, 'GET', '/apis/events.orch.io/v1/namespaces/list/events');
      listTimes.push(performance.now() - start);
      if (r.status !== 200) throw new Error(`list: ${r.status}`);
    }
    const watch = await watchLatency(target);
    await createRange(target, LIST_SIZE, TOTAL_EVENTS, 256);
    const rss = rssMiB(child.pid!);
    return {
      'event creates/s (32 HTTP/2 connections)': createsPerSecond,
      'list of 10,000 events, median ms': Math.round(percentile(listTimes, 50)),
      'watch delivery p50 ms (100 watchers)': Number(watch.p50.toFixed(1)),
      'watch delivery p99 ms (100 watchers)': Number(watch.p99.toFixed(1)),
      'watch events delivered': `${watch.delivered} / ${WATCHERS * WATCHED_WRITES}`,
      'server RSS after 100,000 events, MiB': rss,
    };
  } finally {
    agent.destroy();
    child.kill('SIGTERM');
  }
}

/** The child: events over SQLite behind the real HTTPS server; prints "SERVING <url> <token> <ca>". */
async function serve(): Promise<void> {
  const { startTestApiserver } = await import('../test/support/apiserver.ts');
  const { openEventsStack } = await import('../src/apiserver/endpoints/testing/events-stack.ts');
  const stack = await openEventsStack({ ttlSeconds: 0 });
  const server = await startTestApiserver({ 'max-requests-inflight': 2000, 'max-mutating-requests-inflight': 2000 }, { apiHandler: stack.apiHandler });
  process.stdout.write(`SERVING ${server.url} ${server.token} ${server.caFile}\n`);
  process.once('SIGTERM', () => {
    void server.stop().then(() => stack.close()).finally(() => process.exit(0));
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href && process.argv[2] === '--serve') void serve();
else if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  void benchEvents().then((r) => console.log(r));
}

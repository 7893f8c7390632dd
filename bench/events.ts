// Events API benchmark over HTTPS against bin/orch-apiserver, started with the flags, certificates
// and admin token `orch up` gives it (protobuf in SQLite, the watch cache, admission, RBAC,
// priority and fairness), in its own process so that client and server do not share an event
// loop: create throughput over 32 HTTP/2 connections (HTTP/1.1 allows one request in flight per
// connection, which would measure round trips rather than the server), a 10,000-event list, gets
// of one event by name, watch delivery latency with 100 watchers, and the server's RSS after
// 100,000 events. Creates and gets are sent by h2load (Debian's nghttp2-client) when it is
// installed, so that the load generator takes little of the machine's CPU; otherwise creates are
// sent by a Node HTTP/2 client, which needs about as much CPU per request as the server, and gets
// are left out.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'node:https';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { ApiObject } from '../src/api/meta/v1/types.ts';
import type { OrchDaemon } from '../test/support/orch-daemon.ts';
import { CONNECTIONS, createMany, getLatencyWhileCreating, getRate, percentile, rssMiB, send, startApiserverWith, useH2load, type Target } from './api-load.ts';

const NAMESPACE = 'bench';
const TOTAL_EVENTS = 100_000;
// The create rate is taken once the server is warm (its code optimised, its heap grown to the
// load): the median of a few runs, as this machine's speed drifts from second to second. V8 moves
// the request path to its optimising compiler only after tens of thousands of requests: traced
// with --trace-opt, it compiled about 130 functions between the 10,000th and the 15,000th create
// and a handful after the 25,000th. So the server is warmed with as many runs as are measured; the
// first of them is reported too, as the rate just after start.
const CREATE_RUNS = 3;
const CREATES_PER_RUN = 10_000;
const WARM_UP = CREATE_RUNS * CREATES_PER_RUN;
const LIST_SIZE = 10_000;
const GET_RUNS = 3;
const GETS_PER_RUN = 10_000;
const WATCHERS = 100;
const WATCHED_WRITES = 200;
const LATENCY_SECONDS = 10;
const SETTLE_MS = 5000;

/** An Event for `namespace`, named `name` or, when name is absent, named by the server (generateName). */
function eventBody(namespace: string, name: string | undefined, note = 'benchmark event'): string {
  return JSON.stringify({
    apiVersion: 'events.orch.io/v1',
    kind: 'Event',
    metadata: name === undefined ? { generateName: 'ev-', namespace } : { name, namespace },
    eventTime: '2026-11-22T05:00:00.000000Z',
    reportingController: 'orch.io/bench',
    reportingInstance: 'bench-1',
    action: 'Bench',
    reason: 'Benchmarked',
    type: 'Normal',
    note,
    regarding: { kind: 'Pod', namespace, name: 'pod-1', apiVersion: 'v1' },
  });
}

const eventsPath = (namespace: string) => `/apis/events.orch.io/v1/namespaces/${namespace}/events`;

/** Creates `count` events in `namespace`, named by the server; returns creates per second. */
function createEvents(t: Target, namespace: string, count: number): Promise<number> {
  return createMany(t, eventsPath(namespace), eventBody(namespace, undefined), count);
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
    const body = eventBody('watched', `w-${i}`, note);
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

/**
 * A fixed piece of CPU work, timed for a second: this machine's speed drifts by a third and more
 * from minute to minute, so the create rate is only comparable between runs next to this figure.
 */
function jsonRoundTripsPerSecond(): number {
  const body = eventBody(NAMESPACE, undefined);
  let rounds = 0;
  const start = performance.now();
  while (performance.now() - start < 1000) {
    for (let i = 0; i < 1000; i++) JSON.stringify(JSON.parse(body));
    rounds += 1000;
  }
  return Math.round((rounds / (performance.now() - start)) * 1000);
}

function startApiserver(): Promise<OrchDaemon> {
  return startApiserverWith([NAMESPACE, 'list', 'watched']);
}

export async function benchEvents(): Promise<Record<string, number | string>> {
  const { child, target, stop } = await startApiserver();
  const agent = new Agent({ keepAlive: true, maxSockets: 32, ca: target.ca });
  try {
    const rssAtStart = rssMiB(child.pid!);
    const coldRate = await createEvents(target, NAMESPACE, CREATES_PER_RUN);
    for (let done = CREATES_PER_RUN; done < WARM_UP; done += CREATES_PER_RUN) await createEvents(target, NAMESPACE, CREATES_PER_RUN);
    const machineSpeed = jsonRoundTripsPerSecond();
    const createRates: number[] = [];
    for (let i = 0; i < CREATE_RUNS; i++) createRates.push(await createEvents(target, NAMESPACE, CREATES_PER_RUN));
    const createsPerSecond = Math.round(percentile(createRates, 50));
    await createEvents(target, 'list', LIST_SIZE);
    const listTimes: number[] = [];
    let someName = '';
    for (let i = 0; i < 5; i++) {
      const start = performance.now();
      const r = await send(target, agent, 'GET', eventsPath('list'));
      listTimes.push(performance.now() - start);
      if (r.status !== 200) throw new Error(`list: ${r.status}`);
      const items = (JSON.parse(r.body) as { items: ApiObject[] }).items;
      if (items.length !== LIST_SIZE) throw new Error(`list: ${items.length} events, expected ${LIST_SIZE}`);
      someName = items[LIST_SIZE / 2]!.metadata.name!;
    }
    const getsPerSecond = useH2load ? await getRate(target, `${eventsPath('list')}/${someName}`, GET_RUNS, GETS_PER_RUN) : 'h2load is not installed';
    const watch = await watchLatency(target);
    await createEvents(target, NAMESPACE, TOTAL_EVENTS - WARM_UP - CREATE_RUNS * CREATES_PER_RUN - LIST_SIZE - WATCHED_WRITES);
    const rss = rssMiB(child.pid!);
    // The same a few seconds later, idle: how much of the figure above was the collector's slack
    // from the burst of creates rather than what the server keeps.
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const settledRss = rssMiB(child.pid!);
    const servedJsonBytes = Buffer.byteLength((await send(target, agent, 'GET', `${eventsPath('list')}/${someName}`)).body);
    const latency = useH2load ? await getLatencyWhileCreating(target, `${eventsPath('list')}/${someName}`, eventsPath(NAMESPACE), eventBody(NAMESPACE, undefined), LATENCY_SECONDS) : undefined;
    return {
      [`event creates/s, ${CONNECTIONS} HTTP/2 connections, ${useH2load ? 'h2load' : 'Node client'}, median of ${CREATE_RUNS} × ${CREATES_PER_RUN.toLocaleString('en-US')} (creates/s, target >= 5000)`]: createsPerSecond,
      'each create run (creates/s)': createRates.map((r) => Math.round(r).toLocaleString('en-US')).join(' / '),
      [`first ${CREATES_PER_RUN.toLocaleString('en-US')} creates after start, while the code is still being optimised (creates/s)`]: Math.round(coldRate),
      'machine speed just before the create runs, JSON round trips of the event per second on one core': machineSpeed,
      'list of 10,000 events, median (ms, target <= 150)': Math.round(percentile(listTimes, 50)),
      [`gets of one event by name/s, h2load, median of ${GET_RUNS} × ${GETS_PER_RUN.toLocaleString('en-US')} (gets/s)`]: getsPerSecond,
      'watch delivery p50 ms (100 watchers)': Number(watch.p50.toFixed(1)),
      'watch delivery p99, 100 watchers (ms, target <= 50)': Number(watch.p99.toFixed(1)),
      'watch events delivered': `${watch.delivered} / ${WATCHERS * WATCHED_WRITES}`,
      'server RSS at start (MiB)': rssAtStart,
      'server RSS after 100,000 events (MiB, target <= 300)': rss,
      'JSON of one event as served (bytes)': servedJsonBytes,
      'RSS growth per event stored (bytes)': Math.round(((rss - rssAtStart) * 2 ** 20) / TOTAL_EVENTS),
      [`server RSS ${SETTLE_MS / 1000} s after the last of those creates, idle (MiB)`]: settledRss,
      'get of one event, p50, 16 connections while 2,000 creates/s run (ms)': latency ? Number(latency.p50.toFixed(1)) : 'h2load is not installed',
      'get of one event, p99, 16 connections while 2,000 creates/s run (ms, target <= 25)': latency ? Number(latency.p99.toFixed(1)) : 'h2load is not installed',
      'get of one event, slowest while creates run (ms)': latency ? Math.round(latency.max) : 'h2load is not installed',
    };
  } finally {
    agent.destroy();
    await stop();
  }
}

/**
 * `--serve`: starts orch-apiserver as the benchmark does and prints "SERVING <url> <token> <ca
 * file> <pid>", for loading and profiling it by hand (NODE_OPTIONS reaches the server); stops it
 * on SIGTERM or SIGINT.
 */
async function serve(): Promise<void> {
  const server = await startApiserver();
  const caDir = mkdtempSync(join(tmpdir(), 'orch-bench-ca-'));
  const caFile = join(caDir, 'ca.crt');
  writeFileSync(caFile, server.target.ca);
  process.stdout.write(`SERVING ${server.target.url} ${server.target.token} ${caFile} ${server.child.pid}\n`);
  const stop = () => void server.stop().finally(() => {
    rmSync(caDir, { recursive: true, force: true });
    process.exit(0);
  });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href && process.argv[2] === '--serve') void serve();
else if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  void benchEvents().then((r) => console.log(r));
}

// Load generation against a running orch-apiserver, shared by the API benchmark parts: requests
// over HTTPS, creates and gets sent by h2load (Debian's nghttp2-client) when it is installed, so
// that the load generator takes little of the machine's CPU, else by a Node HTTP/2 client (which
// needs about as much CPU per request as the server), and the server's resident memory.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'node:https';
import { connect, type ClientHttp2Session } from 'node:http2';
import { performance } from 'node:perf_hooks';
import { startOrchApiserver, type OrchDaemon } from '../test/support/orch-daemon.ts';

export const CONNECTIONS = 32;
export const STREAMS_PER_CONNECTION = 8;
const H2LOAD = '/usr/bin/h2load';
export const useH2load = existsSync(H2LOAD);

export interface Target {
  url: string;
  token: string;
  ca: Buffer;
}

export function send(t: Target, agent: Agent, method: string, path: string, body?: string): Promise<{ status: number; body: string }> {
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

/** POSTs `body` to `path` `count` times with the Node HTTP/2 client; returns creates per second. */
async function createWithNode(t: Target, path: string, body: string, count: number): Promise<number> {
  const sessions = Array.from({ length: CONNECTIONS }, () => connect(t.url, { ca: t.ca }));
  let next = 0;
  const start = performance.now();
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const r = await post2(t, sessions[i % sessions.length]!, path, body);
      if (r.status !== 201) throw new Error(`create at ${path}: ${r.status} ${r.body.slice(0, 200)}`);
    }
  };
  try {
    await Promise.all(Array.from({ length: CONNECTIONS * STREAMS_PER_CONNECTION }, worker));
  } finally {
    for (const s of sessions) s.close();
  }
  return (count / (performance.now() - start)) * 1000;
}

/**
 * Sends `count` requests for `path` with h2load over the benchmark's connections (a POST of
 * `body` when given, else a GET); returns requests per second. Every answer must be a 2xx.
 */
export async function loadWithH2load(t: Target, path: string, count: number, body?: string): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'orch-bench-h2load-'));
  try {
    const args = ['-n', String(count), '-c', String(CONNECTIONS), '-m', String(STREAMS_PER_CONNECTION)];
    if (body !== undefined) {
      const bodyFile = join(dir, 'body.json');
      writeFileSync(bodyFile, body);
      args.push('-d', bodyFile, '-H', 'content-type: application/json');
    }
    args.push('-H', `authorization: Bearer ${t.token}`, new URL(path, t.url).href);
    // h2load checks no certificate; the server is ours on loopback.
    const out = await new Promise<string>((resolve, reject) =>
      execFile(H2LOAD, args, { maxBuffer: 1 << 20 }, (err, stdout) => (err ? reject(err) : resolve(stdout))),
    );
    const succeeded = Number(/status codes: (\d+) 2xx/.exec(out)?.[1] ?? 0);
    if (succeeded !== count) throw new Error(`h2load: ${succeeded} of ${count} requests to ${path} succeeded:\n${out}`);
    // h2load gives the time in ms under a second, in s above.
    const [, time, unit] = /finished in ([\d.]+)(ms|s)/.exec(out) ?? [];
    return count / (Number(time) / (unit === 'ms' ? 1000 : 1));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** POSTs `body` (named by the server: generateName) to `path` `count` times; returns creates per second. */
export function createMany(t: Target, path: string, body: string, count: number): Promise<number> {
  return useH2load ? loadWithH2load(t, path, count, body) : createWithNode(t, path, body, count);
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** GETs of `path` per second, once warm: the median of `runs` runs of `perRun`. */
export async function getRate(t: Target, path: string, runs: number, perRun: number): Promise<number> {
  await loadWithH2load(t, path, perRun);
  const rates: number[] = [];
  for (let i = 0; i < runs; i++) rates.push(await loadWithH2load(t, path, perRun));
  return Math.round(percentile(rates, 50));
}

/** The resident memory of process `pid`, in MiB. */
export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/** orch-apiserver started as `orch up` starts it, with the namespaces given created. */
export async function startApiserverWith(namespaces: readonly string[]): Promise<OrchDaemon> {
  const server = await startOrchApiserver();
  try {
    const agent = new Agent({ keepAlive: false, ca: server.target.ca });
    for (const name of namespaces) {
      const r = await send(server.target, agent, 'POST', '/api/v1/namespaces', JSON.stringify({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } }));
      if (r.status !== 201) throw new Error(`namespace ${name}: ${r.status} ${r.body.slice(0, 200)}`);
    }
  } catch (err) {
    await server.stop();
    throw err;
  }
  return server;
}

/** Get latencies, in ms, measured while a steady stream of creates runs. */
export interface GetLatency {
  p50: number;
  p99: number;
  max: number;
  gets: number;
  createsPerSecond: number;
}

const LATENCY_CONNECTIONS = 16;
const STEADY_CREATE_CLIENTS = 4;
const STEADY_CREATES_PER_CLIENT = 500;

/**
 * GETs `getPath` over 16 HTTP/2 connections, one request in flight on each, for `seconds`, while
 * h2load creates `createBody` at `createPath` at a steady 2,000 a second (4 connections × 500/s):
 * the latency a reader sees while the heap grows and the collector runs. Needs h2load.
 */
export async function getLatencyWhileCreating(t: Target, getPath: string, createPath: string, createBody: string, seconds: number): Promise<GetLatency> {
  const sessions = Array.from({ length: LATENCY_CONNECTIONS }, () => connect(t.url, { ca: t.ca }));
  const latencies: number[] = [];
  let creating = true;
  const rate = STEADY_CREATE_CLIENTS * STEADY_CREATES_PER_CLIENT;
  const dir = mkdtempSync(join(tmpdir(), 'orch-bench-steady-'));
  const bodyFile = join(dir, 'body.json');
  writeFileSync(bodyFile, createBody);
  const creates = new Promise<number>((resolve, reject) => {
    const args = ['-n', String(rate * seconds), '-c', String(STEADY_CREATE_CLIENTS), '-m', '1', `--rps=${STEADY_CREATES_PER_CLIENT}`, '-d', bodyFile];
    args.push('-H', 'content-type: application/json', '-H', `authorization: Bearer ${t.token}`, new URL(createPath, t.url).href);
    execFile(H2LOAD, args, { maxBuffer: 1 << 20 }, (err, stdout) => {
      if (err) return reject(err);
      const [, time, unit] = /finished in ([\d.]+)(ms|s)/.exec(stdout) ?? [];
      resolve((rate * seconds) / (Number(time) / (unit === 'ms' ? 1000 : 1)));
    });
  }).finally(() => (creating = false));
  const reader = async (session: ClientHttp2Session) => {
    while (creating) {
      const start = performance.now();
      const status = await new Promise<number>((resolve, reject) => {
        const stream = session.request({ ':path': getPath, authorization: `Bearer ${t.token}` });
        let code = 0;
        stream.on('response', (h) => (code = Number(h[':status'])));
        stream.on('data', () => {});
        stream.on('end', () => resolve(code));
        stream.on('error', reject);
        stream.end();
      });
      if (status !== 200) throw new Error(`get ${getPath}: ${status}`);
      latencies.push(performance.now() - start);
    }
  };
  try {
    const [createsPerSecond] = await Promise.all([creates, ...sessions.map(reader)]);
    const sorted = latencies.sort((a, b) => a - b);
    return { p50: sorted[Math.floor(sorted.length / 2)]!, p99: sorted[Math.floor(sorted.length * 0.99)]!, max: sorted.at(-1)!, gets: sorted.length, createsPerSecond };
  } finally {
    for (const s of sessions) s.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

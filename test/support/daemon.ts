// The orch-apiserver daemon as end-to-end tests run it: a real child process over a
// data directory that survives restarts, with an admin token, answering JSON calls, /readyz and
// /metrics. stop() sends SIGTERM and resolves with the exit code. send() takes other tokens (or
// none), extra headers and raw bodies; url, ca and token let a test open its own connections.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureAdminToken } from '../../src/orchup/admin-token.ts';
import { apiserverComponent } from '../../src/orchup/components.ts';
import { dataDirLayout } from '../../src/orchup/layout.ts';
import { ensurePki, type PkiFiles } from '../../src/orchup/pki.ts';
import { freePort } from './free-port.ts';

export interface DaemonReply {
  status: number;
  /** The body parsed as JSON, or its text when it is not JSON. */
  body: any;
  text: string;
  headers: IncomingHttpHeaders;
}

export interface SendOptions {
  /** A string or Buffer is sent as written; anything else as JSON. */
  body?: unknown;
  /** Added to (and overriding) the defaults: the admin's bearer token and a JSON content type. */
  headers?: Record<string, string>;
  /** Bearer token instead of the admin's; null sends none (an anonymous request). */
  token?: string | null;
  timeoutMs?: number;
}

export interface StorageDaemon {
  url: string;
  /** The admin's bearer token (system:masters). */
  token: string;
  /** PEM of the CA that signed the serving certificate. */
  ca: string;
  /** The file holding that CA's certificate. */
  caFile: string;
  /** A JSON call as the admin. */
  call(method: string, path: string, body?: unknown, timeoutMs?: number): Promise<DaemonReply>;
  send(method: string, path: string, opts?: SendOptions): Promise<DaemonReply>;
  stderr(): string;
  stop(): Promise<number | null>;
  /** Sends `signal` (SIGKILL: a crash) and resolves once the process is gone, with its exit code. */
  kill(signal: NodeJS.Signals): Promise<number | null>;
}

type Hooks = { after(fn: () => Promise<void> | void): void };

/**
 * Hooks for a daemon started in a before() hook, where node:test's after() would run at once:
 * what they collect runs, in order, when the file's own after() calls run().
 */
export function deferredHooks(): Hooks & { run(): Promise<void> } {
  const fns: Array<() => Promise<void> | void> = [];
  return {
    after: (fn) => void fns.push(fn),
    async run() {
      for (const fn of fns.splice(0)) await fn();
    },
  };
}

/** A data directory removed when the test ends; pass it to several daemons to restart over it. */
export function daemonDir(t: Hooks): string {
  const dir = mkdtempSync(join(tmpdir(), 'orch-storage-e2e-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * Starts the daemon with extra flags (or flags made from the files of its PKI, which it creates
 * first); resolves once it is ready, or once it listens when waitReady is false.
 */
export async function startDaemon(t: Hooks, dir: string, flags: string[] | ((pki: PkiFiles) => string[]), opts: { waitReady?: boolean } = {}): Promise<StorageDaemon> {
  const layout = dataDirLayout('.orch', dir);
  mkdirSync(layout.root, { recursive: true });
  const token = ensureAdminToken(layout.tokenFile).token;
  const pki = await ensurePki(layout.pkiDir);
  const port = await freePort();
  const { command, args } = apiserverComponent({ layout, pki: pki.files, port, apiserverArgs: typeof flags === 'function' ? flags(pki.files) : flags });
  const child = spawn(command, args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    return exited;
  };
  t.after(async () => void (await stop()));
  const url = `https://127.0.0.1:${port}`;
  const send = (method: string, path: string, opts: SendOptions = {}) =>
    new Promise<DaemonReply>((resolve, reject) => {
      const { body, timeoutMs = 15_000 } = opts;
      const payload = body === undefined ? undefined : typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
      const bearer = opts.token === undefined ? token : opts.token;
      const headers: Record<string, string | number> = { 'content-type': 'application/json' };
      if (bearer !== null) headers.authorization = `Bearer ${bearer}`;
      Object.assign(headers, opts.headers);
      // Node's client neither chunks nor sizes a DELETE body unless told its length.
      if (payload !== undefined) headers['content-length'] = Buffer.byteLength(payload);
      const req = request(
        new URL(path, url),
        { method, ca: pki.caPem, agent: false, timeout: timeoutMs, headers },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => {
            let parsed: unknown = text;
            try {
              parsed = JSON.parse(text);
            } catch {
              // not JSON
            }
            resolve({ status: res.statusCode ?? 0, body: parsed, text, headers: res.headers });
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error(`${method} ${path} took longer than ${timeoutMs}ms`)));
      req.on('error', reject);
      req.end(payload);
    });
  const call = (method: string, path: string, body?: unknown, timeoutMs?: number) => send(method, path, { body, timeoutMs });
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`orch-apiserver exited ${child.exitCode}:\n${stderr}`);
    const r = await call('GET', opts.waitReady === false ? '/livez' : '/readyz', undefined, 2000).catch(() => undefined);
    if (r?.status === 200) break;
    if (Date.now() > deadline) throw new Error(`orch-apiserver not ready after 30s:\n${r?.text ?? ''}\n${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const kill = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  return { url, token, ca: pki.caPem, caFile: pki.files.caCertFile, call, send, stderr: () => stderr, stop, kill };
}

/** Polls fn until it returns a truthy value, or throws after timeoutMs with the last value. */
export async function eventually<T>(what: string, fn: () => Promise<T | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await fn();
      if (value) return value;
      last = value;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs}ms (last: ${String(last)})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// For end-to-end tests: runs the real orch-controller-manager launcher as a child process with an
// orchconfig pointing at a test API server, and helpers to talk to its HTTPS port.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { request as httpsRequest } from 'node:https';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const LAUNCHER = new URL('../../../bin/orch-controller-manager', import.meta.url).pathname;

export interface SpawnedControllerManager {
  child: ChildProcess;
  stderr(): string;
  exited: Promise<number | null>;
  /** Resolves once stderr matches. */
  waitForLog(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  kill(signal?: NodeJS.Signals): void;
}

/** Writes an orchconfig for a server URL, CA file and bearer token. */
export function writeOrchconfig(dir: string, server: { url: string; caFile: string; token?: string }, name = 'orchconfig'): string {
  const path = join(dir, name);
  writeFileSync(path, [
    'apiVersion: v1',
    'kind: Config',
    'clusters:',
    '- name: test',
    '  cluster:',
    `    server: ${server.url}`,
    `    certificate-authority: ${server.caFile}`,
    'users:',
    '- name: admin',
    '  user:',
    `    token: ${server.token ?? ''}`,
    'contexts:',
    '- name: test',
    '  context: {cluster: test, user: admin}',
    'current-context: test',
    '',
  ].join('\n'));
  return path;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export function spawnControllerManager(args: string[]): SpawnedControllerManager {
  const child = spawn(LAUNCHER, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  const listeners: Array<() => void> = [];
  child.stderr!.on('data', (b: Buffer) => {
    err += b.toString();
    for (const l of [...listeners]) l();
  });
  child.stdout!.resume();
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    stderr: () => err,
    exited,
    kill: (signal = 'SIGTERM') => void child.kill(signal),
    waitForLog(pattern, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const m = pattern.exec(err);
          if (!m) return false;
          cleanup();
          resolve(m);
          return true;
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`timed out waiting for ${pattern} in:\n${err}`));
        }, timeoutMs);
        const onExit = () => {
          if (check()) return;
          cleanup();
          reject(new Error(`exited before ${pattern}:\n${err}`));
        };
        const cleanup = () => {
          clearTimeout(timer);
          const i = listeners.indexOf(listener);
          if (i >= 0) listeners.splice(i, 1);
          child.off('exit', onExit);
        };
        const listener = () => void check();
        if (check()) return;
        listeners.push(listener);
        child.once('exit', onExit);
      });
    },
  };
}

export interface HttpsAnswer {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

/** GET over HTTPS; `ca` undefined skips verification (the self-signed certificate in memory). */
export function httpsGet(port: number, path: string, ca?: Buffer): Promise<HttpsAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest({ host: '127.0.0.1', port, path, ca, rejectUnauthorized: Boolean(ca), servername: 'localhost', agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

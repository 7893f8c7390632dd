// Starts a real API server for tests: in-process with startTestApiserver, or as a child process
// with spawnTestApiserver (real signals). Both bind 127.0.0.1 on a free port with a generated
// serving certificate and an admin token (group system:masters) in a token file.
import { after } from 'node:test';
import { mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpsRequest } from 'node:https';
import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { FlagValue } from '../../src/options/flag.ts';
import { completeConfig, type ServerDeps } from '../../src/apiserver/server/config.ts';
import { apiserverOptions } from '../../src/options/apiserver-options.ts';
import { createServer, type ApiServer } from '../../src/apiserver/server/server.ts';
import { ensureSelfSignedPair } from '../../src/component-base/certs/self-signed.ts';
import { configureLogging } from '../../src/component-base/logs/klog.ts';

// Info lines of in-process servers would drown test output; ORCH_TEST_VERBOSE=1 shows them.
if (!process.env.ORCH_TEST_VERBOSE) {
  configureLogging({ sink: { write: (severity, line) => void (severity !== 'I' && process.stderr.write(line)) } });
}

export type TestValues = Partial<Record<string, FlagValue>>;

export interface TestApiserver {
  url: string;
  port: number;
  caFile: string;
  /** Bearer token of an admin user (group system:masters); absent when token-auth-file was given. */
  token?: string;
  server: ApiServer;
  stop(): Promise<void>;
}

const tempDirs: string[] = [];
process.once('exit', () => {
  for (const d of tempDirs) rmSync(d, { recursive: true, force: true });
});

export function makeTempDir(prefix = 'orch-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

let sharedCertDir: Promise<string> | undefined;

/** One generated serving pair per test process: key generation is the slow part of start-up. */
export function sharedCertDirectory(): Promise<string> {
  sharedCertDir ??= (async () => {
    const dir = makeTempDir('orch-test-certs-');
    await ensureSelfSignedPair(dir, '127.0.0.1', ['localhost', '127.0.0.1', '::1']);
    return dir;
  })();
  return sharedCertDir;
}

async function defaultValues(values: TestValues): Promise<{ values: TestValues; token?: string; caFile: string }> {
  const out: TestValues = { 'bind-address': '127.0.0.1', 'secure-port': 0, ...values };
  let token: string | undefined;
  if (out['token-auth-file'] === undefined) {
    token = randomBytes(16).toString('hex');
    const file = join(makeTempDir('orch-test-tokens-'), 'tokens.csv');
    writeFileSync(file, `${token},admin,admin-uid,"system:masters"\n`);
    out['token-auth-file'] = file;
  }
  if (out['cert-dir'] === undefined && out['tls-cert-file'] === undefined) out['cert-dir'] = await sharedCertDirectory();
  const caFile = typeof out['tls-cert-file'] === 'string' ? out['tls-cert-file'] : join(out['cert-dir'] as string, 'apiserver.crt');
  return { values: out, token, caFile };
}

export async function startTestApiserver(values: TestValues = {}, deps: ServerDeps = {}): Promise<TestApiserver> {
  const d = await defaultValues(values);
  const server = createServer(await completeConfig(apiserverOptions(d.values), deps));
  const { port } = await server.start();
  return {
    url: `https://127.0.0.1:${port}`,
    port,
    caFile: d.caFile,
    token: d.token,
    server,
    stop: () => server.shutdown(),
  };
}

/**
 * startTestApiserver for one test file: every server it starts is stopped once the file's tests
 * have run. Call it at the top level of the file.
 */
export function apiserverStarter(): typeof startTestApiserver {
  const servers: TestApiserver[] = [];
  after(async () => {
    for (const s of servers) await s.stop();
  });
  return async (values, deps) => {
    const s = await startTestApiserver(values, deps);
    servers.push(s);
    return s;
  };
}

export interface ChildApiserver {
  url: string;
  port: number;
  caFile: string;
  token?: string;
  child: ChildProcess;
  /** Everything the child wrote to stderr so far. */
  stderr(): string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  kill(signal?: NodeJS.Signals): void;
}

const CHILD_SCRIPT = new URL('./apiserver-child.ts', import.meta.url).pathname;

/** Spawns test/support/apiserver-child.ts; resolves once it listens, rejects with its error otherwise. */
export async function spawnTestApiserver(values: TestValues = {}, opts: { slowApi?: boolean } = {}): Promise<ChildApiserver> {
  const d = await defaultValues(values);
  const child = spawn(process.execPath, [CHILD_SCRIPT, JSON.stringify(d.values), ...(opts.slowApi ? ['slow-api'] : [])], { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (b: Buffer) => (err += b.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
      const m = /LISTENING (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    void exited.then((code) => reject(new Error(`apiserver exited with ${code}: ${err.trim()}`)));
  });
  return {
    url: `https://127.0.0.1:${port}`,
    port,
    caFile: d.caFile,
    token: d.token,
    child,
    stderr: () => err,
    exited,
    kill: (signal = 'SIGTERM') => child.kill(signal),
  };
}

export interface TestResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** The body's bytes, for protobuf. */
  raw: Buffer;
  json<T = any>(): T;
}

/** An HTTPS/1.1 request trusting the test CA; a new connection each time. The path is sent as written. */
export function apiRequest(
  base: { url: string; caFile: string },
  path: string,
  opts: { method?: string; token?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<TestResponse> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  return new Promise((resolve, reject) => {
    // The path goes out exactly as given (new URL would resolve "." and ".." segments).
    const { hostname, port } = new URL(base.url);
    const req = httpsRequest(
      { hostname, port, path, method: opts.method ?? 'GET', headers, ca: readFileSync(base.caFile), agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const body = raw.toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, raw, json: () => JSON.parse(body) });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

// Start-up benchmark: time from spawning the API server to /readyz answering ok, median of 5
// runs with the serving certificate already in place (the steady state), plus the first start
// that generates it. Runs bin/orch-apiserver when the daemon exists, else the test child script.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { request } from 'node:https';
import { freePort } from '../test/support/free-port.ts';

const RUNS = 5;
const TARGET_MS = 1000;

function readyz(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path: '/readyz', rejectUnauthorized: false, agent: false, timeout: 1000 }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve(res.statusCode === 200 && body === 'ok'));
    });
    req.on('error', () => resolve(false));
    req.on('timeout', () => req.destroy());
    req.end();
  });
}

interface Launch {
  what: string;
  command: string;
  args(port: number, dir: string): string[];
}

function launcher(): Launch {
  const daemon = fileURLToPath(new URL('../src/cmd/orch-apiserver.ts', import.meta.url));
  if (existsSync(daemon)) {
    return {
      what: 'bin/orch-apiserver',
      command: fileURLToPath(new URL('../bin/orch-apiserver', import.meta.url)),
      args: (port, dir) => [`--data-dir=${dir}`, `--cert-dir=${join(dir, 'pki')}`, '--bind-address=127.0.0.1', `--secure-port=${port}`],
    };
  }
  return {
    what: 'serving core (test/support/apiserver-child.ts)',
    command: process.execPath,
    args: (port, dir) => [
      fileURLToPath(new URL('../test/support/apiserver-child.ts', import.meta.url)),
      JSON.stringify({ 'bind-address': '127.0.0.1', 'secure-port': port, 'cert-dir': join(dir, 'pki') }),
    ],
  };
}

async function startToReadyMs(launch: Launch, dir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(launch.command, launch.args(port, dir), { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-2000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${launch.what} exited with code ${child.exitCode}: ${stderr.trim().split('\n').at(-1)}`);
      if (await readyz(port)) return performance.now() - started;
      if (performance.now() - started > 30_000) throw new Error(`${launch.what} not ready after 30 s`);
      await new Promise((r) => setTimeout(r, 5));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export async function benchStartup(): Promise<Record<string, number | string>> {
  const launch = launcher();
  const dir = mkdtempSync(join(tmpdir(), 'orch-bench-startup-'));
  try {
    const first = await startToReadyMs(launch, dir);
    const runs: number[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await startToReadyMs(launch, dir));
    const med = median(runs);
    return {
      'process': launch.what,
      'first start to /readyz ok, generating certificates (ms)': Math.round(first),
      [`start to /readyz ok, median of ${RUNS} (ms)`]: Math.round(med),
      [`target < ${TARGET_MS} ms`]: med < TARGET_MS ? 'met' : 'MISSED',
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await benchStartup());
}

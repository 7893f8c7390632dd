// bin/orch-apiserver in a child process, started with the flags, certificates and admin token that
// `orch up` gives it, in a fresh data directory: the daemon exactly as users run it, for tests and
// benchmarks that must not share its event loop or miss a piece of its composition.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiserverComponent } from '../../src/orchup/components.ts';
import { dataDirLayout } from '../../src/orchup/layout.ts';
import { ensureAdminToken } from '../../src/orchup/admin-token.ts';
import { ensurePki } from '../../src/orchup/pki.ts';
import { waitForReady } from '../../src/orchup/readiness.ts';
import { freePort } from './free-port.ts';

export interface OrchDaemonTarget {
  url: string;
  /** The admin token (group system:masters). */
  token: string;
  /** The cluster CA, which signed the serving certificate. */
  ca: Buffer;
}

export interface OrchDaemon {
  child: ChildProcess;
  target: OrchDaemonTarget;
  /** The data directory, laid out as orch up lays it out (pki/, tokens.csv). */
  dataDir: string;
  /** The last 2,000 characters the daemon wrote to stderr. */
  stderr(): string;
  /** Stops the server and removes its data directory. */
  stop(): Promise<void>;
}

/** Starts the daemon and resolves once /readyz answers; extra arguments go after orch up's. */
export async function startOrchApiserver(extraArgs: string[] = []): Promise<OrchDaemon> {
  const dir = mkdtempSync(join(tmpdir(), 'orch-daemon-'));
  const layout = dataDirLayout(dir);
  const token = ensureAdminToken(layout.tokenFile).token;
  const pki = await ensurePki(layout.pkiDir);
  const port = await freePort();
  const component = apiserverComponent({ layout, pki: pki.files, port, apiserverArgs: extraArgs });
  const child = spawn(component.command, component.args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-2000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  const target: OrchDaemonTarget = { url: `https://127.0.0.1:${port}`, token, ca: Buffer.from(pki.caPem) };
  const gone = new AbortController();
  void exited.then(() => gone.abort(new Error(`orch-apiserver exited with ${child.exitCode}: ${stderr.trim().split('\n').at(-1)}`)));
  try {
    await waitForReady({ server: target.url, caPem: pki.caPem, token }, { timeoutMs: 30_000, signal: gone.signal });
  } catch (err) {
    await stop();
    throw err;
  }
  return { child, target, dataDir: dir, stderr: () => stderr, stop };
}

// `orch up`: prepares the data directory (token, certificates, orchconfig), starts the control
// plane, waits until it is ready, says how to reach it, and stays in the foreground.
import { mkdirSync } from 'node:fs';
import { ensureAdminToken } from './admin-token.ts';
import { afterReadyComponents, apiserverComponent, type Component, type ComponentContext } from './components.ts';
import { lockDataDir, type DataDirLock } from './data-dir-lock.ts';
import { dataDirLayout, type DataDirLayout } from './layout.ts';
import { writeOrchconfig } from './orchconfig.ts';
import { ensurePki } from './pki.ts';
import { waitForNodes, waitForReady } from './readiness.ts';
import { ensureDefaultStorageClass } from './default-storage-class.ts';
import { createSupervisor, type Supervisor } from './supervisor.ts';
import { parseUpArgs, type UpOptions } from '../options/up-options.ts';
import type { CommandIO } from '../options/command-io.ts';

/** orch up resolves its data directory against the working directory it is given. */
export interface UpIO extends CommandIO {
  cwd: string;
}

/** How long the apiserver may take to become ready before `orch up` gives up. */
const READY_TIMEOUT_MS = 60_000;

interface Prepared {
  ctx: ComponentContext;
  server: string;
  caPem: string;
  token: string;
}

/** Runs `orch up` with the arguments after `up`; settles with the process exit code. */
export async function runUp(argv: string[], io: UpIO): Promise<number> {
  const parsed = parseUpArgs(argv);
  if (parsed.kind === 'exit') {
    if (parsed.stdout) io.stdout(parsed.stdout);
    if (parsed.stderr) io.stderr(parsed.stderr);
    return parsed.code;
  }
  const layout = dataDirLayout(parsed.options.dataDir, io.cwd);
  let lock: DataDirLock;
  try {
    mkdirSync(layout.root, { recursive: true, mode: 0o700 });
    lock = lockDataDir(layout.root);
  } catch (err) {
    io.stderr(`Error: ${message(err)}\n`);
    return 1;
  }
  const release = () => lock.release();
  process.once('exit', release);
  try {
    const prepared = await prepare(layout, parsed.options, io);
    return prepared ? await runControlPlane(prepared, io) : 1;
  } finally {
    release();
    process.off('exit', release);
  }
}

/** What a start needs, made on the first start and reused after: token, certificates, orchconfig. */
async function prepare(layout: DataDirLayout, options: UpOptions, io: UpIO): Promise<Prepared | undefined> {
  const server = `https://127.0.0.1:${options.port}`;
  try {
    const token = ensureAdminToken(layout.tokenFile).token;
    const pki = await ensurePki(layout.pkiDir);
    writeOrchconfig(layout.orchconfig, { server, caPem: pki.caPem, token });
    return { ctx: { layout, pki: pki.files, port: options.port, apiserverArgs: options.apiserverArgs, nodes: options.nodes }, server, caPem: pki.caPem, token };
  } catch (err) {
    io.stderr(`Error: preparing ${layout.root}: ${message(err)}\n`);
    return undefined;
  }
}

async function runControlPlane({ ctx, server, caPem, token }: Prepared, io: UpIO): Promise<number> {
  const supervisor = createSupervisor({ say: (line) => io.stderr(line + '\n') });
  startComponent(supervisor, apiserverComponent(ctx));
  try {
    await waitForReady({ server, caPem, token }, { timeoutMs: READY_TIMEOUT_MS, signal: supervisor.interrupted });
  } catch (err) {
    // A stop signal or a child's death has already been reported and acted on by the supervisor.
    const timedOut = !supervisor.interrupted.aborted;
    if (timedOut) supervisor.stop(message(err));
    const code = await supervisor.wait();
    return timedOut ? 1 : code;
  }
  try {
    await ensureDefaultStorageClass({ server, caPem, token }, supervisor.interrupted);
  } catch (err) {
    // Claims then wait for a class someone makes; the control plane itself is fine.
    if (!supervisor.interrupted.aborted) io.stderr(`Warning: ${message(err)}\n`);
  }
  for (const component of afterReadyComponents(ctx)) startComponent(supervisor, component);
  const nodes = simulatedNodeNames(ctx.nodes ?? 1);
  try {
    if (nodes.length) await waitForNodes({ server, caPem, token }, nodes, { timeoutMs: READY_TIMEOUT_MS, signal: supervisor.interrupted });
  } catch (err) {
    const timedOut = !supervisor.interrupted.aborted;
    if (timedOut) supervisor.stop(message(err));
    const code = await supervisor.wait();
    return timedOut ? 1 : code;
  }

  // One write, so that a reader sees the lines together.
  io.stdout(
    `orch is up: ${server} (data in ${ctx.layout.root})\n` +
      `  KUBECONFIG=${ctx.layout.orchconfig} kubectl get --raw /readyz\n` +
      (nodes.length
        ? `  pods are simulated: ${nodes.length === 1 ? 'node' : `${nodes.length} nodes`} ${nodes.length > 3 ? `${nodes[0]} … ${nodes.at(-1)}` : nodes.join(', ')} run no containers (orch-nodeagent plays their part)\n`
        : '  no nodes (--nodes=0): pods stay Pending until a node agent registers a node\n') +
      `  in a browser: ${server}/ui/ (sign in with the admin token, the first field of ${ctx.layout.tokenFile})\n`,
  );
  return supervisor.wait();
}

/** The node agent names its nodes this way (its --node-name-prefix default). */
function simulatedNodeNames(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `orch-node-${i + 1}`);
}

function startComponent(supervisor: Supervisor, component: Component): void {
  supervisor.start(component.name, component.command, component.args);
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

// The simulated cluster around a test API server, as `orch up` runs it: orch-scheduler, and
// orch-nodeagent with some simulated nodes (several agents may run side by side under different
// node name prefixes, so a test can add a node later). Each is a child process with the same
// orchconfig; SHOW_NODE_LOG=1 prints their logs when they are stopped.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { nodeAgentArgs, schedulerArgs } from '../../src/options/command-line.ts';
import { dataDirLayout } from '../../src/orchup/layout.ts';
import { pkiFiles } from '../../src/orchup/pki.ts';

const BIN = fileURLToPath(new URL('../../bin/', import.meta.url));

export interface Component {
  child: ChildProcess;
  stderr(): string;
  /** Resolves once stderr matches. */
  waitForLog(pattern: RegExp, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

function start(command: string, args: string[]): Component {
  const child = spawn(BIN + command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (b: Buffer) => (err += b.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    stderr: () => err,
    async waitForLog(pattern, timeoutMs = 20_000) {
      const end = Date.now() + timeoutMs;
      while (!pattern.test(err)) {
        if (child.exitCode !== null) throw new Error(`${command} exited ${child.exitCode}:\n${err}`);
        if (Date.now() > end) throw new Error(`timed out waiting for ${pattern} from ${command}:\n${err.slice(-3000)}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      if (process.env.SHOW_NODE_LOG) process.stderr.write(`--- ${command}\n${err}`);
    },
  };
}

/** orch-scheduler against the server of `orchconfig`. */
export function startScheduler(orchconfig: string): Component {
  return start('orch-scheduler', schedulerArgs({ orchconfig }));
}

/**
 * orch-nodeagent with `nodes` nodes named `<prefix><n>`, serving with the certificates of the
 * data directory `dir` holds (as startDaemon made them); resolves once its nodes run pods.
 */
export async function startNodeAgent(orchconfig: string, dir: string, nodes: number, prefix = 'orch-node-', extra: string[] = []): Promise<Component> {
  const pki = pkiFiles(dataDirLayout('.orch', dir).pkiDir);
  const agent = start('orch-nodeagent', [
    // No metrics API: these tests register no APIService for it.
    ...nodeAgentArgs({ orchconfig, nodes, port: 0, tlsCertFile: pki.nodeAgentServingCertFile, tlsPrivateKeyFile: pki.nodeAgentServingKeyFile, clientCAFile: pki.caCertFile, metricsApiPort: -1, metricsApiCAFile: pki.caCertFile }),
    `--node-name-prefix=${prefix}`,
    // The tests using this run no node lifecycle controller, which would lift the not-ready taint.
    '--remove-not-ready-taint',
    ...extra,
  ]);
  await agent.waitForLog(/Simulated nodes are running their pods/);
  return agent;
}

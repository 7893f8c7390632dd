// A cluster as `orch up --nodes N` composes it, for end-to-end tests: the real orch-apiserver (with
// the --nodeagent-* certificates of its data directory), then orch-controller-manager (only the
// controllers pods and nodes need: service accounts, the root CA, and the node lifecycle controller
// that lifts a new node's not-ready taint), orch-scheduler and orch-nodeagent as
// child processes with the admin orchconfig, the way orch up starts them; resolves once every
// simulated node is Ready and the default service account exists. SHOW_AGENT_LOG=1 prints the
// components' logs when they stop.
import { spawn, type ChildProcess } from 'node:child_process';
import { writeOrchconfig } from '../../src/controllermanager/testing/spawn.ts';
import { afterReadyComponents } from '../../src/orchup/components.ts';
import { dataDirLayout } from '../../src/orchup/layout.ts';
import { pkiFiles } from '../../src/orchup/pki.ts';
import { nodesNotReady } from '../../src/orchup/readiness.ts';
import { daemonDir, eventually, startDaemon, type StorageDaemon } from './daemon.ts';

type Hooks = { after(fn: () => Promise<void> | void): void };

export interface Component {
  name: string;
  child: ChildProcess;
  log(): string;
  stop(): Promise<number | null>;
}

export interface SimulatedCluster {
  server: StorageDaemon;
  nodes: string[];
  controllerManager: Component;
  scheduler: Component;
  agent: Component;
  /** Stops the components in reverse start order, as orch up does. */
  stopComponents(): Promise<void>;
}

/** What pods need of the controller manager here: their service account and its CA bundle, and Ready nodes without the not-ready taint. */
const CONTROLLERS = '--controllers=serviceaccount-controller,root-ca-certificate-publisher-controller,node-lifecycle-controller';

function startComponent(t: Hooks, name: string, command: string, args: string[]): Component {
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr!.on('data', (c: Buffer) => (log += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const code = await exited;
    if (process.env.SHOW_AGENT_LOG) process.stderr.write(`--- ${name}\n${log}`);
    return code;
  };
  t.after(async () => void (await stop()));
  return { name, child, log: () => log, stop };
}

/**
 * Starts the API server, the scheduler and a node agent of `nodes` nodes; `agentArgs` go to the
 * agent, `managerArgs` to the controller manager (a --controllers there adds to ours).
 */
export async function startSimulatedCluster(t: Hooks, nodes: number, agentArgs: string[] = [], managerArgs: string[] = []): Promise<SimulatedCluster> {
  const dir = daemonDir(t);
  const server = await startDaemon(t, dir, []);
  const layout = dataDirLayout('.orch', dir);
  writeOrchconfig(layout.root, { url: server.url, caFile: server.caFile, token: server.token }, 'orchconfig');
  const components = afterReadyComponents({ layout, pki: pkiFiles(layout.pkiDir), port: Number(new URL(server.url).port), apiserverArgs: [], nodes });
  const started = new Map<string, Component>();
  for (const c of components) {
    const extra = c.name === 'orch-nodeagent' ? agentArgs : c.name === 'orch-controller-manager' ? [CONTROLLERS, '--leader-elect=false', ...managerArgs] : [];
    started.set(c.name, startComponent(t, c.name, c.command, [...c.args, ...extra]));
  }
  const names = Array.from({ length: nodes }, (_, i) => `orch-node-${i + 1}`);
  await eventually('the simulated nodes are Ready', async () => {
    const r = await server.call('GET', '/api/v1/nodes');
    return r.status === 200 && nodesNotReady(r.text, names).length === 0;
  }, 30_000).catch((err) => {
    throw new Error(`${(err as Error).message}\n${started.get('orch-nodeagent')?.log() ?? ''}`);
  });
  await eventually('the default service account exists', async () => (await server.call('GET', '/api/v1/namespaces/default/serviceaccounts/default')).status === 200, 30_000);
  return {
    server,
    nodes: names,
    controllerManager: started.get('orch-controller-manager')!,
    scheduler: started.get('orch-scheduler')!,
    agent: started.get('orch-nodeagent')!,
    async stopComponents() {
      for (const c of [...started.values()].reverse()) await c.stop();
    },
  };
}

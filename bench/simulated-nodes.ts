// Simulated nodes benchmark: orch-apiserver, orch-scheduler and orch-nodeagent with 100 nodes,
// started as `orch up --nodes 100` starts them; then 1,000 pods created at once, and the time from
// the first create until every pod is scheduled, and until every pod is Running and Ready, as a
// watch sees it. The CPU seconds and resident memory of each process over that time are given too.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:https';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { afterReadyComponents } from '../src/orchup/components.ts';
import { dataDirLayout } from '../src/orchup/layout.ts';
import { pkiFiles } from '../src/orchup/pki.ts';
import { writeOrchconfig } from '../src/orchup/orchconfig.ts';
import { nodesNotReady } from '../src/orchup/readiness.ts';
import { rssMiB, send, startApiserverWith, type Target } from './api-load.ts';
import { round } from './support.ts';

const NODES = 100;
const PODS = 1000;
const NAMESPACE = 'bench-nodes';
/** Creates in flight at once, as a controller with a generous QPS would send them. */
const CREATORS = 32;
const TARGET_SECONDS = 10;

function podBody(i: number): string {
  return JSON.stringify({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: `web-${i}`, namespace: NAMESPACE, labels: { app: 'web' } },
    spec: {
      automountServiceAccountToken: false,
      containers: [{ name: 'web', image: 'nginx:1.27', ports: [{ containerPort: 80 }], resources: { requests: { cpu: '100m', memory: '128Mi' } } }],
    },
  });
}

/** User and system CPU seconds of a process so far. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

interface Progress {
  scheduled: Set<string>;
  ready: Set<string>;
  allScheduledAt?: number;
  allReadyAt?: number;
  done: Promise<void>;
  close(): void;
}

/** Follows the namespace's pods with a watch, noting when all are scheduled and all Ready. */
function follow(target: Target, agent: Agent): Progress {
  let finish: () => void = () => {};
  const progress: Progress = { scheduled: new Set(), ready: new Set(), done: new Promise((resolve) => (finish = resolve)), close: () => {} };
  const req = request(new URL(`/api/v1/namespaces/${NAMESPACE}/pods?watch=true&allowWatchBookmarks=false`, target.url), { agent, headers: { authorization: `Bearer ${target.token}` } }, (res) => {
    let buffer = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      buffer += chunk;
      for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        if (!line.trim()) continue;
        const event = JSON.parse(line) as { type: string; object: { metadata: { name: string }; spec?: { nodeName?: string }; status?: { conditions?: Array<{ type: string; status: string }> } } };
        const pod = event.object;
        if (pod.spec?.nodeName) progress.scheduled.add(pod.metadata.name);
        if (pod.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True')) progress.ready.add(pod.metadata.name);
        const now = performance.now();
        if (progress.allScheduledAt === undefined && progress.scheduled.size === PODS) progress.allScheduledAt = now;
        if (progress.allReadyAt === undefined && progress.ready.size === PODS) {
          progress.allReadyAt = now;
          finish();
        }
      }
    });
  });
  req.on('error', () => undefined);
  req.end();
  progress.close = () => req.destroy();
  return progress;
}

function startComponent(command: string, args: string[]): { child: ChildProcess; stop(): Promise<void>; log(): string } {
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr!.on('data', (c: Buffer) => (log = (log + c.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    log: () => log,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function benchSimulatedNodes(): Promise<Record<string, number | string>> {
  const server = await startApiserverWith([NAMESPACE]);
  const { target } = server;
  const agent = new Agent({ keepAlive: true, maxSockets: CREATORS + 2, ca: target.ca });
  const layout = dataDirLayout(server.dataDir);
  writeOrchconfig(layout.orchconfig, { server: target.url, caPem: target.ca.toString(), token: target.token });
  const components = afterReadyComponents({ layout, pki: pkiFiles(layout.pkiDir), port: Number(new URL(target.url).port), apiserverArgs: [], nodes: NODES })
    .filter((c) => c.name !== 'orch-controller-manager')
    // Without the controller manager no node lifecycle controller lifts the not-ready taint: the agent does.
    .map((c) => ({ name: c.name, ...startComponent(c.command, c.name === 'orch-nodeagent' ? [...c.args, '--remove-not-ready-taint'] : c.args) }));
  const [scheduler, nodeAgent] = components;
  try {
    // Pods need their service account; without the controller manager it is made here.
    const account = await send(target, agent, 'POST', `/api/v1/namespaces/${NAMESPACE}/serviceaccounts`, JSON.stringify({ metadata: { name: 'default' } }));
    if (account.status !== 201) throw new Error(`service account: ${account.status} ${account.body.slice(0, 200)}`);
    const names = Array.from({ length: NODES }, (_, i) => `orch-node-${i + 1}`);
    const registering = performance.now();
    await until(`${NODES} nodes Ready`, async () => {
      const r = await send(target, agent, 'GET', '/api/v1/nodes');
      return r.status === 200 && nodesNotReady(r.body, names).length === 0;
    }, 120_000).catch((err) => {
      throw new Error(`${(err as Error).message}\n${nodeAgent!.log()}`);
    });
    const nodesReadyS = (performance.now() - registering) / 1000;
    // Let the start-up writes (leases, node status) settle before measuring.
    await new Promise((resolve) => setTimeout(resolve, 2000));

    const processes = [['orch-apiserver', server.child.pid!], ['orch-scheduler', scheduler!.child.pid!], ['orch-nodeagent', nodeAgent!.child.pid!]] as const;
    const cpuBefore = processes.map(([, pid]) => cpuSeconds(pid));
    const progress = follow(target, agent);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = performance.now();
    let next = 0;
    const creator = async () => {
      while (next < PODS) {
        const i = next++;
        const r = await send(target, agent, 'POST', `/api/v1/namespaces/${NAMESPACE}/pods`, podBody(i));
        if (r.status !== 201) throw new Error(`create web-${i}: ${r.status} ${r.body.slice(0, 200)}`);
      }
    };
    await Promise.all(Array.from({ length: CREATORS }, creator));
    const createdS = (performance.now() - started) / 1000;
    const timeout = setTimeout(() => progress.close(), 180_000);
    await Promise.race([progress.done, new Promise((resolve) => setTimeout(resolve, 180_000))]);
    clearTimeout(timeout);
    progress.close();
    if (progress.allReadyAt === undefined) throw new Error(`only ${progress.ready.size} of ${PODS} pods Ready after 3 minutes (${progress.scheduled.size} scheduled)\n${nodeAgent!.log()}`);
    const readyS = (progress.allReadyAt - started) / 1000;
    const scheduledS = ((progress.allScheduledAt ?? progress.allReadyAt) - started) / 1000;
    const cpu = processes.map(([name, pid], i) => [name, round(cpuSeconds(pid) - cpuBefore[i]!, 1)] as const);
    const rss = processes.map(([name, pid]) => [name, rssMiB(pid)] as const);
    return {
      [`${NODES} simulated nodes registered and Ready (s)`]: round(nodesReadyS, 1),
      [`${PODS.toLocaleString('en-US')} pods created, ${CREATORS} at a time (s)`]: round(createdS, 2),
      [`all ${PODS.toLocaleString('en-US')} pods scheduled, from the first create (s)`]: round(scheduledS, 2),
      [`all ${PODS.toLocaleString('en-US')} pods Running and Ready, from the first create (s, target < ${TARGET_SECONDS})`]: round(readyS, 2),
      'pods Ready per second': Math.round(PODS / readyS),
      ...Object.fromEntries(cpu.map(([name, s]) => [`${name} CPU meanwhile (s)`, s])),
      ...Object.fromEntries(rss.map(([name, mib]) => [`${name} RSS after (MiB)`, mib])),
    };
  } finally {
    agent.destroy();
    for (const c of [...components].reverse()) await c.stop();
    await server.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void benchSimulatedNodes().then((r) => console.log(r));

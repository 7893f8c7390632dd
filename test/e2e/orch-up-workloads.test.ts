// Workloads on `orch up --nodes 3`, end to end with the real kubectl and nothing else: bin/orch up
// in a temporary directory on a free port, kubectl through the orchconfig it writes. A deployment
// rolls out, rolls to a new image and back, and scales to ten; a job completes and a failing one
// fails after its back-off; a cron job every minute runs a job; a stateful set's pods come up one
// after another with their claims; a daemon set runs on every node and on a node a second
// orch-nodeagent adds; kubectl drain evicts within a PodDisruptionBudget; kubectl logs answers.
// The scenarios run side by side (the cron job's minute is the longest wait), the drain once the
// deployment has its ten pods, the fourth node only once they are placed on the first three, and
// the cron job is checked last.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { freePort } from '../support/free-port.ts';

const BIN = fileURLToPath(new URL('../../bin/', import.meta.url));
const KUBECTL = ['/usr/bin/kubectl', '/usr/local/bin/kubectl'].find((p) => existsSync(p));
const NODES = ['orch-node-1', 'orch-node-2', 'orch-node-3'];

type Obj = Record<string, any>;

interface Process {
  child: ChildProcess;
  stdout(): string;
  /** The last 20,000 characters of stderr. */
  stderr(): string;
  exited: Promise<void>;
}

function start(command: string, args: string[], cwd: string): Process {
  const child = spawn(BIN + command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (err = (err + c.toString()).slice(-20_000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, stdout: () => out, stderr: () => err, exited };
}

async function stop(p: Process): Promise<void> {
  if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGTERM');
  const timer = setTimeout(() => p.child.kill('SIGKILL'), 20_000);
  await p.exited;
  clearTimeout(timer);
}

async function until<T>(what: string, fn: () => Promise<T | undefined | false>, timeoutMs: number, intervalMs = 200): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await fn();
      if (value) return value;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms${last ? ` (${String(last)})` : ''}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** The cluster as kubectl and a plain HTTPS client see it, from the orchconfig orch up wrote. */
class Cluster {
  readonly server: URL;
  private readonly ca: Buffer;
  private readonly token: string;
  readonly orchconfig: string;
  /** HOME for kubectl, so that its cache stays in the test's directory. */
  private readonly home: string;

  constructor(orchconfig: string, home: string) {
    this.orchconfig = orchconfig;
    this.home = home;
    const config = parse(readFileSync(orchconfig, 'utf8'));
    this.server = new URL(config.clusters[0].cluster.server);
    this.ca = Buffer.from(config.clusters[0].cluster['certificate-authority-data'], 'base64');
    this.token = config.users[0].user.token;
  }

  kubectl(args: string[], input?: string): Promise<{ code: number; stdout: string; stderr: string }> {
    return new Promise((resolve) => {
      const child = execFile(KUBECTL!, args, { timeout: 120_000, env: { ...process.env, HOME: this.home, KUBECONFIG: this.orchconfig } }, (err, stdout, stderr) => {
        resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr: stderr.replace(/^WARNING: version difference.*\n/m, '') });
      });
      if (input !== undefined) child.stdin!.end(input);
    });
  }

  /** kubectl that must succeed; its stdout. */
  async ok(args: string[], input?: string): Promise<string> {
    const r = await this.kubectl(args, input);
    assert.equal(r.code, 0, `kubectl ${args.join(' ')}: ${r.stderr}${r.stdout}`);
    return r.stdout;
  }

  async get(path: string): Promise<Obj> {
    const r = await this.call('GET', path);
    assert.equal(r.status, 200, `GET ${path}: ${JSON.stringify(r.body)}`);
    return r.body;
  }

  call(method: string, path: string): Promise<{ status: number; body: Obj }> {
    return new Promise((resolve, reject) => {
      const req = request(new URL(path, this.server), { method, ca: this.ca, agent: false, headers: { authorization: `Bearer ${this.token}` } }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text || '{}') }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  /**
   * Lists a collection, then watches it from the list's resourceVersion, keeping the objects by
   * name; `changed` sees the collection after each event, in the server's order.
   */
  async watch(path: string, changed: (objects: Map<string, Obj>, event: { type: string; object: Obj }) => void): Promise<{ objects: Map<string, Obj>; stop(): void }> {
    const list = await this.get(path);
    const objects = new Map<string, Obj>((list.items as Obj[]).map((o) => [o.metadata.name, o]));
    const separator = path.includes('?') ? '&' : '?';
    const req = request(
      new URL(`${path}${separator}watch=1&allowWatchBookmarks=false&resourceVersion=${list.metadata.resourceVersion}`, this.server),
      { method: 'GET', ca: this.ca, agent: false, headers: { authorization: `Bearer ${this.token}` } },
    );
    req.on('response', (res) => {
      let buffered = '';
      res.on('data', (c: Buffer) => {
        buffered += c.toString();
        let newline: number;
        while ((newline = buffered.indexOf('\n')) >= 0) {
          const line = buffered.slice(0, newline);
          buffered = buffered.slice(newline + 1);
          if (!line.trim()) continue;
          const event = JSON.parse(line) as { type: string; object: Obj };
          if (event.type === 'ERROR' || event.type === 'BOOKMARK') continue;
          if (event.type === 'DELETED') objects.delete(event.object.metadata.name);
          else objects.set(event.object.metadata.name, event.object);
          changed(objects, event);
        }
      });
      res.on('error', () => {});
    });
    req.on('error', () => {});
    req.end();
    return { objects, stop: () => req.destroy() };
  }
}

const isReady = (pod: Obj) => pod.status?.phase === 'Running' && (pod.status?.conditions ?? []).some((c: Obj) => c.type === 'Ready' && c.status === 'True');
const conditionTrue = (o: Obj, type: string) => (o.status?.conditions ?? []).find((c: Obj) => c.type === type && c.status === 'True');

async function namespace(cluster: Cluster, name: string): Promise<void> {
  await cluster.ok(['create', 'namespace', name]);
  // Pods are refused until their service account exists.
  await until(`the default service account of ${name}`, async () => (await cluster.call('GET', `/api/v1/namespaces/${name}/serviceaccounts/default`)).status === 200, 20_000);
}

/** Pods of a namespace not being deleted, by label selector. */
async function livePods(cluster: Cluster, ns: string, selector: string): Promise<Obj[]> {
  const list = await cluster.get(`/api/v1/namespaces/${ns}/pods?labelSelector=${encodeURIComponent(selector)}`);
  return (list.items as Obj[]).filter((p) => !p.metadata.deletionTimestamp);
}

// 1 and 6 and 7: a deployment rolled out, to a new image and back, scaled to ten; its logs; then
// orch-node-1 drained under a budget that lets one pod of ten go at a time. `placed` is called
// once the ten pods are placed (or the scenario fails), so that a node added later takes none.
async function deploymentThenDrain(cluster: Cluster, say: (line: string) => void, placed: () => void): Promise<void> {
  try {
    await deploymentScenario(cluster, say, placed);
  } finally {
    placed();
  }
}

async function deploymentScenario(cluster: Cluster, say: (line: string) => void, placed: () => void): Promise<void> {
  const ns = 'deploy';
  await namespace(cluster, ns);
  const n = ['-n', ns];
  const images = async () => [...new Set((await livePods(cluster, ns, 'app=web')).map((p) => p.spec.containers[0].image))].sort();

  await cluster.ok([...n, 'create', 'deployment', 'web', '--image=nginx', '--replicas=3']);
  assert.match(await cluster.ok([...n, 'rollout', 'status', 'deployment/web', '--timeout=60s']), /deployment "web" successfully rolled out/);
  assert.equal((await livePods(cluster, ns, 'app=web')).filter(isReady).length, 3);

  await cluster.ok([...n, 'set', 'image', 'deployment/web', 'nginx=nginx:1.27']);
  await cluster.ok([...n, 'rollout', 'status', 'deployment/web', '--timeout=60s']);
  assert.deepEqual(await images(), ['nginx:1.27']);
  say('deployment: rolled out nginx, then nginx:1.27');

  await cluster.ok([...n, 'rollout', 'undo', 'deployment/web']);
  await cluster.ok([...n, 'rollout', 'status', 'deployment/web', '--timeout=60s']);
  assert.deepEqual(await images(), ['nginx']);
  const history = await cluster.ok([...n, 'rollout', 'history', 'deployment/web']);
  assert.match(history, /^2\s/m, 'nginx:1.27 stays as revision 2');
  assert.match(history, /^3\s/m, 'the undo is revision 3');

  await cluster.ok([...n, 'scale', 'deployment/web', '--replicas=10']);
  await cluster.ok([...n, 'rollout', 'status', 'deployment/web', '--timeout=60s']);
  const scaled = await until('ten ready replicas', async () => {
    const d = await cluster.get(`/apis/apps/v1/namespaces/${ns}/deployments/web`);
    return d.status?.readyReplicas === 10 && d.status?.availableReplicas === 10 ? d : undefined;
  }, 30_000);
  assert.equal(scaled.status.replicas, 10);
  placed();
  say('deployment: undone to nginx, scaled to 10 ready');

  // 7: the node agent's log of the container, through the API server.
  const [somePod] = (await livePods(cluster, ns, 'app=web')).filter(isReady);
  const logs = await cluster.ok([...n, 'logs', somePod!.metadata.name]);
  assert.match(logs, new RegExp(`^container nginx started from image docker\\.io/library/nginx:latest on node ${somePod!.spec.nodeName}\\n`), logs);

  // 6: a budget of nine of ten; orch-node-1 drained.
  await cluster.ok([...n, 'create', 'poddisruptionbudget', 'web', '--selector=app=web', '--min-available=9']);
  await until('the budget to allow one disruption', async () => {
    const pdb = await cluster.get(`/apis/policy/v1/namespaces/${ns}/poddisruptionbudgets/web`);
    return pdb.status?.currentHealthy === 10 && pdb.status?.disruptionsAllowed === 1 ? pdb : undefined;
  }, 20_000);
  const onNode1 = (await livePods(cluster, ns, 'app=web')).filter((p) => p.spec.nodeName === 'orch-node-1').map((p) => p.metadata.name);
  say(`drain: ${onNode1.length} of the deployment's pods on orch-node-1`);
  assert.ok(onNode1.length >= 2, `the spread put at least two of ten pods on orch-node-1, for the budget to matter: ${onNode1}`);

  let fewestHealthy = Infinity;
  const seenGoing = new Set<string>();
  const watcher = await cluster.watch(`/api/v1/namespaces/${ns}/pods?labelSelector=app%3Dweb`, (pods, event) => {
    if (event.type === 'DELETED' || event.object.metadata.deletionTimestamp) seenGoing.add(event.object.metadata.name);
    const healthy = [...pods.values()].filter((p) => isReady(p) && !p.metadata.deletionTimestamp).length;
    fewestHealthy = Math.min(fewestHealthy, healthy);
  });
  const started = Date.now();
  const drained = await cluster.kubectl(['drain', 'orch-node-1', '--ignore-daemonsets', '--delete-emptydir-data', '--timeout=100s']);
  watcher.stop();
  assert.equal(drained.code, 0, drained.stderr + drained.stdout);
  say(`drain: done in ${Date.now() - started} ms, at least ${fewestHealthy} of 10 healthy throughout`);
  assert.match(drained.stdout, /node\/orch-node-1 cordoned/);
  assert.match(drained.stdout, /node\/orch-node-1 drained/);
  for (const name of onNode1) assert.match(drained.stdout, new RegExp(`pod/${name} evicted`));
  // A second eviction refused (429) while the first pod's replacement was not yet ready, and retried.
  assert.match(drained.stderr, /Cannot evict pod as it would violate the pod's disruption budget/);
  assert.deepEqual(onNode1.filter((name) => !seenGoing.has(name)), [], 'the watch saw every eviction');
  assert.ok(fewestHealthy >= 9, `the budget held: at least 9 ready pods at every moment, saw ${fewestHealthy}`);

  const node = await cluster.get('/api/v1/nodes/orch-node-1');
  assert.equal(node.spec.unschedulable, true);
  assert.match(await cluster.ok(['get', 'node', 'orch-node-1']), /orch-node-1\s+Ready,SchedulingDisabled/);
  const replaced = await until('ten ready pods off orch-node-1', async () => {
    const pods = await livePods(cluster, ns, 'app=web');
    return pods.length === 10 && pods.every(isReady) && pods.every((p) => p.spec.nodeName !== 'orch-node-1') ? pods : undefined;
  }, 20_000);
  assert.ok(replaced.every((p) => !onNode1.includes(p.metadata.name)));
}

// 2: a job that completes, and one whose pods exit 3 that fails after its back-off.
async function jobs(cluster: Cluster, say: (line: string) => void): Promise<void> {
  const ns = 'jobs';
  await namespace(cluster, ns);
  const n = ['-n', ns];
  await cluster.ok([...n, 'create', 'job', 'hello', '--image=busybox', '--', 'echo', 'hello']);
  const failing = [
    'apiVersion: batch/v1', 'kind: Job', 'metadata: {name: flaky}',
    'spec:', '  backoffLimit: 1',
    '  template:',
    '    metadata: {annotations: {nodeagent.orch.io/exit-code: "3", nodeagent.orch.io/run-seconds: "0.2"}}',
    '    spec: {restartPolicy: Never, containers: [{name: main, image: busybox}]}',
    '',
  ].join('\n');
  await cluster.ok([...n, 'create', '-f', '-'], failing);
  await cluster.ok([...n, 'wait', '--for=condition=complete', 'job/hello', '--timeout=60s']);
  const hello = await cluster.get(`/apis/batch/v1/namespaces/${ns}/jobs/hello`);
  assert.equal(hello.status.succeeded, 1);
  say('job: hello Complete');

  await cluster.ok([...n, 'wait', '--for=condition=failed', 'job/flaky', '--timeout=60s']);
  const flaky = await cluster.get(`/apis/batch/v1/namespaces/${ns}/jobs/flaky`);
  assert.equal(conditionTrue(flaky, 'Failed')?.reason, 'BackoffLimitExceeded');
  assert.equal(flaky.status.failed, 2, 'the first pod and one retry');
  const pods = await livePods(cluster, ns, 'batch.orch.io/job-name=flaky');
  assert.ok(pods.every((p) => p.status.phase === 'Failed' && p.status.containerStatuses[0].state.terminated.exitCode === 3));
  say('job: flaky Failed (BackoffLimitExceeded)');
}

// 4: a stateful set with a claim template comes up in order, each pod with its claim.
async function statefulSet(cluster: Cluster, say: (line: string) => void): Promise<void> {
  const ns = 'stateful';
  await namespace(cluster, ns);
  const manifest = [
    'apiVersion: v1', 'kind: Service', 'metadata: {name: web}', 'spec: {clusterIP: None, selector: {app: web}, ports: [{port: 80}]}',
    '---',
    'apiVersion: apps/v1', 'kind: StatefulSet', 'metadata: {name: web}',
    'spec:', '  serviceName: web', '  replicas: 3', '  selector: {matchLabels: {app: web}}',
    '  template:', '    metadata: {labels: {app: web}}', '    spec: {containers: [{name: nginx, image: nginx}]}',
    '  volumeClaimTemplates:', '  - metadata: {name: data}', '    spec: {accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}}',
    '',
  ].join('\n');
  // Whenever a pod appears, in the server's order of events, every lower ordinal must be ready.
  const readyBelowWhenCreated = new Map<string, boolean>();
  const watcher = await cluster.watch(`/api/v1/namespaces/${ns}/pods`, (pods, event) => {
    const name: string = event.object.metadata.name;
    if (event.type !== 'ADDED' || readyBelowWhenCreated.has(name)) return;
    const ordinal = Number(name.slice('web-'.length));
    const lower = Array.from({ length: ordinal }, (_, i) => pods.get(`web-${i}`));
    readyBelowWhenCreated.set(name, lower.every((p) => p && isReady(p) && !p.metadata.deletionTimestamp));
  });
  try {
    await cluster.ok(['-n', ns, 'create', '-f', '-'], manifest);
    await cluster.ok(['-n', ns, 'rollout', 'status', 'statefulset/web', '--timeout=60s']);
  } finally {
    watcher.stop();
  }
  assert.deepEqual([...readyBelowWhenCreated].sort(), [['web-0', true], ['web-1', true], ['web-2', true]]);
  for (let i = 0; i < 3; i++) {
    const pod = await cluster.get(`/api/v1/namespaces/${ns}/pods/web-${i}`);
    assert.ok(isReady(pod));
    assert.deepEqual(pod.spec.volumes.find((v: Obj) => v.name === 'data'), { name: 'data', persistentVolumeClaim: { claimName: `data-web-${i}` } });
    const claim = await cluster.get(`/api/v1/namespaces/${ns}/persistentvolumeclaims/data-web-${i}`);
    assert.equal(claim.metadata.labels.app, 'web');
  }
  const claims = await cluster.ok(['-n', ns, 'get', 'pvc', '-o', 'name']);
  assert.deepEqual(claims.trim().split('\n').sort(), ['persistentvolumeclaim/data-web-0', 'persistentvolumeclaim/data-web-1', 'persistentvolumeclaim/data-web-2']);
  say('statefulset: web-0, web-1, web-2 ready in order, with data-web-0..2');
}

// 5: a daemon set on every node, and on orch-node-4 once a second agent registers it (after
// `nodeWanted`: the deployment spreads its ten pods over the first three, orch-node-1 among them).
async function daemonSet(cluster: Cluster, dataDir: string, cwd: string, agents: Process[], nodeWanted: Promise<void>, say: (line: string) => void): Promise<void> {
  const ns = 'daemons';
  await namespace(cluster, ns);
  const manifest = [
    'apiVersion: apps/v1', 'kind: DaemonSet', 'metadata: {name: agent}',
    'spec:', '  selector: {matchLabels: {app: agent}}',
    '  template:', '    metadata: {labels: {app: agent}}', '    spec: {containers: [{name: agent, image: busybox}]}',
    '',
  ].join('\n');
  await cluster.ok(['-n', ns, 'create', '-f', '-'], manifest);
  await cluster.ok(['-n', ns, 'rollout', 'status', 'daemonset/agent', '--timeout=60s']);
  const nodesOf = async () => (await livePods(cluster, ns, 'app=agent')).filter(isReady).map((p) => p.spec.nodeName).sort();
  assert.deepEqual(await nodesOf(), NODES);
  say('daemonset: a ready pod on each of the three nodes');

  await nodeWanted;
  const pki = join(dataDir, 'pki');
  const extra = start('orch-nodeagent', [
    `--orchconfig=${join(dataDir, 'orchconfig')}`, '--nodes=1', '--first-node-number=4', '--port=0',
    `--tls-cert-file=${join(pki, 'nodeagent.crt')}`, `--tls-private-key-file=${join(pki, 'nodeagent.key')}`, `--client-ca-file=${join(pki, 'ca.crt')}`,
  ], cwd);
  agents.push(extra);
  const node = await until('orch-node-4 Ready and schedulable', async () => {
    if (extra.child.exitCode !== null) throw new Error(`the second orch-nodeagent exited: ${extra.stderr()}`);
    const r = await cluster.call('GET', '/api/v1/nodes/orch-node-4');
    return r.status === 200 && conditionTrue(r.body, 'Ready') && !(r.body.spec.taints ?? []).some((t: Obj) => t.key === 'node.orch.io/not-ready') ? r.body : undefined;
  }, 30_000);
  assert.equal(node.spec.podCIDR, '10.244.4.0/24', 'its own pod CIDR, not orch-node-1\'s');
  await until('the daemon set to follow orch-node-4', async () => {
    const ds = await cluster.get(`/apis/apps/v1/namespaces/${ns}/daemonsets/agent`);
    return ds.status?.desiredNumberScheduled === 4 && ds.status?.numberReady === 4 ? ds : undefined;
  }, 30_000);
  assert.deepEqual(await nodesOf(), [...NODES, 'orch-node-4']);
  const [onNew] = (await livePods(cluster, ns, 'app=agent')).filter((p) => p.spec.nodeName === 'orch-node-4');
  assert.match(onNew!.status.podIP, /^10\.244\.4\.\d+$/);
  say('daemonset: followed orch-node-4 from a second orch-nodeagent');
}

// 3: started first, checked last: a cron job every minute runs a job that completes.
async function cronJobStart(cluster: Cluster): Promise<number> {
  await namespace(cluster, 'cron');
  await cluster.ok(['-n', 'cron', 'create', 'cronjob', 'tick', '--image=busybox', '--schedule=*/1 * * * *']);
  return Date.now();
}

async function cronJobCheck(cluster: Cluster, createdAt: number, say: (line: string) => void): Promise<void> {
  // The next whole minute, then the job's one-second run.
  const deadline = Math.ceil(createdAt / 60_000) * 60_000 + 20_000;
  const cronJob = await until('the cron job to run a job to completion', async () => {
    const cj = await cluster.get('/apis/batch/v1/namespaces/cron/cronjobs/tick');
    return cj.status?.lastSuccessfulTime ? cj : undefined;
  }, Math.max(deadline - Date.now(), 1_000), 500);
  const jobs = (await cluster.get('/apis/batch/v1/namespaces/cron/jobs')).items as Obj[];
  const ran = jobs.find((j) => j.metadata.ownerReferences?.[0]?.name === 'tick');
  assert.ok(ran, 'a job owned by the cron job');
  assert.match(ran.metadata.name, /^tick-\d+$/);
  assert.ok(conditionTrue(ran, 'Complete'));
  assert.equal(Date.parse(cronJob.status.lastScheduleTime) % 60_000, 0, 'scheduled on a whole minute');
  say(`cronjob: ${ran.metadata.name} Complete, ${Math.round((Date.now() - createdAt) / 1000)} s after the cron job was made`);
}

test('orch up --nodes 3: deployments, jobs, a cron job, a stateful set, a daemon set, drain and logs with kubectl', { skip: KUBECTL ? false : 'kubectl is not installed', timeout: 180_000 }, async (t) => {
  const started = Date.now();
  const say = (line: string) => t.diagnostic(`${((Date.now() - started) / 1000).toFixed(1)} s: ${line}`);
  const cwd = mkdtempSync(join(tmpdir(), 'orch-up-workloads-'));
  const processes: Process[] = [];
  t.after(async () => {
    // The extra agent first, then orch up, which stops what it started.
    for (const p of processes.reverse()) await stop(p);
    rmSync(cwd, { recursive: true, force: true });
  });
  const up = start('orch', ['up', '--port', String(await freePort()), '--nodes', '3'], cwd);
  processes.push(up);
  const printed = await until('orch up to say it is up', async () => {
    if (up.child.exitCode !== null) throw new Error(`orch up exited ${up.child.exitCode}: ${up.stderr()}`);
    return /orch is up: (\S+) \(data in (.+)\)\n\s+KUBECONFIG=(\S+) kubectl/.exec(up.stdout()) ?? undefined;
  }, 60_000, 100);
  const [, , dataDir, orchconfig] = printed;
  assert.match(up.stdout(), /pods are simulated: 3 nodes orch-node-1, orch-node-2, orch-node-3 run no containers/);
  const cluster = new Cluster(orchconfig!, cwd);
  say('orch up is up');
  const agents: Process[] = [];
  try {
    const nodes = await cluster.ok(['get', 'nodes', '-o', 'name']);
    assert.deepEqual(nodes.trim().split('\n'), NODES.map((n) => `node/${n}`));

    const cronCreated = await cronJobStart(cluster);
    const { promise: deploymentPlaced, resolve: placed } = Promise.withResolvers<void>();
    const results = await Promise.allSettled([
      deploymentThenDrain(cluster, say, placed),
      jobs(cluster, say),
      statefulSet(cluster, say),
      daemonSet(cluster, dataDir!, cwd, agents, deploymentPlaced, say),
    ]);
    const failures = results.flatMap((r, i) => (r.status === 'rejected' ? [`${['deployment and drain', 'jobs', 'statefulset', 'daemonset'][i]}: ${(r.reason as Error).stack}`] : []));
    assert.deepEqual(failures, [], failures.join('\n\n'));
    await cronJobCheck(cluster, cronCreated, say);
  } catch (err) {
    if (process.env.SHOW_ORCH_LOG) process.stderr.write(`--- orch up\n${up.stderr()}\n`);
    throw err;
  } finally {
    processes.push(...agents);
  }
  say('all done');
});

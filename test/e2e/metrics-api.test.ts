// The node agent's resource metrics API end to end, in a cluster as orch up composes it: the agent
// registers v1beta1.metrics.k8s.io (an ExternalName Service for its address, the CA that signed
// its serving certificate) and the aggregator reaches it with the front proxy certificate;
// PodMetrics follow the pods' usage annotations and NodeMetrics are their sum plus the node's
// base; kubectl top pod and top node print them; the agent refuses a caller that is not the
// aggregator, and a user the aggregator names who may not read metrics.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:https';
import { readFileSync } from 'node:fs';
import { startSimulatedCluster, type SimulatedCluster } from '../support/simulated-cluster.ts';
import { deferredHooks, eventually } from '../support/daemon.ts';
import { kubectlFor, kubectlSkip, type Kubectl } from '../support/kubectl.ts';
import { dirname } from 'node:path';

const hooks = deferredHooks();
let c: SimulatedCluster;
let k: Kubectl | undefined;
const APISERVICE = '/apis/apiregistration.orch.io/v1/apiservices/v1beta1.metrics.k8s.io';

const pod = (name: string, annotations: Record<string, string>) => ({
  apiVersion: 'v1', kind: 'Pod',
  metadata: { name, namespace: 'default', labels: { app: 'top' }, annotations },
  spec: { containers: [{ name: 'app', image: 'busybox' }, { name: 'side', image: 'busybox' }] },
});

before(async () => {
  c = await startSimulatedCluster(hooks, 1);
  for (const p of [pod('busy', { 'nodeagent.orch.io/cpu-usage': '200m', 'nodeagent.orch.io/memory-usage': '64Mi', 'nodeagent.orch.io/cpu-usage.side': '50m' }), pod('idle', {})]) {
    assert.equal((await c.server.call('POST', '/api/v1/namespaces/default/pods', p)).status, 201);
  }
  await eventually('the pods run', async () => {
    const r = await c.server.call('GET', '/api/v1/namespaces/default/pods');
    return (r.body as any).items.every((p: any) => p.status?.phase === 'Running');
  }, 30_000);
  if (!kubectlSkip) k = kubectlFor(c.server);
});

after(async () => {
  k?.close();
  await c?.stopComponents();
  await hooks.run();
});

test('the agent registers the APIService, which becomes Available through its ExternalName service', async () => {
  const available = await eventually('the metrics APIService is Available', async () => {
    const r = await c.server.call('GET', APISERVICE);
    return r.status === 200 && (r.body as any).status?.conditions?.find((x: any) => x.type === 'Available')?.status === 'True' ? r.body : undefined;
  }, 30_000).catch(async (err) => {
    throw new Error(`${(err as Error).message}: ${JSON.stringify((await c.server.call('GET', APISERVICE)).body)}\n${c.agent.log()}`);
  });
  const spec = (available as any).spec;
  assert.deepEqual([spec.group, spec.version, spec.service.namespace, spec.service.name, spec.groupPriorityMinimum, spec.versionPriority], ['metrics.k8s.io', 'v1beta1', 'orch-system', 'nodeagent-metrics', 100, 100]);
  assert.ok(spec.caBundle, 'the serving certificate is verified');
  const svc = (await c.server.call('GET', '/api/v1/namespaces/orch-system/services/nodeagent-metrics')).body as any;
  assert.deepEqual([svc.spec.type, svc.spec.externalName], ['ExternalName', '127.0.0.1']);
});

test('PodMetrics follow the usage annotations per container; NodeMetrics sum them with the base', async () => {
  const list = await eventually('pod metrics', async () => {
    const r = await c.server.call('GET', '/apis/metrics.k8s.io/v1beta1/namespaces/default/pods?labelSelector=app%3Dtop');
    return r.status === 200 && (r.body as any).items?.length === 2 ? r.body : undefined;
  }, 20_000) as any;
  const busy = list.items.find((i: any) => i.metadata.name === 'busy');
  assert.deepEqual(busy.containers, [{ name: 'app', usage: { cpu: '200m', memory: '64Mi' } }, { name: 'side', usage: { cpu: '50m', memory: '64Mi' } }]);
  assert.equal(busy.window, '10s');
  assert.equal(list.items.find((i: any) => i.metadata.name === 'idle').containers[0].usage.cpu, '0');
  const node = (await c.server.call('GET', `/apis/metrics.k8s.io/v1beta1/nodes/${c.nodes[0]}`)).body as any;
  assert.deepEqual(node.usage, { cpu: '300m', memory: '384Mi' });
  const missing = await c.server.call('GET', '/apis/metrics.k8s.io/v1beta1/namespaces/default/pods/nothing');
  assert.equal(missing.status, 404);
  // A raised annotation shows at the next read.
  assert.equal((await c.server.send('PATCH', '/api/v1/namespaces/default/pods/idle', { body: { metadata: { annotations: { 'nodeagent.orch.io/cpu-usage': '1' } } }, headers: { 'content-type': 'application/merge-patch+json' } })).status, 200);
  await eventually('the new usage', async () => ((await c.server.call('GET', '/apis/metrics.k8s.io/v1beta1/namespaces/default/pods/idle')).body as any).containers?.[0]?.usage?.cpu === '1', 10_000);
});

test('kubectl top pod and top node', { skip: kubectlSkip }, async () => {
  const pods = await k!.run(['top', 'pod', '--containers', '-l', 'app=top']);
  assert.equal(pods.code, 0, pods.stderr);
  assert.match(pods.stdout, /POD\s+NAME\s+CPU\(cores\)\s+MEMORY\(bytes\)/);
  assert.match(pods.stdout, /busy\s+app\s+200m\s+64Mi/);
  const nodes = await k!.run(['top', 'node']);
  assert.equal(nodes.code, 0, nodes.stderr);
  assert.match(nodes.stdout, new RegExp(`${c.nodes[0]}\\s+\\d+m\\s+\\d+%\\s+\\d+Mi\\s+\\d+%`));
});

test('the agent answers only the aggregator: a client of the cluster CA gets 401', async () => {
  const svc = (await c.server.call('GET', '/api/v1/namespaces/orch-system/services/nodeagent-metrics')).body as any;
  const port = svc.spec.ports[0].port;
  const pki = dirname(c.server.caFile);
  const status = await new Promise<number>((resolve, reject) => {
    const req = request({
      host: '127.0.0.1', port, path: '/apis/metrics.k8s.io/v1beta1/nodes', rejectUnauthorized: false,
      cert: readFileSync(`${pki}/apiserver-nodeagent-client.crt`), key: readFileSync(`${pki}/apiserver-nodeagent-client.key`),
      headers: { 'X-Remote-User': 'system:admin', 'X-Remote-Group': 'system:masters' },
    }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
  assert.equal(status, 401);
});

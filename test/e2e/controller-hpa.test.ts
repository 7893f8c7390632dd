// The horizontal pod autoscaler end to end, in a cluster as orch up composes it (the node agent's
// metrics API registered with the aggregator) with the deployment, replica set and autoscaler
// controllers: an autoscaler on a deployment aiming at 50% CPU of the requests reports its
// current use; raising the pods' cpu-usage annotation scales the deployment up
// (SuccessfulRescale), and lowering it scales it back down once the shortened downscale
// stabilization window has passed; kubectl get hpa shows the targets.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { deferredHooks, eventually } from '../support/daemon.ts';
import { kubectlFor, kubectlSkip, type Kubectl } from '../support/kubectl.ts';
import { startSimulatedCluster, type SimulatedCluster } from '../support/simulated-cluster.ts';

const NS = 'default';
const HPA = `/apis/autoscaling/v2/namespaces/${NS}/horizontalpodautoscalers/web`;
const hooks = deferredHooks();
let c: SimulatedCluster;
let k: Kubectl | undefined;

const deployment = (cpu: string) => ({
  apiVersion: 'apps/v1', kind: 'Deployment',
  metadata: { name: 'web', namespace: NS },
  spec: {
    replicas: 1,
    selector: { matchLabels: { app: 'web' } },
    template: {
      metadata: { labels: { app: 'web' }, annotations: { 'nodeagent.orch.io/cpu-usage': cpu } },
      spec: { containers: [{ name: 'app', image: 'nginx', resources: { requests: { cpu: '100m', memory: '32Mi' } } }] },
    },
  },
});

const hpa = {
  apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler',
  metadata: { name: 'web', namespace: NS },
  spec: {
    scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' },
    minReplicas: 1, maxReplicas: 4,
    metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } } }],
  },
};

before(async () => {
  c = await startSimulatedCluster(hooks, 1, [], [
    '--controllers=deployment-controller,replicaset-controller,horizontal-pod-autoscaler-controller',
    '--horizontal-pod-autoscaler-sync-period=1s',
    '--horizontal-pod-autoscaler-downscale-stabilization=4s',
    '--horizontal-pod-autoscaler-cpu-initialization-period=1s',
  ]);
  if (!kubectlSkip) k = kubectlFor(c.server);
});

after(async () => {
  k?.close();
  await c?.stopComponents();
  await hooks.run();
});

async function pods(): Promise<any[]> {
  return ((await c.server.call('GET', `/api/v1/namespaces/${NS}/pods?labelSelector=app%3Dweb`)).body as any).items;
}

async function setUsage(cpu: string): Promise<void> {
  for (const p of await pods()) {
    const r = await c.server.send('PATCH', `/api/v1/namespaces/${NS}/pods/${p.metadata.name}`, { body: { metadata: { annotations: { 'nodeagent.orch.io/cpu-usage': cpu } } }, headers: { 'content-type': 'application/merge-patch+json' } });
    assert.equal(r.status, 200);
  }
}

const status = async () => ((await c.server.call('GET', HPA)).body as any).status;
const readyReplicas = async () => ((await c.server.call('GET', `/apis/apps/v1/namespaces/${NS}/deployments/web`)).body as any).status?.readyReplicas ?? 0;

test('an autoscaler reports its metric, scales up when usage rises and back down after the window', async () => {
  assert.equal((await c.server.call('POST', `/apis/apps/v1/namespaces/${NS}/deployments`, deployment('40m'))).status, 201);
  await eventually('the first pod is ready', async () => (await readyReplicas()) === 1, 30_000);
  assert.equal((await c.server.call('POST', `/apis/autoscaling/v2/namespaces/${NS}/horizontalpodautoscalers`, hpa)).status, 201);
  const first = await eventually('the autoscaler reports 40%', async () => {
    const s = await status();
    return s?.currentMetrics?.[0]?.resource?.current?.averageUtilization === 40 ? s : undefined;
  }, 30_000).catch(async (err) => {
    throw new Error(`${(err as Error).message}: ${JSON.stringify(await status())}\n${c.controllerManager.log().slice(-3000)}`);
  });
  assert.equal(first.desiredReplicas, 1);
  assert.deepEqual(first.conditions.map((x: any) => [x.type, x.status]), [['AbleToScale', 'True'], ['ScalingActive', 'True'], ['ScalingLimited', 'False']]);

  // 150% of the request against 50%: three pods.
  await setUsage('150m');
  await eventually('three replicas', async () => (await status())?.desiredReplicas === 3, 30_000);
  const events = ((await c.server.call('GET', `/apis/events.orch.io/v1/namespaces/${NS}/events`)).body as any).items;
  const rescale = events.find((e: any) => e.reason === 'SuccessfulRescale' && e.regarding.name === 'web');
  assert.equal(rescale?.note, 'New size: 3; reason: cpu resource utilization (percentage of request) above target');
  await eventually('three ready pods', async () => (await readyReplicas()) === 3, 30_000);
  // The new pods use what the template says (40m); at 50m each, three pods meet the target.
  await setUsage('50m');
  await eventually('the autoscaler sees three replicas', async () => (await status())?.currentReplicas === 3, 30_000);

  if (k) {
    const table = await k.run(['get', 'hpa', 'web']);
    assert.equal(table.code, 0, table.stderr);
    assert.match(table.stdout, /NAME\s+REFERENCE\s+TARGETS\s+MINPODS\s+MAXPODS\s+REPLICAS\s+AGE/);
    assert.match(table.stdout, /web\s+Deployment\/web\s+cpu: \d+%\/50%\s+1\s+4\s+3/);
  }

  // Down to 10%: one pod, but only after the 4 s window of higher recommendations.
  await setUsage('10m');
  const down = await eventually('held at three while recommendations are recent', async () => {
    const s = await status();
    return s?.conditions?.find((x: any) => x.type === 'AbleToScale')?.reason === 'ScaleDownStabilized' ? s : undefined;
  }, 15_000);
  assert.equal(down.desiredReplicas, 3);
  await eventually('one replica', async () => (await status())?.desiredReplicas === 1, 30_000);
});

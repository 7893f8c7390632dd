// The core/v1 admission plugins in the real daemon, driven by the real kubectl: a quota created
// with `kubectl create quota` counts at once and refuses the pod over it with Kubernetes' message,
// a LimitRange's defaults and maximum apply to new pods, pods run as their namespace's service
// account with its token volume, pods tolerate not-ready and unreachable nodes for the configured
// time, and a new node is tainted not-ready.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { deferredHooks, startDaemon, daemonDir, type StorageDaemon } from '../support/daemon.ts';
import { kubectlFor, kubectlSkip as skip, type Kubectl } from '../support/kubectl.ts';

const hooks = deferredHooks();
let daemon: StorageDaemon;
let k: Kubectl;
before(async () => {
  if (skip) return;
  daemon = await startDaemon(hooks, daemonDir(hooks), ['--default-not-ready-toleration-seconds=120']);
  k = kubectlFor(daemon);
});
after(async () => {
  k?.close();
  await hooks.run();
});

/** A namespace with its default service account (the controller manager, not running here, would make it). */
async function namespace(name: string): Promise<void> {
  for (const args of [['create', 'namespace', name], ['create', 'serviceaccount', 'default', '-n', name]]) {
    const r = await k.run(args);
    assert.equal(r.code, 0, r.stderr);
  }
}

async function runPod(ns: string, name: string): Promise<{ code: number; stderr: string }> {
  return k.run(['run', name, '--image=nginx', '--restart=Never', '-n', ns]);
}

async function podJson(ns: string, name: string): Promise<any> {
  const r = await k.run(['get', 'pod', name, '-n', ns, '-o', 'json']);
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout);
}

test('kubectl create quota counts at once: the second pod is refused with Kubernetes\' message', { skip }, async () => {
  await namespace('quota');
  const created = await k.run(['create', 'quota', 'q', '--hard=pods=1', '-n', 'quota']);
  assert.equal(created.code, 0, created.stderr);
  const first = await runPod('quota', 'a');
  assert.equal(first.code, 0, first.stderr);
  const second = await runPod('quota', 'b');
  assert.notEqual(second.code, 0);
  assert.equal(second.stderr.trim(), 'Error from server (Forbidden): pods "b" is forbidden: exceeded quota: q, requested: pods=1, used: pods=1, limited: pods=1');
  const used = await k.run(['get', 'quota', 'q', '-n', 'quota', '-o', 'jsonpath={.status.hard.pods}/{.status.used.pods}']);
  assert.equal(used.stdout, '1/1');
  const described = await k.run(['get', 'quota', '-n', 'quota']);
  assert.match(described.stdout, /q\s+\S+\s+pods: 1\/1/);
});

test("a LimitRange's defaults appear in a created pod, and its maximum refuses a bigger one", { skip }, async () => {
  await namespace('limits');
  const lr = k.file(
    'limits.yaml',
    'apiVersion: v1\nkind: LimitRange\nmetadata:\n  name: defaults\n  namespace: limits\nspec:\n  limits:\n  - type: Container\n    default:\n      cpu: 500m\n      memory: 256Mi\n    defaultRequest:\n      cpu: 100m\n    max:\n      cpu: "1"\n',
  );
  const applied = await k.run(['apply', '-f', lr]);
  assert.equal(applied.code, 0, applied.stderr);
  const run = await runPod('limits', 'web');
  assert.equal(run.code, 0, run.stderr);
  const pod = await podJson('limits', 'web');
  assert.deepEqual(pod.spec.containers[0].resources, { limits: { cpu: '500m', memory: '256Mi' }, requests: { cpu: '100m', memory: '256Mi' } });
  assert.equal(pod.metadata.annotations['orch.io/limit-ranger'], 'LimitRanger plugin set: cpu, memory request for container web; cpu, memory limit for container web');
  const big = await k.run(['run', 'big', '--image=nginx', '--restart=Never', '-n', 'limits', '--overrides', JSON.stringify({ spec: { containers: [{ name: 'big', image: 'nginx', resources: { limits: { cpu: '2' } } }] } })]);
  assert.notEqual(big.code, 0);
  assert.equal(big.stderr.trim(), 'Error from server (Forbidden): pods "big" is forbidden: maximum cpu usage per Container is 1, but limit is 2');
});

test("a pod runs as the namespace's default service account with its token volume; a missing account refuses it", { skip }, async () => {
  await namespace('accounts');
  const run = await runPod('accounts', 'web');
  assert.equal(run.code, 0, run.stderr);
  const pod = await podJson('accounts', 'web');
  assert.equal(pod.spec.serviceAccountName, 'default');
  const volume = pod.spec.volumes.find((v: any) => v.name.startsWith('orch-api-access-'));
  assert.match(volume.name, /^orch-api-access-[a-z0-9]{5}$/);
  assert.deepEqual(volume.projected.sources[0], { serviceAccountToken: { expirationSeconds: 3607, path: 'token' } });
  assert.deepEqual(volume.projected.sources[1], { configMap: { name: 'orch-root-ca.crt', items: [{ key: 'ca.crt', path: 'ca.crt' }] } });
  assert.equal(volume.projected.defaultMode, 420);
  assert.deepEqual(pod.spec.containers[0].volumeMounts, [{ name: volume.name, readOnly: true, mountPath: '/var/run/secrets/orch.io/serviceaccount' }]);
  const missing = await k.run(['run', 'robot', '--image=nginx', '--restart=Never', '-n', 'accounts', '--overrides', '{"spec":{"serviceAccountName":"robot"}}']);
  assert.notEqual(missing.code, 0);
  assert.equal(missing.stderr.trim(), 'Error from server (Forbidden): pods "robot" is forbidden: error looking up service account accounts/robot: serviceaccount "robot" not found');
});

test('pods tolerate not-ready and unreachable nodes for the configured seconds', { skip }, async () => {
  await namespace('tolerations');
  const run = await runPod('tolerations', 'web');
  assert.equal(run.code, 0, run.stderr);
  const pod = await podJson('tolerations', 'web');
  assert.deepEqual(pod.spec.tolerations, [
    { key: 'node.orch.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 120 },
    { key: 'node.orch.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
  ]);
});

test('a new node is tainted not-ready', { skip }, async () => {
  const file = k.file('node.yaml', 'apiVersion: v1\nkind: Node\nmetadata:\n  name: worker-1\n');
  const created = await k.run(['create', '-f', file]);
  assert.equal(created.code, 0, created.stderr);
  const taints = await k.run(['get', 'node', 'worker-1', '-o', 'jsonpath={.spec.taints}']);
  assert.deepEqual(JSON.parse(taints.stdout), [{ key: 'node.orch.io/not-ready', effect: 'NoSchedule' }]);
});

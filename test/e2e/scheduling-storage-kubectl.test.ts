// Priority classes, storage classes, runtime classes and CSI drivers with the real kubectl:
// `kubectl create priorityclass`, `kubectl get pc` with the system classes, a pod getting its
// class's priority, a default StorageClass applied and then given to a claim, `kubectl get sc`
// marking it "(default)", `kubectl get runtimeclass,csidriver`, and a refused change.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';
import { kubectlFor, kubectlSkip as skip, type Kubectl } from '../support/kubectl.ts';

let s: CoreApiserver;
let k: Kubectl;
before(async () => {
  if (skip) return;
  s = await startCoreApiserver();
  k = kubectlFor(s);
});
after(async () => {
  if (skip) return;
  k.close();
  await s.stop();
});

/** The table's lines without kubectl's note that a short name also matches the Kubernetes-named group. */
const tableLines = (out: string) => out.trimEnd().split('\n').filter((l) => !l.startsWith('Warning: short name'));

test('kubectl create priorityclass; kubectl get pc lists it beside the system classes', { skip }, async () => {
  const created = await k.run(['create', 'priorityclass', 'high', '--value=1000', '--description=important work']);
  assert.equal(created.code, 0, created.stderr);
  assert.equal(created.stdout.trim(), 'priorityclass.scheduling.k8s.io/high created');
  const got = await k.run(['get', 'pc']);
  assert.equal(got.code, 0, got.stderr);
  const [header, ...rows] = tableLines(got.stdout);
  assert.match(header!, /^NAME\s+VALUE\s+GLOBAL-DEFAULT\s+AGE\s+PREEMPTIONPOLICY$/);
  assert.equal(rows.length, 3, rows.join('\n'));
  assert.match(rows[0]!, /^high\s+1000\s+false\s+\S+\s+PreemptLowerPriority$/);
  assert.match(rows[1]!, /^system-cluster-critical\s+2000000000\s+false\s+\S+\s+PreemptLowerPriority$/);
  assert.match(rows[2]!, /^system-node-critical\s+2000001000\s+false\s+\S+\s+PreemptLowerPriority$/);
});

test('a pod naming the class gets its priority; one naming no class gets 0', { skip }, async () => {
  const pod = k.file('pod.yaml', 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: important\nspec:\n  priorityClassName: high\n  containers:\n  - name: web\n    image: nginx\n');
  const created = await k.run(['create', '-f', pod]);
  assert.equal(created.code, 0, created.stderr);
  const got = await k.run(['get', 'pod', 'important', '-o', 'jsonpath={.spec.priority} {.spec.preemptionPolicy}']);
  assert.equal(got.stdout, '1000 PreemptLowerPriority');
  assert.equal((await k.run(['run', 'plain', '--image=nginx'])).code, 0);
  assert.equal((await k.run(['get', 'pod', 'plain', '-o', 'jsonpath={.spec.priority}'])).stdout, '0');
  const missing = await k.run(['run', 'lost', '--image=nginx', '--overrides={"spec":{"priorityClassName":"nope"}}']);
  assert.notEqual(missing.code, 0);
  assert.match(missing.stderr, /pods "lost" is forbidden: no PriorityClass with name nope was found/);
});

test('kubectl apply of a default StorageClass; a claim then gets it and kubectl get sc marks it', { skip }, async () => {
  const sc = k.file('sc.yaml', 'apiVersion: storage.orch.io/v1\nkind: StorageClass\nmetadata:\n  name: standard\n  annotations:\n    storageclass.orch.io/is-default-class: "true"\nprovisioner: example.com/disk\nallowVolumeExpansion: true\n');
  const applied = await k.run(['apply', '-f', sc]);
  assert.equal(applied.code, 0, applied.stderr);
  assert.equal(applied.stdout.trim(), 'storageclass.storage.orch.io/standard created');
  const pvc = k.file('pvc.yaml', 'apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata:\n  name: data\nspec:\n  accessModes: [ReadWriteOnce]\n  resources:\n    requests:\n      storage: 1Gi\n');
  assert.equal((await k.run(['apply', '-f', pvc])).code, 0);
  assert.equal((await k.run(['get', 'pvc', 'data', '-o', 'jsonpath={.spec.storageClassName}'])).stdout, 'standard');
  const got = await k.run(['get', 'sc']);
  assert.equal(got.code, 0, got.stderr);
  const [header, row] = tableLines(got.stdout);
  assert.match(header!, /^NAME\s+PROVISIONER\s+RECLAIMPOLICY\s+VOLUMEBINDINGMODE\s+ALLOWVOLUMEEXPANSION\s+AGE$/);
  assert.match(row!, /^standard \(default\)\s+example\.com\/disk\s+Delete\s+Immediate\s+true\s+\S+$/);
  const changed = await k.run(['patch', 'sc', 'standard', '-p', '{"reclaimPolicy":"Retain"}']);
  assert.notEqual(changed.code, 0);
  assert.match(changed.stderr, /The StorageClass "standard" is invalid: reclaimPolicy: Forbidden: updates to reclaimPolicy are forbidden\./);
});

test('kubectl get runtimeclass,csidriver prints both tables', { skip }, async () => {
  const rc = k.file('rc.yaml', 'apiVersion: node.orch.io/v1\nkind: RuntimeClass\nmetadata:\n  name: gvisor\nhandler: runsc\n');
  const driver = k.file('driver.yaml', 'apiVersion: storage.orch.io/v1\nkind: CSIDriver\nmetadata:\n  name: csi.example.com\nspec:\n  podInfoOnMount: true\n');
  assert.equal((await k.run(['apply', '-f', rc])).code, 0);
  assert.equal((await k.run(['apply', '-f', driver])).code, 0);
  const got = await k.run(['get', 'runtimeclass,csidriver']);
  assert.equal(got.code, 0, got.stderr);
  const lines = tableLines(got.stdout).filter((l) => l.trim());
  assert.match(lines[0]!, /^NAME\s+HANDLER\s+AGE$/);
  assert.match(lines[1]!, /^runtimeclass\.node\.orch\.io\/gvisor\s+runsc\s+\S+$/);
  assert.match(lines[2]!, /^NAME\s+ATTACHREQUIRED\s+PODINFOONMOUNT\s+STORAGECAPACITY\s+TOKENREQUESTS\s+REQUIRESREPUBLISH\s+MODES\s+AGE$/);
  assert.match(lines[3]!, /^csidriver\.storage\.orch\.io\/csi\.example\.com\s+true\s+true\s+false\s+<unset>\s+false\s+Persistent\s+\S+$/);
});

// The real kubectl on namespaces, config maps and leases: create, get, apply, edit (through a
// non-interactive editor), delete; and the namespace lifecycle as kubectl reports it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';
import { kubectlFor, kubectlSkip, type Kubectl } from '../support/kubectl.ts';

let s: CoreApiserver;
let k: Kubectl;
before(async () => {
  if (kubectlSkip) return;
  s = await startCoreApiserver();
  k = kubectlFor(s);
});
after(async () => {
  if (kubectlSkip) return;
  k.close();
  await s.stop();
});

test('kubectl get ns lists the system namespaces with STATUS and AGE', { skip: kubectlSkip }, async () => {
  const r = await k.run(['get', 'ns']);
  assert.equal(r.code, 0, r.stderr);
  const lines = r.stdout.trim().split('\n');
  assert.match(lines[0]!, /^NAME\s+STATUS\s+AGE$/);
  for (const name of ['default', 'orch-node-lease', 'orch-public', 'orch-system']) assert.match(r.stdout, new RegExp(`^${name}\\s+Active\\s+\\d+s$`, 'm'));
});

test('kubectl create, apply, edit and delete a namespace; content in it is refused while it terminates', { skip: kubectlSkip }, async () => {
  assert.equal((await k.run(['create', 'namespace', 'team-x'])).code, 0);
  const manifest = k.file('ns.yaml', 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: team-x\n  labels: {tier: gold}\n');
  const applied = await k.run(['apply', '-f', manifest]);
  assert.equal(applied.code, 0, applied.stderr);
  assert.match(applied.stdout, /namespace\/team-x configured/);
  const edited = await k.run(['edit', 'namespace', 'team-x'], k.editor('tier: gold', 'tier: silver'));
  assert.equal(edited.code, 0, edited.stderr);
  assert.equal((await k.run(['get', 'ns', 'team-x', '-o', 'jsonpath={.metadata.labels.tier}'])).stdout, 'silver');

  const del = await k.run(['delete', 'namespace', 'team-x', '--wait=false']);
  assert.equal(del.code, 0, del.stderr);
  assert.match(del.stdout, /namespace "team-x" deleted/);
  assert.match((await k.run(['get', 'ns', 'team-x'])).stdout, /team-x\s+Terminating/);
  const refused = await k.run(['create', 'configmap', 'late', '-n', 'team-x', '--from-literal=a=b']);
  assert.notEqual(refused.code, 0);
  assert.match(refused.stderr, /unable to create new content in namespace team-x because it is being terminated/);
  const missing = await k.run(['create', 'configmap', 'c', '-n', 'nowhere', '--from-literal=a=b']);
  assert.match(missing.stderr, /namespaces "nowhere" not found/);
  const system = await k.run(['delete', 'ns', 'orch-system']);
  assert.match(system.stderr, /namespaces "orch-system" is forbidden: this namespace may not be deleted/);
});

test('kubectl on config maps: create from literals, get with DATA, apply, edit, immutable refusal, delete', { skip: kubectlSkip }, async () => {
  const created = await k.run(['create', 'configmap', 'app', '--from-literal=mode=fast', '--from-literal=level=3']);
  assert.equal(created.code, 0, created.stderr);
  const got = await k.run(['get', 'cm', 'app']);
  assert.match(got.stdout, /^NAME\s+DATA\s+AGE\napp\s+2\s+\d+s/);
  const manifest = k.file('cm.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: app}\ndata: {mode: slow, level: "3", extra: "yes"}\n');
  const applied = await k.run(['apply', '-f', manifest]);
  assert.equal(applied.code, 0, applied.stderr);
  assert.equal((await k.run(['get', 'cm', 'app', '-o', 'jsonpath={.data.mode}'])).stdout, 'slow');
  const edited = await k.run(['edit', 'cm', 'app'], k.editor('mode: slow', 'mode: medium'));
  assert.equal(edited.code, 0, edited.stderr);
  assert.equal((await k.run(['get', 'cm', 'app', '-o', 'jsonpath={.data.mode}'])).stdout, 'medium');

  const frozen = k.file('frozen.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: frozen}\nimmutable: true\ndata: {a: "1"}\n');
  assert.equal((await k.run(['apply', '-f', frozen])).code, 0);
  const change = await k.run(['patch', 'cm', 'frozen', '--type=merge', '-p', '{"data":{"a":"2"}}']);
  assert.notEqual(change.code, 0);
  assert.match(change.stderr, /field is immutable when `immutable` is set/);

  const del = await k.run(['delete', 'cm', 'app', 'frozen']);
  assert.equal(del.code, 0, del.stderr);
  assert.match((await k.run(['get', 'cm', 'app'])).stderr, /configmaps "app" not found/);
});

test('kubectl on leases: apply, get with HOLDER, edit, delete', { skip: kubectlSkip }, async () => {
  const manifest = k.file('lease.yaml', 'apiVersion: coordination.orch.io/v1\nkind: Lease\nmetadata: {name: leader}\nspec: {holderIdentity: node-a, leaseDurationSeconds: 15}\n');
  const applied = await k.run(['apply', '-f', manifest]);
  assert.equal(applied.code, 0, applied.stderr);
  assert.match((await k.run(['get', 'leases.coordination.orch.io', 'leader'])).stdout, /^NAME\s+HOLDER\s+AGE\nleader\s+node-a\s+\d+s/);
  const edited = await k.run(['edit', 'leases.coordination.orch.io', 'leader'], k.editor('holderIdentity: node-a', 'holderIdentity: node-b'));
  assert.equal(edited.code, 0, edited.stderr);
  assert.equal((await k.run(['get', 'leases.coordination.orch.io', 'leader', '-o', 'jsonpath={.spec.holderIdentity}'])).stdout, 'node-b');
  const identity = await k.run(['get', 'leases.coordination.orch.io', '-n', 'orch-system', '-l', 'apiserver.orch.io/identity=orch-apiserver', '-o', 'name']);
  assert.match(identity.stdout, /^lease\.coordination\.orch\.io\/apiserver-[a-z2-7]+$/m);
  assert.equal((await k.run(['delete', '-f', manifest])).code, 0);
});

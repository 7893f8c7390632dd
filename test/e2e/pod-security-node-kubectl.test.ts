// Pod Security admission and the node authorizer in the real daemon, driven by the real kubectl:
// a namespace enforcing restricted refuses a pod sharing the host's network with Kubernetes'
// message (a privileged container never reaches admission: pod validation refuses it while
// --allow-privileged is not implemented), one warning at baseline lets it in with kubectl
// printing the warning, a stricter enforce label warns about the pods already there; a node identity (system:node:n1 in system:nodes, from the token file)
// reads the secret a pod bound to it uses and not another, reads its own Node only, may not
// modify another node, and gets tokens only bound to pods it runs; a token bound to a pod stops working once the pod is deleted.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deferredHooks, startDaemon, daemonDir, eventually, type StorageDaemon } from '../support/daemon.ts';
import { dataDirLayout } from '../../src/orchup/layout.ts';
import { KUBECTL, kubectlSkip as skip, writeKubeconfig, type KubectlResult } from '../support/kubectl.ts';

const NODE_TOKEN = 'node-n1-token';
const hooks = deferredHooks();
let daemon: StorageDaemon;
let dir: string;
let config: string;

before(async () => {
  if (skip) return;
  const dataDir = daemonDir(hooks);
  // The node's credential joins the admin's in the token file orch up writes.
  daemon = await startDaemon(hooks, dataDir, () => {
    appendFileSync(dataDirLayout('.orch', dataDir).tokenFile, `${NODE_TOKEN},system:node:n1,n1,"system:nodes"\n`);
    return ['--enable-admission-plugins=NodeRestriction'];
  });
  dir = mkdtempSync(join(tmpdir(), 'orch-kubectl-'));
  config = writeKubeconfig(dir, { server: daemon.url, caFile: daemon.caFile, users: [{ name: 'admin', token: daemon.token }, { name: 'node', token: NODE_TOKEN }] });
});
after(async () => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  await hooks.run();
});

function kubectl(args: string[], input?: string): Promise<KubectlResult> {
  return new Promise((resolve) => {
    const child = execFile(KUBECTL, ['--kubeconfig', config, ...args], { timeout: 20_000, env: { ...process.env, HOME: dir } }, (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr: stderr.replace(/^WARNING: version difference.*\n/m, '') }),
    );
    child.stdin?.end(input ?? '');
  });
}

const asNode = (args: string[], input?: string) => kubectl(['--context', 'node', ...args], input);

async function ok(args: string[], input?: string): Promise<KubectlResult> {
  const r = await kubectl(args, input);
  assert.equal(r.code, 0, `${args.join(' ')}: ${r.stderr}`);
  return r;
}

/** A namespace with its default service account (no controller manager runs here to make it). */
async function namespace(name: string, labels: string[] = []): Promise<void> {
  await ok(['create', 'namespace', name]);
  await ok(['create', 'serviceaccount', 'default', '-n', name]);
  if (labels.length) await ok(['label', 'namespace', name, ...labels]);
}

const hostNetworkPod = (name: string, ns: string) => `apiVersion: v1
kind: Pod
metadata:
  name: ${name}
  namespace: ${ns}
spec:
  hostNetwork: true
  containers:
  - name: c
    image: busybox
`;

test('enforce=restricted refuses a pod on the host network with Kubernetes\' message', { skip }, async () => {
  await namespace('strict', ['pod-security.orch.io/enforce=restricted']);
  const r = await kubectl(['apply', '-f', '-'], hostNetworkPod('host', 'strict'));
  assert.notEqual(r.code, 0);
  assert.equal(
    r.stderr.trim(),
    'Error from server (Forbidden): error when creating "STDIN": pods "host" is forbidden: violates PodSecurity "restricted:latest": ' +
      'host namespaces (hostNetwork=true), ' +
      'allowPrivilegeEscalation != false (container "c" must set securityContext.allowPrivilegeEscalation=false), ' +
      'unrestricted capabilities (container "c" must set securityContext.capabilities.drop=["ALL"]), ' +
      'runAsNonRoot != true (pod or container "c" must set securityContext.runAsNonRoot=true), ' +
      'seccompProfile (pod or container "c" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")',
  );
  const bad = await kubectl(['label', 'namespace', 'strict', '--overwrite', 'pod-security.orch.io/enforce=strictest']);
  assert.notEqual(bad.code, 0);
  assert.match(bad.stderr, /Namespace "strict" is invalid: metadata\.labels\[pod-security\.orch\.io\/enforce\]: Invalid value: "strictest": must be one of privileged, baseline, restricted/);
});

test('warn=baseline lets the pod in and kubectl prints the warning; a stricter enforce label warns about it', { skip }, async () => {
  await namespace('lenient', ['pod-security.orch.io/warn=baseline']);
  const r = await ok(['apply', '-f', '-'], hostNetworkPod('host', 'lenient'));
  assert.match(r.stdout, /pod\/host created/);
  assert.match(r.stderr, /Warning: would violate PodSecurity "baseline:latest": host namespaces \(hostNetwork=true\)/);
  const label = await ok(['label', 'namespace', 'lenient', 'pod-security.orch.io/enforce=baseline']);
  assert.match(label.stderr, /Warning: existing pods in namespace "lenient" violate the new PodSecurity enforce level "baseline:latest"/);
  assert.match(label.stderr, /Warning: host: host namespaces/);
});

const BOUND_POD = `apiVersion: v1
kind: Pod
metadata:
  name: web
  namespace: default
spec:
  nodeName: n1
  containers:
  - name: c
    image: busybox
  volumes:
  - name: creds
    secret:
      secretName: used
`;

test('a node reads the secret of a pod bound to it, not another; its own Node only', { skip }, async () => {
  await ok(['create', 'serviceaccount', 'default']);
  await ok(['create', 'secret', 'generic', 'used', '--from-literal=a=b']);
  await ok(['create', 'secret', 'generic', 'unused', '--from-literal=a=b']);
  for (const name of ['n1', 'n2']) await ok(['apply', '-f', '-'], `apiVersion: v1\nkind: Node\nmetadata:\n  name: ${name}\n`);
  await ok(['apply', '-f', '-'], BOUND_POD);
  const read = await eventually('the node reading its pod\'s secret', async () => {
    const r = await asNode(['get', 'secret', 'used', '-o', 'name']);
    return r.code === 0 ? r : undefined;
  });
  assert.equal(read.stdout.trim(), 'secret/used');
  const refused = await asNode(['get', 'secret', 'unused']);
  assert.notEqual(refused.code, 0);
  assert.equal(
    refused.stderr.trim(),
    `Error from server (Forbidden): secrets "unused" is forbidden: User "system:node:n1" cannot get resource "secrets" in API group "" in the namespace "default": no relationship found between node 'n1' and this object`,
  );
  assert.equal((await asNode(['get', 'node', 'n1', '-o', 'name'])).stdout.trim(), 'node/n1');
  const other = await asNode(['get', 'node', 'n2']);
  assert.match(other.stderr, /nodes "n2" is forbidden: User "system:node:n1" cannot get resource "nodes" in API group "" at the cluster scope: node 'n1' cannot read 'n2', only its own Node object/);
  // kubectl reads a node before changing it, which the node authorizer refuses; the write itself goes to NodeRestriction.
  const relabel = await daemon.send('PATCH', '/api/v1/nodes/n2', { token: NODE_TOKEN, body: { metadata: { labels: { x: 'y' } } }, headers: { 'content-type': 'application/merge-patch+json' } });
  assert.equal(relabel.status, 403);
  assert.equal(relabel.body.message, 'nodes "n2" is forbidden: node "n1" is not allowed to modify node "n2"');
  const reserved = await asNode(['label', 'node', 'n1', 'node-restriction.orch.io/pool=gpu']);
  assert.match(reserved.stderr, /nodes "n1" is forbidden: is not allowed to modify labels: node-restriction\.orch\.io\/pool/);
  // Tokens: for the service account of a pod it runs, bound to that pod; not bound to a pod elsewhere.
  await ok(['apply', '-f', '-'], BOUND_POD.replace('name: web', 'name: elsewhere').replace('nodeName: n1', 'nodeName: n2'));
  const uid = async (pod: string) => (await ok(['get', 'pod', pod, '-o', 'jsonpath={.metadata.uid}'])).stdout;
  const tokenFor = async (pod: string) =>
    daemon.send('POST', '/api/v1/namespaces/default/serviceaccounts/default/token', {
      token: NODE_TOKEN,
      body: { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', spec: { boundObjectRef: { apiVersion: 'v1', kind: 'Pod', name: pod, uid: await uid(pod) } } },
    });
  const own = await tokenFor('web');
  assert.equal(own.status, 201, own.text);
  const foreign = await tokenFor('elsewhere');
  assert.equal(foreign.status, 403);
  assert.equal(foreign.body.message, 'serviceaccounts "default" is forbidden: node requested token bound to a pod scheduled on a different node');
  // Once the pod is gone, so is the node's access to its secret.
  await ok(['delete', 'pod', 'web', '--grace-period=0', '--force']);
  await eventually('the node losing the secret', async () => (await asNode(['get', 'secret', 'used'])).code !== 0);
});

test('a token bound to a pod stops working once the pod is deleted', { skip }, async () => {
  await ok(['create', 'serviceaccount', 'app']);
  await ok(['apply', '-f', '-'], `apiVersion: v1\nkind: Pod\nmetadata:\n  name: app\nspec:\n  serviceAccountName: app\n  containers:\n  - name: c\n    image: busybox\n`);
  const token = (await ok(['create', 'token', 'app', '--bound-object-kind', 'Pod', '--bound-object-name', 'app'])).stdout.trim();
  const whoami = () => kubectl(['--token', token, 'auth', 'whoami', '-o', 'jsonpath={.status.userInfo.username}']);
  assert.equal((await whoami()).stdout, 'system:serviceaccount:default:app');
  await ok(['delete', 'pod', 'app', '--grace-period=0', '--force']);
  // Authenticated tokens are remembered for 10 s, as Kubernetes does.
  const after = await eventually('the token being refused', async () => {
    const r = await whoami();
    return r.code !== 0 ? r : undefined;
  }, 15_000);
  assert.match(after.stderr, /Unauthorized/);
});

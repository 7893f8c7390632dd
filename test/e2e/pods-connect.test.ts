// Pods' log and exec and nodes' proxy against the real daemon and the real kubectl, with a small
// node agent started here (test/support/fake-node-agent.ts) that demands the client certificate
// given by --nodeagent-client-certificate and serves one the --nodeagent-certificate-authority
// signed. Nodes point at it through status.addresses and status.daemonEndpoints; pods are bound
// to them through pods/<name>/binding.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { once } from 'node:events';
import { networkInterfaces } from 'node:os';
import { daemonDir, deferredHooks, startDaemon, type StorageDaemon } from '../support/daemon.ts';
import { createTestCA, SERVER_AUTH } from '../support/authn-pki.ts';
import { startFakeNodeAgent, type FakeNodeAgent } from '../support/fake-node-agent.ts';
import { KUBECTL, kubectlFor, kubectlSkip, type Kubectl } from '../support/kubectl.ts';

const hooks = deferredHooks();
let daemon: StorageDaemon;
let kubectl: Kubectl;
let agent: FakeNodeAgent;
let publicAgent: FakeNodeAgent | undefined;
let downPort: number;

/** A non-loopback IPv4 address of this machine: node proxies refuse loopback, as Kubernetes' do. */
function globalAddress(): string | undefined {
  for (const list of Object.values(networkInterfaces())) for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  return undefined;
}

async function unusedPort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const port = (probe.address() as { port: number }).port;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function createNode(name: string, address: string, port: number): Promise<void> {
  const r = await daemon.call('POST', '/api/v1/nodes', {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name },
    status: { addresses: [{ type: 'InternalIP', address }], daemonEndpoints: { kubeletEndpoint: { Port: port } } },
  });
  assert.equal(r.status, 201, r.text);
}

async function createPod(name: string, nodeName?: string): Promise<void> {
  const r = await daemon.call('POST', '/api/v1/namespaces/default/pods', { apiVersion: 'v1', kind: 'Pod', metadata: { name }, spec: { containers: [{ name: 'app', image: 'busybox:1.36' }] } });
  assert.equal(r.status, 201, r.text);
  if (!nodeName) return;
  const bound = await daemon.call('POST', `/api/v1/namespaces/default/pods/${name}/binding`, { apiVersion: 'v1', kind: 'Binding', metadata: { name }, target: { kind: 'Node', name: nodeName } });
  assert.equal(bound.status, 201, bound.text);
}

before(async () => {
  const dir = daemonDir(hooks);
  const servingCA = await createTestCA('node-agent-serving-ca');
  const clientCA = await createTestCA('node-agent-client-ca');
  const hosts = ['127.0.0.1', ...(globalAddress() ? [globalAddress()!] : [])];
  const serving = await servingCA.issue('CN=node-agent', { usages: [SERVER_AUTH], hosts });
  const client = await clientCA.issue('CN=orch-apiserver-nodeagent-client');
  const files = { ca: join(dir, 'agent-ca.crt'), cert: join(dir, 'agent-client.crt'), key: join(dir, 'agent-client.key') };
  writeFileSync(files.ca, servingCA.certPem);
  writeFileSync(files.cert, client.certPem);
  writeFileSync(files.key, client.keyPem);
  agent = await startFakeNodeAgent({ serving, clientCA: clientCA.certPem });
  hooks.after(() => agent.close());
  if (globalAddress()) {
    publicAgent = await startFakeNodeAgent({ host: globalAddress(), serving, clientCA: clientCA.certPem });
    hooks.after(() => publicAgent!.close());
  }
  downPort = await unusedPort();
  daemon = await startDaemon(hooks, dir, [`--nodeagent-certificate-authority=${files.ca}`, `--nodeagent-client-certificate=${files.cert}`, `--nodeagent-client-key=${files.key}`]);
  // Pods run as their namespace's service account, which only a controller would otherwise create.
  const sa = await daemon.call('POST', '/api/v1/namespaces/default/serviceaccounts', { metadata: { name: 'default' } });
  assert.ok(sa.status === 201 || sa.status === 409, sa.text);
  await createNode('n1', '127.0.0.1', agent.port);
  await createNode('down', '127.0.0.1', downPort);
  if (publicAgent) await createNode('public', publicAgent.host, publicAgent.port);
  await createPod('web', 'n1');
  await createPod('lonely');
  await createPod('cut', 'down');
  if (!kubectlSkip) kubectl = kubectlFor(daemon);
});

after(async () => {
  kubectl?.close();
  await hooks.run();
});

test('discovery lists the connect subresources with their verbs, as Kubernetes does', async () => {
  const list = (await daemon.call('GET', '/api/v1')).body;
  const verbs = (name: string) => list.resources.find((r: { name: string }) => r.name === name)?.verbs;
  assert.deepEqual(verbs('pods/log'), ['get']);
  assert.deepEqual(verbs('pods/exec'), ['create', 'get']);
  assert.deepEqual(verbs('pods/attach'), ['create', 'get']);
  assert.deepEqual(verbs('pods/portforward'), ['create', 'get']);
  assert.deepEqual(verbs('pods/proxy'), ['create', 'delete', 'get', 'patch', 'update']);
  assert.deepEqual(verbs('nodes/proxy'), ['create', 'delete', 'get', 'patch', 'update']);
  assert.deepEqual(verbs('services/proxy'), ['create', 'delete', 'get', 'patch', 'update']);
});

test('kubectl logs prints the agent\'s lines; the agent saw the server\'s client certificate', { skip: kubectlSkip }, async () => {
  const r = await kubectl.run(['logs', 'web']);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, 'first line\nsecond line\nthird line\n');
  assert.equal(agent.requests.at(-1), '/containerLogs/default/web/app');
  assert.equal(agent.clients.at(-1), 'orch-apiserver-nodeagent-client');
  const tail = await kubectl.run(['logs', 'web', '--tail=1', '--timestamps']);
  assert.equal(tail.code, 0, tail.stderr);
  assert.equal(agent.requests.at(-1), '/containerLogs/default/web/app?tailLines=1&timestamps=true');
});

test('kubectl logs -f streams lines as the agent writes them', { skip: kubectlSkip }, async () => {
  const child = spawn(KUBECTL, ['--kubeconfig', join(kubectl.dir, 'config'), 'logs', '-f', 'web'], { env: { ...process.env, HOME: kubectl.dir } });
  let out = '';
  child.stdout.on('data', (c) => (out += c));
  const deadline = Date.now() + 15_000;
  while (!out.includes('follow 3\n') && Date.now() < deadline && child.exitCode === null) await new Promise((resolve) => setTimeout(resolve, 50));
  child.kill();
  assert.match(out, /^first line\nsecond line\nthird line\nfollow 1\nfollow 2\nfollow 3\n/);
});

test('kubectl logs of a pod without a node prints nothing; kubectl exec into it prints Kubernetes\' error', { skip: kubectlSkip }, async () => {
  const logs = await kubectl.run(['logs', 'lonely']);
  assert.equal(logs.code, 0, logs.stderr);
  assert.equal(logs.stdout, '');
  const exec = await kubectl.run(['exec', 'lonely', '--', 'ls']);
  assert.notEqual(exec.code, 0);
  assert.match(exec.stderr, /pod lonely does not have a host assigned/);
});

test('kubectl exec runs through to the agent over a switched connection', { skip: kubectlSkip }, async () => {
  const r = await kubectl.run(['exec', 'web', '--', 'echo', 'hi']);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, 'agent ran: echo hi\n');
  assert.match(agent.requests.at(-1) ?? '', /^\/exec\/default\/web\/app\?command=echo&command=hi&/);
});

test('logs and exec of a pod whose agent is down are 503s with the dial error', async () => {
  const logs = await daemon.call('GET', '/api/v1/namespaces/default/pods/cut/log');
  assert.equal(logs.status, 503);
  assert.equal(logs.body.reason, 'ServiceUnavailable');
  assert.equal(logs.body.message, `Get "https://127.0.0.1:${downPort}/containerLogs/default/cut/app": dial tcp 127.0.0.1:${downPort}: connect: connection refused`);
  if (kubectlSkip) return;
  const viaKubectl = await kubectl.run(['logs', 'cut']);
  assert.notEqual(viaKubectl.code, 0);
  assert.match(viaKubectl.stderr, /dial tcp 127\.0\.0\.1:\d+: connect: connection refused/);
  const exec = await kubectl.run(['exec', 'cut', '--', 'ls']);
  assert.notEqual(exec.code, 0);
  assert.match(exec.stderr, new RegExp(`error dialing backend: dial tcp 127\\.0\\.0\\.1:${downPort}: connect: connection refused`));
});

test('log options are checked before anything is asked of the agent', async () => {
  const invalid = await daemon.call('GET', '/api/v1/namespaces/default/pods/web/log?tailLines=-1');
  assert.equal(invalid.status, 422);
  assert.equal(invalid.body.message, 'PodLogOptions "web" is invalid: tailLines: Invalid value: -1: must be greater than or equal to 0');
  const bad = await daemon.call('GET', '/api/v1/namespaces/default/pods/web/log?limitBytes=lots');
  assert.equal(bad.status, 400);
  assert.equal(bad.body.message, 'strconv.ParseInt: parsing "lots": invalid syntax');
  const container = await daemon.call('GET', '/api/v1/namespaces/default/pods/web/log?container=sidecar');
  assert.equal(container.status, 400);
  assert.equal(container.body.message, 'container sidecar is not valid for pod web');
  const missing = await daemon.call('GET', '/api/v1/namespaces/default/pods/ghost/log');
  assert.equal(missing.status, 404);
  assert.equal(missing.body.message, 'pods "ghost" not found');
});

/** A plain HTTP server on this machine's global address, standing for a pod's container. */
async function startPodServer(host: string): Promise<{ server: HttpServer; port: number; seen: string[] }> {
  const seen: string[] = [];
  const server = createHttpServer((req, res) => {
    seen.push(`${req.method} ${req.url} ${req.headers.authorization ?? 'no-credentials'}`);
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      res.writeHead(200, { 'Content-Type': 'text/plain', 'X-Served-By': 'pod' });
      res.end(`pod says ${req.method} ${req.url}${body ? ` ${body}` : ''}`);
    });
  });
  server.listen(0, host);
  await once(server, 'listening');
  return { server, port: (server.address() as { port: number }).port, seen };
}

test('pods/proxy and services/proxy reach the pod\'s address and a ready endpoint', { skip: globalAddress() ? false : 'this machine has no non-loopback IPv4 address' }, async () => {
  const ip = globalAddress()!;
  const backend = await startPodServer(ip);
  try {
    const status = await daemon.send('PATCH', '/api/v1/namespaces/default/pods/web/status', {
      body: { status: { podIP: ip, podIPs: [{ ip }] } },
      headers: { 'content-type': 'application/merge-patch+json' },
    });
    assert.equal(status.status, 200, status.text);
    const viaPod = await daemon.send('GET', `/api/v1/namespaces/default/pods/web:${backend.port}/proxy/hello?x=1`);
    assert.equal(viaPod.status, 200, viaPod.text);
    assert.equal(viaPod.text, 'pod says GET /hello?x=1');
    assert.equal(viaPod.headers['x-served-by'], 'pod');
    // The client's credentials stay with the server.
    assert.equal(backend.seen.at(-1), 'GET /hello?x=1 no-credentials');
    const posted = await daemon.send('POST', `/api/v1/namespaces/default/pods/web:${backend.port}/proxy/submit`, { body: 'payload', headers: { 'content-type': 'text/plain' } });
    assert.equal(posted.text, 'pod says POST /submit payload');
    const noIP = await daemon.call('GET', '/api/v1/namespaces/default/pods/lonely:80/proxy/');
    assert.equal(noIP.status, 400);
    assert.equal(noIP.body.message, 'address not allowed');

    const svc = await daemon.call('POST', '/api/v1/namespaces/default/services', { metadata: { name: 'front' }, spec: { selector: { app: 'web' }, ports: [{ name: 'http', port: 80, targetPort: backend.port }] } });
    assert.equal(svc.status, 201, svc.text);
    const none = await daemon.call('GET', '/api/v1/namespaces/default/services/front:80/proxy/');
    assert.equal(none.status, 404);
    assert.equal(none.body.message, 'endpoints "front" not found');
    const eps = await daemon.call('POST', '/api/v1/namespaces/default/endpoints', {
      metadata: { name: 'front' },
      subsets: [{ addresses: [{ ip, targetRef: { kind: 'Pod', name: 'web', namespace: 'default' } }], ports: [{ name: 'http', port: backend.port }] }],
    });
    assert.equal(eps.status, 201, eps.text);
    const viaService = await daemon.send('GET', '/api/v1/namespaces/default/services/front:80/proxy/index');
    assert.equal(viaService.status, 200, viaService.text);
    assert.equal(viaService.text, 'pod says GET /index');
    const byName = await daemon.send('GET', '/api/v1/namespaces/default/services/http:front:http/proxy/');
    assert.equal(byName.text, 'pod says GET /');
    const wrongPort = await daemon.call('GET', '/api/v1/namespaces/default/services/front:81/proxy/');
    assert.equal(wrongPort.status, 503);
    assert.equal(wrongPort.body.message, 'no service port 81 found for service "front"');
  } finally {
    backend.server.closeAllConnections();
    backend.server.close();
  }
});

test('kubectl get --raw reaches a node\'s agent through nodes/proxy; a loopback agent is refused', { skip: kubectlSkip }, async () => {
  const loopback = await kubectl.run(['get', '--raw', '/api/v1/nodes/n1/proxy/healthz']);
  assert.notEqual(loopback.code, 0);
  assert.match(loopback.stderr, /address not allowed/);
  if (!publicAgent) return;
  const r = await kubectl.run(['get', '--raw', '/api/v1/nodes/public/proxy/healthz']);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, 'ok');
  assert.equal(publicAgent.requests.at(-1), '/healthz');
  assert.equal(publicAgent.clients.at(-1), 'orch-apiserver-nodeagent-client');
});

test('a WebSocket exec needs create on pods/exec besides get, as in Kubernetes 1.35', { skip: kubectlSkip }, async () => {
  const role = (verbs: string[]) => ({
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'Role',
    metadata: { name: 'exec-reader', namespace: 'default' },
    rules: [
      { apiGroups: [''], resources: ['pods'], verbs: ['get'] },
      { apiGroups: [''], resources: ['pods/exec'], verbs },
    ],
  });
  const created = await daemon.call('POST', '/apis/rbac.authorization.k8s.io/v1/namespaces/default/roles', role(['get']));
  assert.equal(created.status, 201, created.text);
  const binding = await daemon.call('POST', '/apis/rbac.authorization.k8s.io/v1/namespaces/default/rolebindings', {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'RoleBinding',
    metadata: { name: 'exec-reader', namespace: 'default' },
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'exec-reader' },
    subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: 'alice' }],
  });
  assert.equal(binding.status, 201, binding.text);
  // The WebSocket handshake itself (a GET, which the chain authorizes as get) is refused.
  const handshake = await daemon.send('GET', '/api/v1/namespaces/default/pods/web/exec?command=ls&stdout=true', {
    headers: { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==', 'sec-websocket-protocol': 'v5.channel.k8s.io', 'impersonate-user': 'alice' },
  });
  assert.equal(handshake.status, 403, handshake.text);
  assert.equal(handshake.body.message, 'pods "web" is forbidden: User "alice" cannot create resource "pods/exec" in API group "" in the namespace "default"');
  const refused = await kubectl.run(['exec', '--as=alice', 'web', '--', 'echo', 'hi']);
  assert.notEqual(refused.code, 0);
  assert.match(refused.stderr, /pods "web" is forbidden: User "alice" cannot create resource "pods\/exec" in API group "" in the namespace "default"/);
  const replaced = await daemon.call('PUT', '/apis/rbac.authorization.k8s.io/v1/namespaces/default/roles/exec-reader', role(['get', 'create']));
  assert.equal(replaced.status, 200, replaced.text);
  // RBAC's view of the role catches up within moments.
  let allowed = await kubectl.run(['exec', '--as=alice', 'web', '--', 'echo', 'hi']);
  for (let i = 0; i < 20 && allowed.code !== 0; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    allowed = await kubectl.run(['exec', '--as=alice', 'web', '--', 'echo', 'hi']);
  }
  assert.equal(allowed.code, 0, allowed.stderr);
  assert.equal(allowed.stdout, 'agent ran: echo hi\n');
});

// The connectors against a real HTTPS node agent (test/support/fake-node-agent.ts) that demands
// the client certificate, served by a plain HTTP server in front of them: pods and nodes are
// computed resources here, so no store is needed.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { connect } from 'node:net';
import { once } from 'node:events';
import { networkInterfaces } from 'node:os';
import { createTestCA, SERVER_AUTH } from '../../../../../test/support/authn-pki.ts';
import { startFakeNodeAgent, type FakeNodeAgent } from '../../../../../test/support/fake-node-agent.ts';
import { serveUpgrades } from '../../../../component-base/serving/upgrade-requests.ts';
import { requestContext } from '../../../../component-base/serving/request-context.ts';
import type { Authorizer } from '../../../../machinery/authorization/types.ts';
import { writeStatus } from '../../../../component-base/serving/responses.ts';
import { isStatusError } from '../../../../machinery/status.ts';
import { unstoredStore } from '../../generic/unstored-store.ts';
import type { Connector, InstalledResource } from '../../generic/context.ts';
import type { ConnectNode, ConnectPod } from './connect-shapes.ts';
import { withConnectors } from './install.ts';
import type { NodeAgentClient } from './node-agent-client.ts';

const ADDRESS_TYPES = ['Hostname', 'InternalDNS', 'InternalIP', 'ExternalDNS', 'ExternalIP'];

function computed(plural: string, namespaced: boolean, objects: Map<string, object>): InstalledResource<any, any> {
  const declaration = { group: '', version: 'v1', plural, kind: plural, namespaced, fromStored: (o: object) => o } as never;
  return { declaration, store: unstoredStore<any>(), virtualRead: { get: async (name: string) => objects.get(name) as never, list: async () => [...objects.values()] as never } };
}

function node(name: string, address: string, port: number): ConnectNode {
  return { metadata: { name }, status: { addresses: [{ type: 'InternalIP', address }], daemonEndpoints: { kubeletEndpoint: { Port: port } } } };
}

function pod(name: string, nodeName?: string): ConnectPod {
  return { metadata: { name, namespace: 'default' }, spec: { nodeName, containers: [{ name: 'app' }] } };
}

/** A non-loopback IPv4 address of this machine, for node proxies (which refuse loopback). */
function globalAddress(): string | undefined {
  for (const list of Object.values(networkInterfaces())) for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  return undefined;
}

interface Front {
  port: number;
  server: Server;
}

/** A server that routes /<plural>/<namespace>/<name>/<subresource>[/path] to the connectors. */
async function front(resources: InstalledResource<any, any>[]): Promise<Front> {
  const connectors = new Map<string, Record<string, Connector>>();
  for (const r of resources) if (r.connectors) connectors.set(r.declaration.plural, r.connectors as Record<string, Connector>);
  const handler = async (req: any, res: any) => {
    const url = new URL(req.url, 'http://front');
    const [, plural, namespace, name, sub, ...rest] = url.pathname.split('/');
    const path = rest.length ? `/${rest.join('/')}` : '';
    const verb = req.method === 'POST' ? 'create' : 'get';
    const ns = namespace === '-' ? '' : namespace!;
    // What the request-info and authentication filters would have recorded.
    const ctx = requestContext(req);
    ctx.user = { name: 'alice', groups: ['system:authenticated'] };
    ctx.requestInfo = { isResourceRequest: true, path: url.pathname, verb, apiPrefix: 'api', apiGroup: '', apiVersion: 'v1', namespace: ns, resource: plural!, subresource: sub!, name: name!, parts: [] };
    try {
      await connectors.get(plural!)![sub!]!({ req, res, verb, name: name!, namespace: ns, path, query: url.searchParams });
    } catch (err) {
      assert.ok(isStatusError(err), String(err));
      writeStatus(req, res, err);
    }
  };
  const server = createServer(handler);
  serveUpgrades(server, handler);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { port: (server.address() as { port: number }).port, server };
}

function get(port: number, path: string): Promise<{ status: number; headers: IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    })
      .on('error', reject)
      .end();
  });
}

/** An upgrade request on a raw connection; everything the server sends until `until` matches or it closes. */
async function upgrade(port: number, path: string, send: string, until: RegExp, method = 'GET'): Promise<string> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  socket.write(`${method} ${path} HTTP/1.1\r\nHost: front\r\nConnection: Upgrade\r\nUpgrade: SPDY/3.1\r\nAuthorization: Bearer secret\r\n\r\n${send}`);
  let seen = '';
  return new Promise((resolve) => {
    socket.on('data', (c) => {
      seen += c;
      if (until.test(seen)) {
        socket.destroy();
        resolve(seen);
      }
    });
    socket.once('close', () => resolve(seen));
  });
}

let agent: FakeNodeAgent;
let strangerAgent: FakeNodeAgent;
let proxyAgent: FakeNodeAgent | undefined;
let served: Front;
let anonymous: Front;
let readOnly: Front;
let downPort: number;

before(async () => {
  const servingCA = await createTestCA('agent-serving-ca');
  const clientCA = await createTestCA('agent-client-ca');
  const otherCA = await createTestCA('other-ca');
  const serving = await servingCA.issue('CN=agent', { usages: [SERVER_AUTH], hosts: ['127.0.0.1', ...(globalAddress() ? [globalAddress()!] : [])] });
  const client = await clientCA.issue('CN=orch-apiserver-nodeagent-client');
  agent = await startFakeNodeAgent({ serving, clientCA: clientCA.certPem });
  strangerAgent = await startFakeNodeAgent({ serving: await otherCA.issue('CN=stranger', { usages: [SERVER_AUTH], hosts: ['127.0.0.1'] }), clientCA: clientCA.certPem });
  if (globalAddress()) proxyAgent = await startFakeNodeAgent({ host: globalAddress(), serving, clientCA: clientCA.certPem });
  // A port nothing listens on.
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  downPort = (probe.address() as { port: number }).port;
  await new Promise((resolve) => probe.close(resolve));

  const nodes = new Map<string, object>([
    ['n1', node('n1', '127.0.0.1', agent.port)],
    ['down', node('down', '127.0.0.1', downPort)],
    ['stranger', node('stranger', '127.0.0.1', strangerAgent.port)],
    ['bare', { metadata: { name: 'bare' }, status: { addresses: [{ type: 'Unknown', address: '10.9.9.9' }] } }],
    ['unresolved', { metadata: { name: 'unresolved' }, status: { addresses: [{ type: 'ExternalDNS', address: 'agent.invalid' }] } }],
  ]);
  if (proxyAgent) nodes.set('public', node('public', proxyAgent.host, proxyAgent.port));
  const pods = new Map<string, object>([
    ['web', pod('web', 'n1')],
    ['lonely', pod('lonely')],
    ['cut', pod('cut', 'down')],
    ['spoofed', pod('spoofed', 'stranger')],
    ['nowhere', pod('nowhere', 'gone')],
  ]);
  const client509: NodeAgentClient = { tls: { ca: servingCA.certPem, cert: client.certPem, key: client.keyPem, verify: true }, dialTimeoutMs: 2000, preferredAddressTypes: ADDRESS_TYPES };
  const resources = () => [computed('pods', true, pods), computed('nodes', false, nodes)];
  served = await front(withConnectors(resources(), client509));
  anonymous = await front(withConnectors(resources(), { ...client509, tls: { ca: servingCA.certPem, verify: true } }));
  // alice may get pods/exec but not create it.
  const getOnly: Authorizer = { authorize: (attrs) => (attrs.verb === 'get' ? { decision: 'allow', reason: '' } : { decision: 'noOpinion', reason: '' }) };
  readOnly = await front(withConnectors(resources(), client509, () => getOnly));
});

after(async () => {
  for (const f of [served, anonymous, readOnly]) {
    f?.server.closeAllConnections();
    f?.server.close();
  }
  await Promise.all([agent?.close(), strangerAgent?.close(), proxyAgent?.close()]);
});

test('log: the agent\'s lines come back as text/plain; the agent saw the client certificate and the options', async () => {
  const reply = await get(served.port, '/pods/default/web/log?tailLines=2&timestamps=true');
  assert.equal(reply.status, 200);
  assert.equal(reply.headers['content-type'], 'text/plain');
  assert.equal(reply.text, 'first line\nsecond line\nthird line\n');
  assert.equal(agent.requests.at(-1), '/containerLogs/default/web/app?tailLines=2&timestamps=true');
  assert.equal(agent.clients.at(-1), 'orch-apiserver-nodeagent-client');
});

test('log with follow streams until the client goes away', async () => {
  const text = await new Promise<string>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: served.port, path: '/pods/default/web/log?follow=true' }, (res) => {
      let seen = '';
      res.on('data', (c) => {
        seen += c;
        if (seen.includes('follow 2\n')) {
          req.destroy();
          resolve(seen);
        }
      });
    });
    req.on('error', (err) => (err.message.includes('aborted') || (err as { code?: string }).code === 'ECONNRESET' ? undefined : reject(err)));
    req.end();
  });
  assert.match(text, /^first line\nsecond line\nthird line\nfollow 1\nfollow 2\n/);
});

test('log of a pod without a node answers 204 with nothing; exec of it is a 400', async () => {
  const log = await get(served.port, '/pods/default/lonely/log');
  assert.equal(log.status, 204);
  assert.equal(log.text, '');
  const exec = await get(served.port, '/pods/default/lonely/exec?command=ls&stdout=true');
  assert.equal(exec.status, 400);
  assert.equal(JSON.parse(exec.text).message, 'pod lonely does not have a host assigned');
});

test('a failed answer of the agent is passed on as a Status; a missing pod or node is a 404', async () => {
  const missing = await get(served.port, '/pods/default/web/log?container=missing');
  // The pod has no container "missing": refused before the agent is asked.
  assert.equal(missing.status, 400);
  assert.equal(JSON.parse(missing.text).message, 'container missing is not valid for pod web');
  assert.equal(JSON.parse((await get(served.port, '/pods/default/ghost/log')).text).message, 'pods "ghost" not found');
  const noNode = await get(served.port, '/pods/default/nowhere/log');
  assert.equal(noNode.status, 404);
  assert.equal(JSON.parse(noNode.text).message, 'nodes "gone" not found');
});

test('exec needs an upgrade; with one, the connection is joined to the agent byte for byte', async () => {
  const plain = await get(served.port, '/pods/default/web/exec?command=ls&stdout=true');
  assert.equal(plain.status, 400);
  assert.equal(JSON.parse(plain.text).message, 'Upgrade request required');
  const seen = await upgrade(served.port, '/pods/default/web/exec?command=ls&command=-l&stdout=true&stderr=true', 'hello', /hello/);
  assert.match(seen, /^HTTP\/1\.1 101 Switching Protocols\r\n/);
  assert.ok(seen.endsWith('hello'));
  assert.equal(agent.requests.at(-1), '/exec/default/web/app?command=ls&command=-l&error=1&output=1');
  assert.equal(agent.clients.at(-1), 'orch-apiserver-nodeagent-client');
});

test('an agent that cannot be reached is a 503 with Go\'s dial error, worded per subresource', async () => {
  const log = await get(served.port, '/pods/default/cut/log');
  assert.equal(log.status, 503);
  assert.equal(JSON.parse(log.text).reason, 'ServiceUnavailable');
  assert.equal(JSON.parse(log.text).message, `Get "https://127.0.0.1:${downPort}/containerLogs/default/cut/app": dial tcp 127.0.0.1:${downPort}: connect: connection refused`);
  const exec = await upgrade(served.port, '/pods/default/cut/exec?command=ls&stdout=true', '', /\}$/);
  assert.match(exec, /^HTTP\/1\.1 503 Service Unavailable\r\n/);
  assert.ok(exec.includes(`"message":"error dialing backend: dial tcp 127.0.0.1:${downPort}: connect: connection refused"`));
});

test('an agent whose certificate the authority did not sign, or that refuses the server, is a 503', async () => {
  const spoofed = await get(served.port, '/pods/default/spoofed/log');
  assert.equal(spoofed.status, 503);
  assert.match(JSON.parse(spoofed.text).message, /^Get "https:\/\/127\.0\.0\.1:\d+\/containerLogs\/default\/spoofed\/app": tls: failed to verify certificate: x509: certificate signed by unknown authority$/);
  const refused = await get(anonymous.port, '/pods/default/web/log');
  assert.equal(refused.status, 503);
  assert.match(JSON.parse(refused.text).message, /^Get "https:\/\/127\.0\.0\.1:\d+\/containerLogs\/default\/web\/app": remote error: tls: certificate required$/);
});

test('node proxy refuses loopback agents and names the addresses of a node without a usable one', async () => {
  const loopback = await get(served.port, '/nodes/-/n1/proxy/healthz');
  assert.equal(loopback.status, 400);
  assert.equal(JSON.parse(loopback.text).message, 'address not allowed');
  const bare = await get(served.port, '/nodes/-/bare/proxy/healthz');
  assert.equal(bare.status, 503);
  assert.equal(JSON.parse(bare.text).message, 'no preferred addresses found; known addresses: [{Unknown 10.9.9.9}]');
  const unresolved = await get(served.port, '/nodes/-/unresolved/proxy/healthz');
  assert.equal(unresolved.status, 400);
  assert.equal(JSON.parse(unresolved.text).message, 'lookup agent.invalid: no such host');
});

test('node proxy reaches the agent of a node with a global address', { skip: globalAddress() ? false : 'this machine has no non-loopback IPv4 address' }, async () => {
  const reply = await get(served.port, '/nodes/-/public/proxy/healthz');
  assert.equal(reply.status, 200);
  assert.equal(reply.text, 'ok');
  assert.equal(proxyAgent!.requests.at(-1), '/healthz');
  assert.equal(proxyAgent!.clients.at(-1), 'orch-apiserver-nodeagent-client');
  const missing = await get(served.port, '/nodes/-/public/proxy/nothing?x=1');
  assert.equal(missing.status, 404);
  assert.equal(missing.text, '404 page not found\n');
  assert.equal(proxyAgent!.requests.at(-1), '/nothing?x=1');
});

test('a WebSocket (GET) exec, attach or port-forward also needs create on the subresource, as in Kubernetes 1.35', async () => {
  for (const sub of ['exec?command=ls&stdout=true', 'attach?stdout=true', 'portforward?ports=80']) {
    const refused = await upgrade(readOnly.port, `/pods/default/web/${sub}`, '', /\}$/);
    assert.match(refused, /^HTTP\/1\.1 403 Forbidden\r\n/, sub);
    const resource = sub.split('?')[0];
    assert.ok(refused.includes(`"message":"pods \\"web\\" is forbidden: User \\"alice\\" cannot create resource \\"pods/${resource}\\" in API group \\"\\" in the namespace \\"default\\""`), refused);
  }
  // Logs are read with get alone; a POST (SPDY) was authorized as create by the chain already.
  assert.equal((await get(readOnly.port, '/pods/default/web/log')).status, 200);
  const spdy = await upgrade(readOnly.port, '/pods/default/web/exec?command=ls&stdout=true', 'x', /x$/, 'POST');
  assert.match(spdy, /^HTTP\/1\.1 101 Switching Protocols\r\n/);
});

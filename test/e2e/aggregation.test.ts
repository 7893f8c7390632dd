// API aggregation end to end: an extension API server started here (a small Node HTTPS server
// answering its own group wardle.example.com/v1alpha1 with one resource, flunders, and its
// discovery and OpenAPI documents; it trusts only the proxy client CA and takes the user from
// X-Remote-User) is reached through a remote APIService whose ExternalName service points at
// localhost. The APIService becomes Available; raw requests and the real kubectl (get apiservices,
// get flunders, api-resources) reach it with the caller's identity in the headers and without the
// caller's token; a watch streams; a redirect is refused; APIServices whose backend is missing or
// not listening are Available=False and answered 503.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:https';
import { request as httpsRequest } from 'node:https';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';
import { makeTempDir } from '../support/apiserver.ts';
import { createTestCA, SERVER_AUTH } from '../support/authn-pki.ts';
import { kubectlFor, kubectlSkip, type Kubectl } from '../support/kubectl.ts';
import { freePort } from '../support/free-port.ts';

const GROUP = 'wardle.example.com';
const GV = `${GROUP}/v1alpha1`;
const APISERVICES = '/apis/apiregistration.orch.io/v1/apiservices';

interface Seen {
  path: string;
  user: string;
  groups: string[];
  authorization: boolean;
}

let s: CoreApiserver;
let k: Kubectl | undefined;
let backend: Server;
let backendPort: number;
let caBundle: string;
const seen: Seen[] = [];

const flunder = (name: string) => ({ apiVersion: GV, kind: 'Flunder', metadata: { name, namespace: 'default', creationTimestamp: '2024-01-01T00:00:00Z' }, spec: { reference: 'x' } });

function send(res: ServerResponse, code: number, body: unknown, type = 'application/json'): void {
  const text = JSON.stringify(body);
  res.writeHead(code, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

/** The extension server: discovery, flunders (list, table, get, watch), OpenAPI v3, a redirect. */
function wardle(req: IncomingMessage, res: ServerResponse): void {
  const socket = req.socket as import('node:tls').TLSSocket;
  if (!socket.authorized) return send(res, 401, { kind: 'Status', apiVersion: 'v1', status: 'Failure', code: 401, reason: 'Unauthorized' });
  const url = new URL(req.url ?? '/', 'https://x');
  const groups = req.headersDistinct['x-remote-group'] ?? [];
  seen.push({ path: url.pathname, user: String(req.headers['x-remote-user'] ?? ''), groups, authorization: Boolean(req.headers.authorization) });
  const path = url.pathname;
  if (path === '/apis') return send(res, 200, { kind: 'APIGroupList', apiVersion: 'v1', groups: [{ name: GROUP, versions: [{ groupVersion: GV, version: 'v1alpha1' }], preferredVersion: { groupVersion: GV, version: 'v1alpha1' } }] });
  if (path === `/apis/${GV}`) {
    return send(res, 200, {
      kind: 'APIResourceList',
      apiVersion: 'v1',
      groupVersion: GV,
      resources: [
        { name: 'flunders', singularName: 'flunder', namespaced: true, kind: 'Flunder', verbs: ['get', 'list', 'watch'], shortNames: ['fl'] },
        { name: 'flunders/status', singularName: '', namespaced: true, kind: 'Flunder', verbs: ['get'] },
      ],
    });
  }
  if (path === `/apis/${GV}/namespaces/default/flunders`) {
    if (url.searchParams.get('watch') === 'true') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write(`${JSON.stringify({ type: 'ADDED', object: flunder('alpha') })}\n`);
      return;
    }
    if (String(req.headers.accept).includes('as=Table')) {
      return send(res, 200, {
        kind: 'Table',
        apiVersion: 'meta.k8s.io/v1',
        metadata: {},
        columnDefinitions: [
          { name: 'Name', type: 'string', format: 'name', description: '', priority: 0 },
          { name: 'Reference', type: 'string', format: '', description: '', priority: 0 },
        ],
        rows: [{ cells: ['alpha', 'x'], object: { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: flunder('alpha').metadata } }],
      });
    }
    return send(res, 200, { apiVersion: GV, kind: 'FlunderList', metadata: { resourceVersion: '1' }, items: [flunder('alpha')] });
  }
  if (path === `/apis/${GV}/namespaces/default/flunders/alpha`) return send(res, 200, flunder('alpha'));
  if (path === `/apis/${GV}/redirect`) {
    res.writeHead(302, { Location: 'https://example.com/' });
    return void res.end();
  }
  if (path === '/openapi/v3') return send(res, 200, { paths: { [`apis/${GV}`]: { serverRelativeURL: `/openapi/v3/apis/${GV}?hash=WARDLE` } } });
  if (path === `/openapi/v3/apis/${GV}`) return send(res, 200, { openapi: '3.0.0', info: { title: 'Wardle', version: 'v1alpha1' }, paths: {} });
  send(res, 404, { kind: 'Status', apiVersion: 'v1', status: 'Failure', code: 404, reason: 'NotFound' });
}

function apiService(version: string, service: { name: string; port: number }) {
  return {
    apiVersion: 'apiregistration.orch.io/v1',
    kind: 'APIService',
    metadata: { name: `${version}.${GROUP}` },
    spec: { group: GROUP, version, service: { namespace: 'wardle', ...service }, caBundle, groupPriorityMinimum: 1000, versionPriority: 15 },
  };
}

async function availability(name: string, want: string): Promise<any> {
  for (let i = 0; i < 200; i++) {
    const r = await s.call('GET', `${APISERVICES}/${name}`);
    const c = r.body.status?.conditions?.find((x: any) => x.type === 'Available');
    if (c?.status === want) return c;
    await delay(50);
  }
  assert.fail(`${name} never became Available=${want}`);
}

before(async () => {
  const servingCA = await createTestCA('wardle-ca');
  const frontProxyCA = await createTestCA('front-proxy-ca');
  const serving = await servingCA.issue('CN=api.wardle.svc', { usages: [SERVER_AUTH], hosts: ['api.wardle.svc', 'localhost'] });
  const client = await frontProxyCA.issue('CN=front-proxy-client');
  const dir = makeTempDir('orch-aggregation-');
  writeFileSync(join(dir, 'proxy.crt'), client.certPem);
  writeFileSync(join(dir, 'proxy.key'), client.keyPem);
  writeFileSync(join(dir, 'front-proxy-ca.crt'), frontProxyCA.certPem);
  caBundle = Buffer.from(servingCA.certPem).toString('base64');
  backend = createServer({ key: serving.keyPem, cert: serving.certPem, ca: frontProxyCA.certPem, requestCert: true, rejectUnauthorized: false }, wardle);
  await new Promise<void>((r) => backend.listen(0, '127.0.0.1', r));
  backendPort = (backend.address() as import('node:net').AddressInfo).port;
  s = await startCoreApiserver({
    'proxy-client-cert-file': join(dir, 'proxy.crt'),
    'proxy-client-key-file': join(dir, 'proxy.key'),
    'requestheader-client-ca-file': join(dir, 'front-proxy-ca.crt'),
    'requestheader-username-headers': ['X-Remote-User'],
    'requestheader-group-headers': ['X-Remote-Group'],
    'requestheader-extra-headers-prefix': ['X-Remote-Extra-'],
  });
  assert.equal((await s.call('POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'wardle' } })).status, 201);
  for (const [name, port] of [['api', backendPort], ['closed', await freePort()]] as const) {
    const svc = { apiVersion: 'v1', kind: 'Service', metadata: { name, namespace: 'wardle' }, spec: { type: 'ExternalName', externalName: 'localhost', ports: [{ port }] } };
    assert.equal((await s.call('POST', '/api/v1/namespaces/wardle/services', svc)).status, 201);
  }
  assert.equal((await s.call('POST', APISERVICES, apiService('v1alpha1', { name: 'api', port: backendPort }))).status, 201);
  if (!kubectlSkip) k = kubectlFor(s);
});

after(async () => {
  k?.close();
  await s?.stop();
  backend?.closeAllConnections();
  await new Promise((r) => backend?.close(r));
});

test('built-in group-versions have local APIServices, Available at once', async () => {
  const apps = (await s.call('GET', `${APISERVICES}/v1.apps`)).body;
  assert.equal(apps.metadata.labels['kube-aggregator.orch.io/automanaged'], 'onstart');
  assert.deepEqual([apps.spec.groupPriorityMinimum, apps.spec.versionPriority], [17800, 15]);
  assert.equal(apps.status.conditions[0].reason, 'Local');
  assert.equal((await s.call('GET', `/apis/apiregistration.k8s.io/v1/apiservices/v1.`)).body.spec.version, 'v1');
});

test('APIServices are validated as Kubernetes validates them', async () => {
  const bad = { ...apiService('v2', { name: 'api', port: 70000 }), metadata: { name: 'v2.wrong' } };
  (bad.spec as any).insecureSkipTLSVerify = true;
  (bad.spec as any).groupPriorityMinimum = 0;
  const r = await s.call('POST', APISERVICES, bad);
  assert.equal(r.status, 422);
  assert.deepEqual(r.body.details.causes.map((c: any) => c.field).sort(), ['metadata.name', 'spec.groupPriorityMinimum', 'spec.insecureSkipTLSVerify', 'spec.service.port']);
});

test('a remote APIService becomes Available and its group is served through the proxy', async () => {
  const c = await availability(`v1alpha1.${GROUP}`, 'True');
  assert.equal(c.reason, 'Passed');
  const groups = (await s.call('GET', '/apis')).body.groups.map((g: any) => g.name);
  assert.ok(groups.includes(GROUP), groups.join());
  assert.equal((await s.call('GET', `/apis/${GROUP}`)).body.preferredVersion.groupVersion, GV);
  seen.length = 0;
  const list = await s.call('GET', `/apis/${GV}/namespaces/default/flunders`);
  assert.equal(list.status, 200);
  assert.equal(list.body.items[0].metadata.name, 'alpha');
  const request = seen.find((x) => x.path.endsWith('/flunders'))!;
  assert.ok(request.user, 'the identity header names the user');
  assert.ok(request.groups.includes('system:masters'), request.groups.join());
  assert.equal(request.authorization, false, "the caller's token is not passed on");
});

test('aggregated discovery and the OpenAPI v3 index include the remote group-version', async () => {
  let version: any;
  for (let i = 0; i < 100 && !version?.resources?.length; i++) {
    const r = await s.call('GET', '/apis', undefined, { accept: 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList' });
    version = r.body.items.find((g: any) => g.metadata.name === GROUP)?.versions?.[0];
    if (!version?.resources?.length) await delay(50);
  }
  assert.equal(version.resources[0].resource, 'flunders');
  assert.deepEqual(version.resources[0].subresources.map((x: any) => x.subresource), ['status']);
  const index = (await s.call('GET', '/openapi/v3')).body.paths;
  assert.equal(index[`apis/${GV}`].serverRelativeURL, `/openapi/v3/apis/${GV}?hash=WARDLE`);
  assert.equal((await s.call('GET', `/openapi/v3/apis/${GV}?hash=WARDLE`)).body.info.title, 'Wardle');
});

test('a watch is streamed from the extension server', async () => {
  const { hostname, port } = new URL(s.url);
  const first = await new Promise<string>((resolve, reject) => {
    const req = httpsRequest({ hostname, port, path: `/apis/${GV}/namespaces/default/flunders?watch=true`, ca: readFileSync(s.caFile), headers: { authorization: `Bearer ${s.token}` } }, (res) => {
      res.once('data', (chunk: Buffer) => {
        resolve(chunk.toString('utf8'));
        req.destroy();
      });
    });
    req.on('error', reject);
    req.end();
  });
  assert.equal(JSON.parse(first.trim()).type, 'ADDED');
});

test('a redirect from the extension server is refused', async () => {
  const r = await s.call('GET', `/apis/${GV}/redirect`);
  assert.equal(r.status, 502);
  assert.match(String(r.body), /the backend attempted to redirect this request, which is not permitted/);
});

test('APIServices whose server is missing or silent are Available=False and answered 503', async () => {
  assert.equal((await s.call('POST', APISERVICES, apiService('v1beta1', { name: 'missing', port: 443 }))).status, 201);
  assert.equal((await s.call('POST', APISERVICES, apiService('v1beta2', { name: 'closed', port: (await s.call('GET', '/api/v1/namespaces/wardle/services/closed')).body.spec.ports[0].port }))).status, 201);
  const missing = await availability(`v1beta1.${GROUP}`, 'False');
  assert.equal(missing.reason, 'ServiceNotFound');
  assert.equal(missing.message, 'service/missing in "wardle" is not present');
  const closed = await availability(`v1beta2.${GROUP}`, 'False');
  assert.equal(closed.reason, 'FailedDiscoveryCheck');
  const r = await s.call('GET', `/apis/${GROUP}/v1beta1/namespaces/default/flunders`);
  assert.equal(r.status, 503);
  assert.equal(r.body, 'service unavailable\n');
  // Left out of discovery while not available.
  const versions = (await s.call('GET', `/apis/${GROUP}`)).body.versions.map((v: any) => v.version);
  assert.deepEqual(versions, ['v1alpha1']);
});

test('kubectl lists APIServices and reaches the remote resource', { skip: kubectlSkip }, async () => {
  const run = async (args: string[]) => {
    const r = await k!.run(args);
    assert.equal(r.code, 0, `kubectl ${args.join(' ')}: ${r.stderr}`);
    return r.stdout;
  };
  await availability(`v1beta1.${GROUP}`, 'False');
  const table = await run(['get', 'apiservices']);
  assert.match(table.split('\n')[0]!, /^NAME\s+SERVICE\s+AVAILABLE\s+AGE$/);
  assert.match(table, /\nv1\.apps\s+Local\s+True\s+/);
  assert.match(table, /\nv1alpha1\.wardle\.example\.com\s+wardle\/api\s+True\s+/);
  assert.match(table, /\nv1beta1\.wardle\.example\.com\s+wardle\/missing\s+False \(ServiceNotFound\)\s+/);
  assert.match(await run(['get', 'flunders']), /alpha\s+x/);
  assert.match(await run(['api-resources', `--api-group=${GROUP}`]), /flunders\s+fl\s+wardle\.example\.com\/v1alpha1\s+true\s+Flunder/);
});

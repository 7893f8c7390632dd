// The egress selector: its configuration checked as Kubernetes checks it, and connections through
// an HTTP CONNECT proxy started here (TCP and Unix socket), counted by the tunnels it opened: a
// plain dial, an https request keeping its own TLS settings, and a node agent's connect dial.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer as createHttpsServer, request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EgressConfigError, loadEgressConfig } from './config.ts';
import { checkEtcdSelection, egressSelector, loadEgressSelector } from './selector.ts';
import { httpsConnectionOver } from './https-over.ts';
import { startConnectProxy } from './testing/connect-proxy.ts';
import { dial } from '../registry/core/connect/dial.ts';
import { ensureSelfSignedPair } from '../../component-base/certs/self-signed.ts';

const dir = mkdtempSync(join(tmpdir(), 'orch-egress-'));
let n = 0;
function file(text: string): string {
  const path = join(dir, `egress-${n++}.yaml`);
  writeFileSync(path, text);
  return path;
}
const HEAD = 'apiVersion: apiserver.config.orch.io/v1\nkind: EgressSelectorConfiguration\n';

test('a configuration names each selection Direct or HTTPConnect over TCP or a Unix socket', () => {
  const config = loadEgressConfig(
    file(`${HEAD}egressSelections:
- name: cluster
  connection: {proxyProtocol: HTTPConnect, transport: {tcp: {url: "http://127.0.0.1:8131"}}}
- name: Master
  connection: {proxyProtocol: HTTPConnect, transport: {uds: {udsName: /run/konnectivity.sock}}}
- name: etcd
  connection: {proxyProtocol: Direct}
`),
  );
  assert.equal(config.get('cluster')?.protocol, 'HTTPConnect');
  assert.deepEqual(config.get('controlplane'), { protocol: 'HTTPConnect', proxy: { kind: 'uds', path: '/run/konnectivity.sock' } });
  assert.deepEqual(config.get('etcd'), { protocol: 'Direct' });
  const selector = egressSelector(config);
  assert.equal(selector.describe('cluster'), 'HTTPConnect via http://127.0.0.1:8131');
  assert.equal(selector.dialer('etcd'), undefined);
  assert.equal(loadEgressSelector('').dialer('cluster'), undefined);
});

test('a bad configuration is refused with every problem named by its field', () => {
  const bad = file(`${HEAD}egressSelections:
- name: cluster
  connection: {proxyProtocol: HTTPConnect, transport: {tcp: {url: "ftp://x"}}}
- name: cluster
  connection: {proxyProtocol: Direct}
- name: elsewhere
  connection: {proxyProtocol: Direct, transport: {uds: {udsName: /x}}}
- name: etcd
  connection: {proxyProtocol: HTTPConnect, transport: {tcp: {url: "https://proxy:8131"}}}
`);
  assert.throws(() => loadEgressConfig(bad), (err: Error) => {
    assert.ok(err instanceof EgressConfigError);
    assert.match(err.message, /egressSelections\[0\]\.connection\.url: Invalid value: "ftp:\/\/x": supported connection protocols are http:\/\/ and https:\/\//);
    assert.match(err.message, /egressSelections\[1\]\.name: Duplicate value: "cluster"/);
    assert.match(err.message, /egressSelections\[2\]\.connection\.transport: Invalid value: "direct": config must be absent for direct connect/);
    assert.match(err.message, /egressSelections\[2\]\.name: Unsupported value: "elsewhere"/);
    assert.match(err.message, /egressSelections\[3\]\.connection\.tlsConfig: Required value: TLSConfig must be present when using HTTPS/);
    return true;
  });
  assert.throws(() => loadEgressConfig(file(`${HEAD}egressSelections:\n- name: cluster\n  connection: {proxyProtocol: GRPC, transport: {uds: {udsName: /x}}}\n`)), /Unsupported value: "GRPC": konnectivity's GRPC protocol is not supported/);
  assert.throws(() => loadEgressConfig(file('apiVersion: v1\nkind: ConfigMap\n')), /expected kind EgressSelectorConfiguration/);
  assert.throws(() => loadEgressConfig(join(dir, 'missing.yaml')), /unable to read egress selector configuration/);
  const etcdProxy = egressSelector(loadEgressConfig(file(`${HEAD}egressSelections:\n- name: etcd\n  connection: {proxyProtocol: HTTPConnect, transport: {tcp: {url: "http://127.0.0.1:1"}}}\n`)));
  assert.throws(() => checkEtcdSelection(etcdProxy, true), /egress selection "etcd" \(HTTPConnect via http:\/\/127\.0\.0\.1:1\) is not supported/);
  checkEtcdSelection(etcdProxy, false);
});

// One HTTPS server standing for a webhook, an aggregated server or a node agent.
const pair = await ensureSelfSignedPair(join(dir, 'certs'), '127.0.0.1', ['localhost', '127.0.0.1']);
const cert = readFileSync(pair.certFile, 'utf8');
const backend = createHttpsServer({ cert, key: readFileSync(pair.keyFile, 'utf8') }, (req, res) => res.end(`hello ${req.url}`));
await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
const backendPort = (backend.address() as { port: number }).port;
after(() => {
  backend.closeAllConnections();
  backend.close();
});

function get(path: string, dialer: ReturnType<typeof egressSelector>['dialer'] extends (n: any) => infer D ? D : never): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest({ host: 'localhost', port: backendPort, path, ca: cert, agent: false, ...httpsConnectionOver(dialer) }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve(body));
    });
    req.on('error', reject);
    req.end();
  });
}

for (const transport of ['tcp', 'uds'] as const) {
  test(`https requests and connect dials go through a ${transport} CONNECT proxy, one tunnel each`, async () => {
    const proxy = await startConnectProxy(transport === 'uds' ? join(dir, `proxy-${n++}.sock`) : undefined);
    try {
      const spec = transport === 'uds' ? `uds: {udsName: ${proxy.address}}` : `tcp: {url: "${proxy.address}"}`;
      const selector = loadEgressSelector(file(`${HEAD}egressSelections:\n- name: cluster\n  connection: {proxyProtocol: HTTPConnect, transport: {${spec}}}\n`));
      const cluster = selector.dialer('cluster')!;
      // The request's own TLS settings hold over the tunnel: its CA, and the name checked.
      assert.equal(await get('/one', cluster), 'hello /one');
      assert.deepEqual(proxy.tunnels, [`localhost:${backendPort}`]);
      const socket = await dial({ scheme: 'https', host: '127.0.0.1', port: backendPort, tls: { ca: cert, verify: true }, timeoutMs: 2000, egress: cluster });
      socket.destroy();
      assert.deepEqual(proxy.tunnels, [`localhost:${backendPort}`, `127.0.0.1:${backendPort}`]);
      // Without a dialer nothing goes through the proxy.
      assert.equal(await get('/two', undefined), 'hello /two');
      assert.equal(proxy.tunnels.length, 2);
    } finally {
      await proxy.close();
    }
  });
}

test('a proxy that refuses the tunnel fails the dial with its answer', async () => {
  const proxy = await startConnectProxy();
  await proxy.close();
  const selector = loadEgressSelector(file(`${HEAD}egressSelections:\n- name: cluster\n  connection: {proxyProtocol: HTTPConnect, transport: {tcp: {url: "${proxy.address}"}}}\n`));
  await assert.rejects(get('/x', selector.dialer('cluster')), /proxy 127\.0\.0\.1:\d+ could not connect to localhost:\d+: connect ECONNREFUSED/);
  await assert.rejects(dial({ scheme: 'http', host: '127.0.0.1', port: 1, timeoutMs: 2000, egress: selector.dialer('cluster') }), /could not connect to 127\.0\.0\.1:1/);
});

// Service cluster IPs and node ports allocated by the real daemon on SQLite, and the orch service:
// 200 concurrent creates get 200 distinct addresses of --service-cluster-ip-range; an address or
// node port asked for is honoured, a second request for it refused with Kubernetes' message, and a
// delete gives it back; `kubectl create service nodeport` gets a port of the node port range; the
// orch service and its endpoints are there as kubectl shows them.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { daemonDir, deferredHooks, eventually, startDaemon, type StorageDaemon } from '../support/daemon.ts';
import { kubectlFor, kubectlSkip, type Kubectl } from '../support/kubectl.ts';

const SVCS = '/api/v1/namespaces/default/services';
/** A documentation address (TEST-NET-1): nothing listens there, and nothing needs to. */
const ADVERTISED = '192.0.2.10';
const hooks = deferredHooks();
let d: StorageDaemon;
let kubectl: Kubectl | undefined;

before(async () => {
  // The advertised address goes into the orch Endpoints, which may not hold a loopback address.
  d = await startDaemon(hooks, daemonDir(hooks), ['--service-cluster-ip-range=10.96.0.0/12', `--advertise-address=${ADVERTISED}`]);
  if (!kubectlSkip) kubectl = kubectlFor({ url: d.url, caFile: d.caFile, token: d.token });
});
after(async () => {
  kubectl?.close();
  await hooks.run();
});

function service(name: string, spec: Record<string, unknown> = {}) {
  return { apiVersion: 'v1', kind: 'Service', metadata: { name }, spec: { ports: [{ port: 80, protocol: 'TCP' }], selector: { app: name }, ...spec } };
}

/** 10.96.0.0/12 gives 10.96.0.1 to 10.111.255.254. */
function inRange(ip: string): boolean {
  const n = ip.split('.').reduce((acc, octet) => acc * 256 + Number(octet), 0);
  const network = ((10 * 256 + 96) * 256 + 0) * 256 + 0;
  return n > network && n < network + 2 ** 20 - 1;
}

test('200 concurrent creates get 200 distinct cluster IPs of the range', async () => {
  const started = performance.now();
  const replies = await Promise.all(Array.from({ length: 200 }, (_, i) => d.call('POST', SVCS, service(`many-${i}`), 60_000)));
  const ms = performance.now() - started;
  for (const r of replies) assert.equal(r.status, 201, r.text);
  const ips = replies.map((r) => r.body.spec.clusterIP as string);
  assert.equal(new Set(ips).size, 200);
  for (const ip of ips) assert.ok(inRange(ip), ip);
  const first = replies[0]!.body.spec;
  assert.deepEqual(first.clusterIPs, [first.clusterIP]);
  assert.equal(first.ipFamilyPolicy, 'SingleStack');
  assert.deepEqual(first.ipFamilies, ['IPv4']);
  process.stdout.write(`# 200 concurrent service creates on SQLite: ${ms.toFixed(0)} ms\n`);
  const list = await d.call('GET', SVCS);
  const stored = list.body.items.filter((s: any) => s.metadata.name.startsWith('many-')).map((s: any) => s.spec.clusterIP);
  assert.deepEqual(stored.sort(), [...ips].sort());
});

test('an address asked for is honoured, a second request refused with Kubernetes\' message, and free again after the delete', async () => {
  const a = await d.call('POST', SVCS, service('fixed-a', { clusterIP: '10.96.0.5' }));
  assert.equal(a.status, 201, a.text);
  assert.deepEqual(a.body.spec.clusterIPs, ['10.96.0.5']);
  const b = await d.call('POST', SVCS, service('fixed-b', { clusterIP: '10.96.0.5' }));
  assert.equal(b.status, 422, b.text);
  assert.equal(b.body.message, 'Service "fixed-b" is invalid: spec.clusterIPs: Invalid value: []string{"10.96.0.5"}: failed to allocate IP 10.96.0.5: provided IP is already allocated');
  assert.deepEqual(b.body.details.causes, [{ reason: 'FieldValueInvalid', field: 'spec.clusterIPs', message: 'Invalid value: []string{"10.96.0.5"}: failed to allocate IP 10.96.0.5: provided IP is already allocated' }]);
  const out = await d.call('POST', SVCS, service('fixed-c', { clusterIP: '10.200.0.5' }));
  assert.equal(out.status, 422, out.text);
  assert.match(out.body.message, /failed to allocate IP 10\.200\.0\.5: the provided IP \(10\.200\.0\.5\) is not in the valid range\. The range of valid IPs is 10\.96\.0\.0\/12$/);
  assert.equal((await d.call('DELETE', `${SVCS}/fixed-a`)).status, 200);
  const again = await d.call('POST', SVCS, service('fixed-b', { clusterIP: '10.96.0.5' }));
  assert.equal(again.status, 201, again.text);
  // A dry run neither takes an address nor refuses one that is free.
  const dry = await d.call('POST', `${SVCS}?dryRun=All`, service('dry'));
  assert.equal(dry.status, 201, dry.text);
  assert.equal(dry.body.spec.clusterIP, '10.96.0.0');
});

test('a change to ExternalName gives the address back; headless services hold none', async () => {
  const svc = await d.call('POST', SVCS, service('flip', { clusterIP: '10.96.0.6' }));
  assert.equal(svc.status, 201, svc.text);
  const flipped = await d.send('PATCH', `${SVCS}/flip`, { body: { spec: { type: 'ExternalName', externalName: 'example.com' } }, headers: { 'content-type': 'application/merge-patch+json' } });
  assert.equal(flipped.status, 200, flipped.text);
  assert.equal(flipped.body.spec.clusterIP, undefined);
  const taken = await d.call('POST', SVCS, service('takes-six', { clusterIP: '10.96.0.6' }));
  assert.equal(taken.status, 201, taken.text);
  const headless = await d.call('POST', SVCS, service('headless', { clusterIP: 'None' }));
  assert.equal(headless.status, 201, headless.text);
  assert.deepEqual(headless.body.spec.clusterIPs, ['None']);
});

test('kubectl create service nodeport gets a port of the range; one asked for is honoured, a taken one refused', { skip: kubectlSkip }, async () => {
  const r = await kubectl!.run(['create', 'service', 'nodeport', 'np', '--tcp=80:8080']);
  assert.equal(r.code, 0, r.stderr);
  const np = (await d.call('GET', `${SVCS}/np`)).body.spec.ports[0];
  assert.ok(np.nodePort >= 30000 && np.nodePort <= 32767, JSON.stringify(np));
  assert.equal(np.targetPort, 8080);
  const asked = await kubectl!.run(['create', 'service', 'nodeport', 'np-asked', '--tcp=80:8080', '--node-port=30080']);
  assert.equal(asked.code, 0, asked.stderr);
  assert.equal((await d.call('GET', `${SVCS}/np-asked`)).body.spec.ports[0].nodePort, 30080);
  const dup = await kubectl!.run(['create', 'service', 'nodeport', 'np-dup', '--tcp=80:8080', '--node-port=30080']);
  assert.notEqual(dup.code, 0);
  assert.match(dup.stderr, /Service "np-dup" is invalid: spec\.ports\[0\]\.nodePort: Invalid value: 30080: provided port is already allocated/);
  assert.equal((await kubectl!.run(['delete', 'service', 'np-asked'])).code, 0);
  const again = await kubectl!.run(['create', 'service', 'nodeport', 'np-dup', '--tcp=80:8080', '--node-port=30080']);
  assert.equal(again.code, 0, again.stderr);
});

test('the orch service and its endpoints, as kubectl shows them', { skip: kubectlSkip }, async () => {
  const svc = (await d.call('GET', `${SVCS}/orch`)).body;
  assert.deepEqual(svc.metadata.labels, { component: 'apiserver', provider: 'orch' });
  const port = Number(new URL(d.url).port);
  assert.deepEqual(svc.spec.ports, [{ name: 'https', protocol: 'TCP', port: 443, targetPort: port }]);
  assert.equal(svc.spec.clusterIP, '10.96.0.1');
  const got = await kubectl!.run(['get', 'svc', 'orch', '-n', 'default']);
  assert.equal(got.code, 0, got.stderr);
  assert.match(got.stdout, /^NAME\s+TYPE\s+CLUSTER-IP\s+EXTERNAL-IP\s+PORT\(S\)\s+AGE\n/);
  assert.match(got.stdout, /^orch\s+ClusterIP\s+10\.96\.0\.1\s+<none>\s+443\/TCP\s+\S+\n$/m);
  const ep = await eventually('the orch endpoints', async () => {
    const r = await kubectl!.run(['get', 'endpoints', 'orch']);
    return r.code === 0 && r.stdout.includes(`${ADVERTISED}:${port}`) && r;
  });
  assert.match(ep.stdout, new RegExp(`^orch\\s+192\\.0\\.2\\.10:${port}\\s+\\S+\\n$`, 'm'));
  const endpoints = (await d.call('GET', '/api/v1/namespaces/default/endpoints/orch')).body;
  assert.deepEqual(endpoints.metadata.labels, { 'endpointslice.orch.io/skip-mirror': 'true' });
  assert.deepEqual(endpoints.subsets, [{ addresses: [{ ip: ADVERTISED }], ports: [{ name: 'https', port, protocol: 'TCP' }] }]);
});

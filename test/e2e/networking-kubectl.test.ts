// Networking and discovery with the real kubectl: `kubectl create ingress` with a rule (the class
// coming from the default IngressClass), `get ing,ingressclass,netpol -o wide`, `apply -f` of a
// NetworkPolicy as manifests write it (networking.k8s.io/v1), the default ServiceCIDR in
// `get servicecidrs`, services' cluster IPs in `get ipaddresses`, and `get endpointslices`.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';
import { kubectlFor, kubectlSkip as skip, type Kubectl } from '../support/kubectl.ts';

let s: CoreApiserver;
let k: Kubectl;
before(async () => {
  if (skip) return;
  s = await startCoreApiserver({ 'service-cluster-ip-range': '10.96.0.0/16' });
  k = kubectlFor(s);
});
after(async () => {
  if (skip) return;
  k.close();
  await s.stop();
});

async function ok(args: string[]): Promise<string> {
  const r = await k.run(args);
  assert.equal(r.code, 0, `kubectl ${args.join(' ')}: ${r.stderr}${r.stdout}`);
  return r.stdout;
}

/** A table's rows as cells split on runs of two or more spaces, the header first. */
function rows(out: string): string[][] {
  return out.trimEnd().split('\n').map((line) => line.trim().split(/\s{2,}/));
}

const POLICY = `apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: db-access
spec:
  podSelector:
    matchLabels:
      app: db
  policyTypes: [Ingress, Egress]
  ingress:
  - from:
    - podSelector:
        matchLabels:
          app: web
    - namespaceSelector:
        matchLabels:
          team: shop
    ports:
    - port: 5432
  egress:
  - to:
    - ipBlock:
        cidr: 10.0.0.0/8
        except: [10.99.0.0/16]
`;

const DEFAULT_CLASS = `apiVersion: networking.k8s.io/v1
kind: IngressClass
metadata:
  name: shop-nginx
  annotations:
    ingressclass.orch.io/is-default-class: "true"
spec:
  controller: example.com/ingress-nginx
`;

const SLICE = `apiVersion: discovery.k8s.io/v1
kind: EndpointSlice
metadata:
  name: web-manual
  labels:
    orch.io/service-name: web
addressType: IPv4
endpoints:
- addresses: [10.244.1.7]
  conditions:
    ready: true
ports:
- name: http
  port: 8080
`;

test('kubectl create ingress gets the default class; get ing,ingressclass,netpol -o wide shows them', { skip }, async () => {
  assert.match(await ok(['apply', '-f', k.file('class.yaml', DEFAULT_CLASS)]), /ingressclass\.networking\.k8s\.io\/shop-nginx created/);
  assert.match(await ok(['create', 'ingress', 'web', '--rule=shop.example/=web:80']), /ingress\.networking\.k8s\.io\/web created/);
  const ing = JSON.parse(await ok(['get', 'ingress', 'web', '-o', 'json']));
  assert.equal(ing.spec.ingressClassName, 'shop-nginx');
  assert.deepEqual(ing.spec.rules, [{ host: 'shop.example', http: { paths: [{ path: '/', pathType: 'Exact', backend: { service: { name: 'web', port: { number: 80 } } } }] } }]);
  assert.match(await ok(['apply', '-f', k.file('policy.yaml', POLICY)]), /networkpolicy\.networking\.k8s\.io\/db-access created/);
  const out = rows(await ok(['get', 'ing,ingressclass,netpol', '-o', 'wide']));
  const header = (first: string) => out.find((r) => r[0] === 'NAME' && out[out.indexOf(r) + 1]?.[0]?.startsWith(first));
  assert.deepEqual(header('ingress.')?.slice(0, 5), ['NAME', 'CLASS', 'HOSTS', 'ADDRESS', 'PORTS']);
  // kubectl names the rows by the group discovery resolved the short names to (either name of it).
  const row = (kind: string, name: string) => out.find((r) => new RegExp(`^${kind}\\.networking\\.(orch|k8s)\\.io/${name}$`).test(r[0]!))!.slice(1);
  assert.deepEqual(row('ingress', 'web').slice(0, 3), ['shop-nginx', 'shop.example', '80']);
  assert.deepEqual(header('ingressclass.')?.slice(0, 3), ['NAME', 'CONTROLLER', 'PARAMETERS']);
  assert.deepEqual(row('ingressclass', 'shop-nginx').slice(0, 2), ['example.com/ingress-nginx', '<none>']);
  assert.deepEqual(header('networkpolicy.')?.slice(0, 2), ['NAME', 'POD-SELECTOR']);
  assert.deepEqual(row('networkpolicy', 'db-access').slice(0, 1), ['app=db']);
});

test('kubectl apply again keeps a NetworkPolicy and its defaults, and refuses an invalid Ingress with Kubernetes\' message', { skip }, async () => {
  const np = JSON.parse(await ok(['get', 'netpol', 'db-access', '-o', 'json']));
  assert.deepEqual(np.spec.ingress[0].ports, [{ port: 5432, protocol: 'TCP' }]);
  // The ports list is atomic: kubectl sends it again (defaults and all), and nothing changes.
  await ok(['apply', '-f', k.file('policy-again.yaml', POLICY)]);
  const again = JSON.parse(await ok(['get', 'netpol', 'db-access', '-o', 'json']));
  assert.deepEqual(again.spec, np.spec);
  assert.equal(again.metadata.generation, 1);
  const bad = await k.run(['create', 'ingress', 'bad', '--rule=10.0.0.1/=web:80']);
  assert.notEqual(bad.code, 0);
  assert.match(bad.stderr, /spec\.rules\[0\]\.host: Invalid value: "10\.0\.0\.1": must be a DNS name, not an IP address/);
});

test('kubectl get servicecidrs shows the default one; get ipaddresses lists the services\' addresses', { skip }, async () => {
  const cidrs = rows(await ok(['get', 'servicecidrs']));
  assert.deepEqual(cidrs[0]!.slice(0, 3), ['NAME', 'CIDRS', 'AGE']);
  assert.deepEqual(cidrs.find((r) => r[0] === 'orch')?.slice(0, 2), ['orch', '10.96.0.0/16']);
  await ok(['create', 'service', 'clusterip', 'web', '--tcp=80:8080']);
  await ok(['create', 'service', 'clusterip', 'api', '--tcp=443:8443']);
  const web = (await ok(['get', 'service', 'web', '-o', 'jsonpath={.spec.clusterIP}'])).trim();
  const api = (await ok(['get', 'service', 'api', '-o', 'jsonpath={.spec.clusterIP}'])).trim();
  const ips = rows(await ok(['get', 'ipaddresses']));
  assert.deepEqual(ips[0], ['NAME', 'PARENTREF']);
  assert.deepEqual(ips.find((r) => r[0] === web), [web, 'services/default/web']);
  assert.deepEqual(ips.find((r) => r[0] === api), [api, 'services/default/api']);
  // The orch service's address is the range's first.
  assert.deepEqual(ips.find((r) => r[0] === '10.96.0.1'), ['10.96.0.1', 'services/default/orch']);
});

test('kubectl get endpointslices shows a slice applied by hand', { skip }, async () => {
  assert.match(await ok(['apply', '-f', k.file('slice.yaml', SLICE)]), /endpointslice\.discovery\.k8s\.io\/web-manual created/);
  const out = rows(await ok(['get', 'endpointslices', '-l', 'orch.io/service-name=web']));
  assert.deepEqual(out[0], ['NAME', 'ADDRESSTYPE', 'PORTS', 'ENDPOINTS', 'AGE']);
  assert.deepEqual(out[1]!.slice(0, 4), ['web-manual', 'IPv4', '8080', '10.244.1.7']);
});

// networking.orch.io/v1 over raw HTTP as Kubernetes 1.35 serves it: discovery (short names,
// scopes, /status), the default ServiceCIDR of --service-cluster-ip-range marked Ready, services'
// cluster IPs readable as IPAddresses, NetworkPolicy and IngressClass defaults, Ingress status
// and generation rules, the DefaultIngressClass admission plugin, validation messages and the
// tables kubectl prints.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';

let s: CoreApiserver;
before(async () => {
  s = await startCoreApiserver({ 'service-cluster-ip-range': '10.96.0.0/16' });
});
after(() => s.stop());

const NET = '/apis/networking.orch.io/v1';
const NS = `${NET}/namespaces/default`;
const TABLE = { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' };
const MERGE = { 'content-type': 'application/merge-patch+json' };

function messages(r: { body: any }): string[] {
  return (r.body.details?.causes ?? []).map((c: any) => `${c.field}: ${c.message}`);
}

async function until<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const out = await probe();
    if (out !== undefined) return out;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const ingress = (name: string, spec: Record<string, unknown> = {}) => ({
  metadata: { name },
  spec: { rules: [{ host: 'shop.example', http: { paths: [{ path: '/', pathType: 'Prefix', backend: { service: { name: 'web', port: { number: 80 } } } }] } }], ...spec },
});

test('discovery lists the five resources with Kubernetes\' names, scopes and subresources', async () => {
  const list = (await s.call('GET', NET)).body.resources as any[];
  const by = (name: string) => list.find((r) => r.name === name);
  assert.deepEqual(by('ingresses').shortNames, ['ing']);
  assert.equal(by('ingresses').namespaced, true);
  assert.ok(by('ingresses/status'));
  assert.deepEqual(by('networkpolicies').shortNames, ['netpol']);
  assert.equal(by('ingressclasses').namespaced, false);
  assert.equal(by('servicecidrs').namespaced, false);
  assert.ok(by('servicecidrs/status'));
  assert.deepEqual(by('ipaddresses').shortNames, ['ip']);
  assert.equal(by('ipaddresses').namespaced, false);
});

test('the default ServiceCIDR holds --service-cluster-ip-range and is Ready', async () => {
  const sc = await until('the default ServiceCIDR to be Ready', async () => {
    const r = await s.call('GET', `${NET}/servicecidrs/orch`);
    return r.status === 200 && r.body.status?.conditions?.[0]?.status === 'True' ? r.body : undefined;
  });
  assert.deepEqual(sc.spec, { cidrs: ['10.96.0.0/16'] });
  const [ready] = sc.status.conditions;
  assert.equal(ready.type, 'Ready');
  assert.equal(ready.message, 'orch default Service CIDR is ready');
  assert.equal(ready.reason, '');
  const managers = sc.metadata.managedFields.map((m: any) => `${m.manager}/${m.operation}`);
  assert.ok(managers.includes('orch-service-cidr-controller/Apply'), managers.join());
  const table = await s.call('GET', `${NET}/servicecidrs`, undefined, TABLE);
  assert.deepEqual(table.body.columnDefinitions.map((c: any) => c.name), ['Name', 'CIDRs', 'Age']);
  const row = table.body.rows.find((r: any) => r.cells[0] === 'orch');
  assert.equal(row.cells[1], '10.96.0.0/16');
});

test('a service\'s cluster IP is an IPAddress naming the service, shown as NAME PARENTREF', async () => {
  const svc = await s.call('POST', '/api/v1/namespaces/default/services', { metadata: { name: 'addr' }, spec: { ports: [{ port: 80 }] } });
  assert.equal(svc.status, 201, JSON.stringify(svc.body));
  const ip = svc.body.spec.clusterIP as string;
  const got = await s.call('GET', `${NET}/ipaddresses/${ip}`);
  assert.equal(got.status, 200, JSON.stringify(got.body));
  assert.equal(got.body.apiVersion, 'networking.orch.io/v1');
  assert.deepEqual(got.body.spec, { parentRef: { resource: 'services', namespace: 'default', name: 'addr' } });
  assert.equal(got.body.metadata.labels['ipaddress.orch.io/managed-by'], 'ipallocator.orch.io');
  const table = await s.call('GET', `${NET}/ipaddresses`, undefined, TABLE);
  assert.deepEqual(table.body.columnDefinitions.map((c: any) => c.name), ['Name', 'ParentRef']);
  const row = table.body.rows.find((r: any) => r.cells[0] === ip);
  assert.equal(row.cells[1], 'services/default/addr');
});

test('IPAddress names are IPs in canonical form and parentRef is required and fixed', async () => {
  const bad = await s.call('POST', `${NET}/ipaddresses`, { metadata: { name: '2001:db8:0:0::5' }, spec: {} });
  assert.equal(bad.status, 422);
  assert.deepEqual(messages(bad), [
    'metadata.name: Invalid value: "2001:db8:0:0::5": must be in canonical form ("2001:db8::5")',
    'spec.parentRef: Required value',
  ]);
  const zeros = await s.call('POST', `${NET}/ipaddresses`, { metadata: { name: '10.01.0.1' }, spec: { parentRef: { resource: 'gateways', name: 'g' } } });
  assert.deepEqual(messages(zeros), ['metadata.name: Invalid value: "10.01.0.1": must not have leading 0s']);
  const ok = await s.call('POST', `${NET}/ipaddresses`, { metadata: { name: '192.168.7.7' }, spec: { parentRef: { group: 'gateway.example', resource: 'gateways', name: 'g' } } });
  assert.equal(ok.status, 201, JSON.stringify(ok.body));
  const moved = await s.call('PATCH', `${NET}/ipaddresses/192.168.7.7`, { spec: { parentRef: { name: 'h' } } }, MERGE);
  assert.equal(moved.status, 422);
  assert.deepEqual(messages(moved), [
    'spec.parentRef: Invalid value: networking.ParentReference{Group:"gateway.example", Resource:"gateways", Namespace:"", Name:"h"}: field is immutable',
  ]);
});

test('ServiceCIDR ranges are strict, one per family, and fixed but for a second family', async () => {
  const three = await s.call('POST', `${NET}/servicecidrs`, { metadata: { name: 'three' }, spec: { cidrs: ['10.1.0.0/24', '10.2.0.0/24', '2001:db8::/64'] } });
  assert.deepEqual(messages(three), ['spec.cidrs: Invalid value: networking.ServiceCIDRSpec{CIDRs:[]string{"10.1.0.0/24", "10.2.0.0/24", "2001:db8::/64"}}: may only hold up to 2 values']);
  const same = await s.call('POST', `${NET}/servicecidrs`, { metadata: { name: 'same' }, spec: { cidrs: ['10.1.0.0/24', '10.2.0.1/24'] } });
  assert.deepEqual(messages(same), [
    'spec.cidrs[1]: Invalid value: "10.2.0.1/24": must not have bits set beyond the prefix length',
    'spec.cidrs: Invalid value: []string{"10.1.0.0/24", "10.2.0.1/24"}: may specify no more than one IP for each IP family, i.e 192.168.0.0/24 and 2001:db8::/64',
  ]);
  const none = await s.call('POST', `${NET}/servicecidrs`, { metadata: { name: 'none' }, spec: {} });
  assert.deepEqual(messages(none), ['spec.cidrs: Required value: at least one CIDR required']);
  const one = await s.call('POST', `${NET}/servicecidrs`, { metadata: { name: 'extra' }, spec: { cidrs: ['10.3.0.0/24'] } });
  assert.equal(one.status, 201, JSON.stringify(one.body));
  assert.deepEqual(one.body.status, {});
  const changed = await s.call('PATCH', `${NET}/servicecidrs/extra`, { spec: { cidrs: ['10.4.0.0/24'] } }, MERGE);
  assert.deepEqual(messages(changed), ['spec.cidrs[0]: Invalid value: "10.4.0.0/24": field is immutable']);
  const dual = await s.call('PATCH', `${NET}/servicecidrs/extra`, { spec: { cidrs: ['10.3.0.0/24', '2001:db8:1::/64'] } }, MERGE);
  assert.equal(dual.status, 200, JSON.stringify(dual.body));
  const status = await s.call('PATCH', `${NET}/servicecidrs/extra/status`, { spec: { cidrs: ['10.9.0.0/24'] }, status: { conditions: [{ type: 'Ready', status: 'False', reason: 'Testing', message: 'x', lastTransitionTime: '2026-01-01T00:00:00Z' }] } }, MERGE);
  assert.equal(status.status, 200, JSON.stringify(status.body));
  assert.deepEqual(status.body.spec.cidrs, ['10.3.0.0/24', '2001:db8:1::/64']);
  assert.equal(status.body.status.conditions[0].reason, 'Testing');
});

test('NetworkPolicies get Kubernetes\' defaults, its validation and the POD-SELECTOR column', async () => {
  const ingressOnly = await s.call('POST', `${NS}/networkpolicies`, {
    metadata: { name: 'db' },
    spec: { podSelector: { matchLabels: { app: 'db' } }, ingress: [{ from: [{ podSelector: { matchLabels: { app: 'web' } } }], ports: [{ port: 5432 }] }] },
  });
  assert.equal(ingressOnly.status, 201, JSON.stringify(ingressOnly.body));
  assert.deepEqual(ingressOnly.body.spec.policyTypes, ['Ingress']);
  assert.deepEqual(ingressOnly.body.spec.ingress[0].ports, [{ protocol: 'TCP', port: 5432 }]);
  assert.equal(ingressOnly.body.metadata.generation, 1);
  const both = await s.call('POST', `${NS}/networkpolicies`, { metadata: { name: 'all' }, spec: { podSelector: {}, egress: [{ to: [{ ipBlock: { cidr: '10.0.0.0/8', except: ['10.1.0.0/16'] } }] }] } });
  assert.equal(both.status, 201, JSON.stringify(both.body));
  assert.deepEqual(both.body.spec.policyTypes, ['Ingress', 'Egress']);
  const bad = await s.call('POST', `${NS}/networkpolicies`, {
    metadata: { name: 'bad' },
    spec: {
      ingress: [{ from: [{}, { ipBlock: { cidr: '10.0.0.0/8', except: ['192.168.0.0/16'] }, podSelector: {} }], ports: [{ protocol: 'ICMP', port: 80, endPort: 79 }, { port: 'http', endPort: 90 }] }],
      policyTypes: ['Ingress', 'Sideways'],
    },
  });
  assert.equal(bad.status, 422);
  assert.deepEqual(messages(bad), [
    'spec.ingress[0].ports[0].protocol: Unsupported value: "ICMP": supported values: "TCP", "UDP", "SCTP"',
    'spec.ingress[0].ports[0].endPort: Invalid value: 79: must be greater than or equal to `port`',
    'spec.ingress[0].ports[1].endPort: Invalid value: 90: may not be specified when `port` is non-numeric',
    'spec.ingress[0].from[0]: Required value: must specify a peer',
    'spec.ingress[0].from[1].ipBlock.except[0]: Invalid value: "192.168.0.0/16": must be a strict subset of `cidr`',
    'spec.ingress[0].from[1]: Forbidden: may not specify both ipBlock and another peer',
    'spec.policyTypes[1]: Unsupported value: "Sideways": supported values: "Ingress", "Egress"',
  ]);
  const table = await s.call('GET', `${NS}/networkpolicies`, undefined, TABLE);
  assert.deepEqual(table.body.columnDefinitions.map((c: any) => c.name), ['Name', 'Pod-Selector', 'Age']);
  assert.deepEqual(table.body.rows.map((r: any) => r.cells.slice(0, 2)), [['all', '<none>'], ['db', 'app=db']]);
  const changed = await s.call('PATCH', `${NS}/networkpolicies/db`, { spec: { podSelector: { matchLabels: { app: 'db2' } } } }, MERGE);
  assert.equal(changed.body.metadata.generation, 2);
});

test('IngressClasses: parameters default to Cluster scope, the controller is fixed, PARAMETERS shows kind.group/name', async () => {
  const ic = await s.call('POST', `${NET}/ingressclasses`, {
    metadata: { name: 'fancy' },
    spec: { controller: 'example.com/ingress', parameters: { apiGroup: 'k8s.example.com', kind: 'IngressParameters', name: 'fancy' } },
  });
  assert.equal(ic.status, 201, JSON.stringify(ic.body));
  assert.equal(ic.body.spec.parameters.scope, 'Cluster');
  const moved = await s.call('PATCH', `${NET}/ingressclasses/fancy`, { spec: { controller: 'example.com/other' } }, MERGE);
  assert.deepEqual(messages(moved), ['spec.controller: Invalid value: "example.com/other": field is immutable']);
  const bad = await s.call('POST', `${NET}/ingressclasses`, { metadata: { name: 'bad' }, spec: { controller: 'nodomain', parameters: { kind: 'P', name: 'p', scope: 'Namespace' } } });
  assert.deepEqual(messages(bad), [
    'spec.controller: Invalid value: "nodomain": must be a domain-prefixed path (such as "acme.io/foo")',
    "spec.parameters.namespace: Required value: `parameters.scope` is set to 'Namespace'",
  ]);
  const table = await s.call('GET', `${NET}/ingressclasses/fancy`, undefined, TABLE);
  assert.deepEqual(table.body.columnDefinitions.map((c: any) => c.name), ['Name', 'Controller', 'Parameters', 'Age']);
  assert.deepEqual(table.body.rows[0].cells.slice(0, 3), ['fancy', 'example.com/ingress', 'IngressParameters.k8s.example.com/fancy']);
});

test('Ingresses start with an empty status at generation 1; /status keeps the spec; the table shows CLASS HOSTS ADDRESS PORTS', async () => {
  const created = await s.call('POST', `${NS}/ingresses`, { ...ingress('shop', { ingressClassName: 'fancy', tls: [{ hosts: ['shop.example'], secretName: 'shop-tls' }] }), status: { loadBalancer: { ingress: [{ ip: '1.2.3.4' }] } } });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  assert.deepEqual(created.body.status, { loadBalancer: {} });
  assert.equal(created.body.metadata.generation, 1);
  const status = await s.call('PATCH', `${NS}/ingresses/shop/status`, { spec: { ingressClassName: 'x' }, status: { loadBalancer: { ingress: [{ ip: '203.0.113.9' }, { hostname: 'lb.example' }] } } }, MERGE);
  assert.equal(status.status, 200, JSON.stringify(status.body));
  assert.equal(status.body.spec.ingressClassName, 'fancy');
  const main = await s.call('PATCH', `${NS}/ingresses/shop`, { spec: { rules: [{ host: 'a.example', http: { paths: [{ path: '/', pathType: 'Exact', backend: { service: { name: 'web', port: { name: 'http' } } } }] } }] }, status: { loadBalancer: {} } }, MERGE);
  assert.equal(main.status, 200, JSON.stringify(main.body));
  assert.equal(main.body.metadata.generation, 2);
  assert.equal(main.body.status.loadBalancer.ingress.length, 2);
  const table = await s.call('GET', `${NS}/ingresses/shop`, undefined, TABLE);
  assert.deepEqual(table.body.columnDefinitions.map((c: any) => c.name), ['Name', 'Class', 'Hosts', 'Address', 'Ports', 'Age']);
  assert.deepEqual(table.body.rows[0].cells.slice(0, 5), ['shop', 'fancy', 'a.example', '203.0.113.9,lb.example', '80, 443']);
  const badStatus = await s.call('PATCH', `${NS}/ingresses/shop/status`, { status: { loadBalancer: { ingress: [{ ip: 'not-an-ip' }, { hostname: '10.0.0.1' }] } } }, MERGE);
  assert.deepEqual(messages(badStatus), [
    'status.loadBalancer.ingress[0].ip: Invalid value: "not-an-ip": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)',
    'status.loadBalancer.ingress[1].hostname: Invalid value: "10.0.0.1": must be a DNS name, not an IP address',
  ]);
});

test('Ingress validation: rules or a default backend, hosts, paths and backends as Kubernetes checks them', async () => {
  const empty = await s.call('POST', `${NS}/ingresses`, { metadata: { name: 'empty' }, spec: {} });
  assert.deepEqual(messages(empty), ['spec: Invalid value: []networking.IngressRule(nil): either `defaultBackend` or `rules` must be specified']);
  const bad = await s.call('POST', `${NS}/ingresses`, {
    metadata: { name: 'bad', annotations: { 'orch.io/ingress.class': 'a' } },
    spec: {
      ingressClassName: 'b',
      defaultBackend: { service: { name: 'web', port: { name: 'http', number: 80 } }, resource: { kind: 'Bucket', name: 'b' } },
      rules: [
        { host: '10.0.0.1', http: { paths: [{ path: 'rel', pathType: 'Exact', backend: { service: { name: 'Web', port: { number: 80 } } } }] } },
        { host: '*.*.example', http: { paths: [{ path: '/a/../b', backend: { service: { name: 'web' } } }, { path: '/x//', pathType: 'Prefix', backend: {} }] } },
      ],
      tls: [{ hosts: ['*.example'], secretName: 'Bad_Secret' }],
    },
  });
  assert.equal(bad.status, 422);
  assert.deepEqual(messages(bad), [
    'spec.defaultBackend: Invalid value: "": cannot set both resource and service backends',
    'spec.rules[0].host: Invalid value: "10.0.0.1": must be a DNS name, not an IP address',
    'spec.rules[0].http.paths[0].path: Invalid value: "rel": must be an absolute path',
    'spec.rules[0].http.paths[0].backend.service.name: Invalid value: "Web": a DNS-1035 label must consist of lower case alphanumeric characters or \'-\', start with an alphabetic character, and end with an alphanumeric character (e.g. \'my-name\',  or \'abc-123\', regex used for validation is \'[a-z]([-a-z0-9]*[a-z0-9])?\')',
    'spec.rules[1].host: Invalid value: "*.*.example": a wildcard DNS-1123 subdomain must start with \'*.\', followed by a valid DNS subdomain, which must consist of lower case alphanumeric characters, \'-\' or \'.\' and end with an alphanumeric character (e.g. \'*.example.com\', regex used for validation is \'\\*\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\')',
    'spec.rules[1].http.paths[0].pathType: Required value: pathType must be specified',
    'spec.rules[1].http.paths[1].path: Invalid value: "/x//": must not contain \'//\'',
    'spec.rules[1].http.paths[1].backend: Invalid value: "": resource or service backend is required',
    'spec.tls[0].secretName: Invalid value: "Bad_Secret": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, \'-\' or \'.\', and must start and end with an alphanumeric character (e.g. \'example.com\', regex used for validation is \'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\')',
    'annotations.orch.io/ingress.class: Invalid value: "a": must match `ingressClassName` when both are specified',
  ]);
});

test('DefaultIngressClass gives a class-less ingress the newest default class', async () => {
  const mark = { 'ingressclass.orch.io/is-default-class': 'true' };
  const first = await s.call('POST', `${NET}/ingressclasses`, { metadata: { name: 'default-a', annotations: mark }, spec: { controller: 'example.com/a' } });
  assert.equal(first.status, 201, JSON.stringify(first.body));
  const one = await s.call('POST', `${NS}/ingresses`, ingress('classless'));
  assert.equal(one.status, 201, JSON.stringify(one.body));
  assert.equal(one.body.spec.ingressClassName, 'default-a');
  assert.deepEqual(Object.keys(one.body.spec), ['ingressClassName', 'rules']);
  await new Promise((r) => setTimeout(r, 1100));
  await s.call('POST', `${NET}/ingressclasses`, { metadata: { name: 'default-b', annotations: mark }, spec: { controller: 'example.com/b' } });
  const two = await s.call('POST', `${NS}/ingresses`, ingress('classless-2'));
  assert.equal(two.body.spec.ingressClassName, 'default-b');
  const named = await s.call('POST', `${NS}/ingresses`, { ...ingress('named'), metadata: { name: 'named', annotations: { 'orch.io/ingress.class': 'legacy' } } });
  assert.equal(named.body.spec.ingressClassName, undefined);
  await s.call('DELETE', `${NET}/ingressclasses/default-a`);
  await s.call('DELETE', `${NET}/ingressclasses/default-b`);
});

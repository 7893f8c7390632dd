// Services over raw HTTP as Kubernetes serves them: Kubernetes' defaults in Go's field order, an
// empty status on create, ValidateService's messages, the cluster IP fixed once set (but kept
// when an update leaves it out, and cleared by a change to ExternalName), the status only through
// /status, the NAME TYPE CLUSTER-IP EXTERNAL-IP PORT(S) AGE SELECTOR table, and field selectors on
// spec.type and spec.clusterIP. Cluster IPs here are given explicitly or None: allocating them is
// not the strategy's work.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';

let s: CoreApiserver;
before(async () => {
  s = await startCoreApiserver();
});
after(() => s.stop());

const SVCS = '/api/v1/namespaces/default/services';
const TABLE = { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' };
const MERGE = { 'content-type': 'application/merge-patch+json' };

function messages(r: { body: any }): string[] {
  return (r.body.details?.causes ?? []).map((c: any) => `${c.field}: ${c.message}`);
}

test('discovery names services with the short name svc, category all and a status subresource', async () => {
  const resources = (await s.call('GET', '/api/v1')).body.resources;
  const svc = resources.find((x: any) => x.name === 'services');
  assert.deepEqual(svc.shortNames, ['svc']);
  assert.deepEqual(svc.categories, ['all']);
  assert.equal(svc.namespaced, true);
  assert.ok(resources.some((x: any) => x.name === 'services/status'));
});

test('a create fills Kubernetes\' defaults in Go\'s order and starts with an empty status', async () => {
  const r = await s.call('POST', SVCS, {
    metadata: { name: 'web' },
    spec: { ports: [{ name: 'web', port: 80, targetPort: 'http' }, { name: 'dns', port: 53, protocol: 'UDP' }], selector: { app: 'web' }, clusterIP: '10.0.0.10' },
    status: { loadBalancer: { ingress: [{ ip: '1.2.3.4' }] } },
  });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  // The IP families are the allocator's to fill in, when it runs.
  const { ipFamilies, ...spec } = r.body.spec;
  assert.ok(ipFamilies === undefined || ipFamilies.length === 1, JSON.stringify(ipFamilies));
  assert.deepEqual(spec, {
    ports: [{ name: 'web', protocol: 'TCP', port: 80, targetPort: 'http' }, { name: 'dns', protocol: 'UDP', port: 53, targetPort: 53 }],
    selector: { app: 'web' },
    clusterIP: '10.0.0.10',
    clusterIPs: ['10.0.0.10'],
    type: 'ClusterIP',
    sessionAffinity: 'None',
    ipFamilyPolicy: 'SingleStack',
    internalTrafficPolicy: 'Cluster',
  });
  const goOrder = ['ports', 'selector', 'clusterIP', 'clusterIPs', 'type', 'sessionAffinity', 'ipFamilies', 'ipFamilyPolicy', 'internalTrafficPolicy'];
  assert.deepEqual(Object.keys(r.body.spec), goOrder.filter((k) => k in r.body.spec));
  assert.deepEqual(r.body.status, { loadBalancer: {} });
});

test('NodePort, LoadBalancer, headless and ExternalName services', async () => {
  const np = await s.call('POST', SVCS, { metadata: { name: 'np' }, spec: { type: 'NodePort', clusterIP: '10.0.0.11', ports: [{ port: 80, nodePort: 30080 }] } });
  assert.equal(np.status, 201, JSON.stringify(np.body));
  assert.equal(np.body.spec.externalTrafficPolicy, 'Cluster');
  const lb = await s.call('POST', SVCS, { metadata: { name: 'lb' }, spec: { type: 'LoadBalancer', clusterIP: '10.0.0.12', sessionAffinity: 'ClientIP', ports: [{ port: 443, nodePort: 30443 }] } });
  assert.equal(lb.status, 201, JSON.stringify(lb.body));
  assert.equal(lb.body.spec.allocateLoadBalancerNodePorts, true);
  assert.deepEqual(lb.body.spec.sessionAffinityConfig, { clientIP: { timeoutSeconds: 10800 } });
  const headless = await s.call('POST', SVCS, { metadata: { name: 'db' }, spec: { clusterIP: 'None', selector: { app: 'db' } } });
  assert.equal(headless.status, 201, JSON.stringify(headless.body));
  assert.deepEqual(headless.body.spec.clusterIPs, ['None']);
  const ext = await s.call('POST', SVCS, { metadata: { name: 'ext' }, spec: { type: 'ExternalName', externalName: 'db.example.com' } });
  assert.equal(ext.status, 201, JSON.stringify(ext.body));
  assert.equal(ext.body.spec.ipFamilyPolicy, undefined);
  assert.equal(ext.body.spec.clusterIP, undefined);
});

test('ValidateService\'s messages', async () => {
  const r = await s.call('POST', SVCS, {
    metadata: { name: '9bad' },
    spec: { type: 'NodePort', clusterIP: 'None', sessionAffinity: 'Sticky', ports: [{ port: 0 }, { port: 80, protocol: 'ICMP', targetPort: 'no_way' }] },
  });
  assert.equal(r.status, 422, JSON.stringify(r.body));
  const got = messages(r);
  for (const want of [
    "metadata.name: Invalid value: \"9bad\": a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')",
    "spec.clusterIPs[0]: Invalid value: \"None\": may not be set to 'None' for NodePort services",
    'spec.ports[0].name: Required value',
    'spec.ports[0].port: Invalid value: 0: must be between 1 and 65535, inclusive',
    'spec.ports[1].protocol: Unsupported value: "ICMP": supported values: "SCTP", "TCP", "UDP"',
    'spec.ports[1].targetPort: Invalid value: "no_way": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)',
    'spec.sessionAffinity: Unsupported value: "Sticky": supported values: "ClientIP", "None"',
  ]) assert.ok(got.includes(want), `missing ${want}\n${got.join('\n')}`);
  const ext = await s.call('POST', SVCS, { metadata: { name: 'ext2' }, spec: { type: 'ExternalName', clusterIP: '10.0.0.50' } });
  assert.deepEqual(messages(ext), ['spec.clusterIPs: Forbidden: may not be set for ExternalName services', 'spec.externalName: Required value']);
});

test('the cluster IP is fixed once set, kept when an update leaves it out, cleared by a change to ExternalName', async () => {
  const change = await s.call('PATCH', `${SVCS}/web`, { spec: { clusterIP: '10.0.0.99' } }, MERGE);
  assert.equal(change.status, 422, JSON.stringify(change.body));
  assert.deepEqual(messages(change), ['spec.clusterIPs[0]: Invalid value: []string{"10.0.0.99"}: may not change once set']);
  const current = (await s.call('GET', `${SVCS}/web`)).body;
  const { clusterIP: _a, clusterIPs: _b, ...rest } = current.spec;
  const put = await s.call('PUT', `${SVCS}/web`, { ...current, spec: rest });
  assert.equal(put.status, 200, JSON.stringify(put.body));
  assert.deepEqual(put.body.spec.clusterIPs, ['10.0.0.10']);
  const ext = await s.call('PATCH', `${SVCS}/np`, { spec: { type: 'ExternalName', externalName: 'np.example.com' } }, MERGE);
  assert.equal(ext.status, 200, JSON.stringify(ext.body));
  assert.equal(ext.body.spec.clusterIP, undefined);
  assert.equal(ext.body.spec.ipFamilyPolicy, undefined);
  assert.equal(ext.body.spec.ports[0].nodePort, undefined);
  assert.equal(ext.body.spec.externalTrafficPolicy, undefined);
  const back = await s.call('PATCH', `${SVCS}/np`, { spec: { type: 'ClusterIP', externalName: null, clusterIP: '10.0.0.11' } }, MERGE);
  assert.equal(back.status, 200, JSON.stringify(back.body));
  assert.deepEqual(back.body.spec.clusterIPs, ['10.0.0.11']);
});

test('the main resource keeps the status; /status keeps the spec and gives addresses a VIP mode', async () => {
  const status = await s.call('PATCH', `${SVCS}/lb/status`, { spec: { type: 'ClusterIP' }, status: { loadBalancer: { ingress: [{ ip: '203.0.113.7' }] } } }, MERGE);
  assert.equal(status.status, 200, JSON.stringify(status.body));
  assert.equal(status.body.spec.type, 'LoadBalancer');
  assert.deepEqual(status.body.status.loadBalancer.ingress, [{ ip: '203.0.113.7', ipMode: 'VIP' }]);
  const main = await s.call('PATCH', `${SVCS}/lb`, { status: { loadBalancer: { ingress: [] } } }, MERGE);
  assert.equal(main.status, 200, JSON.stringify(main.body));
  assert.deepEqual(main.body.status.loadBalancer.ingress, [{ ip: '203.0.113.7', ipMode: 'VIP' }]);
  const wrong = await s.call('PATCH', `${SVCS}/web/status`, { status: { loadBalancer: { ingress: [{ ip: '203.0.113.8', ipMode: 'VIP' }] } } }, MERGE);
  assert.equal(wrong.status, 422);
  assert.deepEqual(messages(wrong), ["status.loadBalancer.ingress: Forbidden: may only be used when `spec.type` is 'LoadBalancer'"]);
});

test('kubectl\'s table: type, cluster IP, external IP, ports and the selector', async () => {
  const t = await s.call('GET', SVCS, undefined, TABLE);
  assert.deepEqual(t.body.columnDefinitions.map((c: any) => [c.name, c.priority]), [
    ['Name', 0], ['Type', 0], ['Cluster-IP', 0], ['External-IP', 0], ['Port(s)', 0], ['Age', 0], ['Selector', 1],
  ]);
  const rows = Object.fromEntries(t.body.rows.map((r: any) => [r.cells[0], [...r.cells.slice(1, 5), r.cells[6]]]));
  assert.deepEqual(rows.web, ['ClusterIP', '10.0.0.10', '<none>', '80/TCP,53/UDP', 'app=web']);
  assert.deepEqual(rows.lb, ['LoadBalancer', '10.0.0.12', '203.0.113.7', '443:30443/TCP', '<none>']);
  assert.deepEqual(rows.db, ['ClusterIP', 'None', '<none>', '<none>', 'app=db']);
  assert.deepEqual(rows.ext, ['ExternalName', '<none>', 'db.example.com', '<none>', '<none>']);
});

test('field selectors on spec.type and spec.clusterIP', async () => {
  const lbs = await s.call('GET', `${SVCS}?fieldSelector=spec.type%3DLoadBalancer`);
  assert.deepEqual(lbs.body.items.map((i: any) => i.metadata.name), ['lb']);
  const headless = await s.call('GET', `/api/v1/services?fieldSelector=spec.clusterIP%3DNone`);
  assert.deepEqual(headless.body.items.map((i: any) => i.metadata.name), ['db']);
  const bad = await s.call('GET', `${SVCS}?fieldSelector=spec.selector%3Dx`);
  assert.equal(bad.status, 400);
});

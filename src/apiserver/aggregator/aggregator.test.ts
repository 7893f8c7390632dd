// The aggregator's pure parts: discovery order, built-in priorities, service resolution,
// identity headers and the conversion of a resource list into aggregated discovery.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareKubeAwareVersions, sortedGroups } from './ordering.ts';
import { builtInPriority } from './priorities.ts';
import { serviceResolver } from './resolver.ts';
import { identityHeaderNames, identityHeaders } from './identity-headers.ts';
import { versionDiscoveryFromResourceList } from './remote-documents.ts';

test('versions sort as Kubernetes sorts them', () => {
  const versions = ['foo10', 'v1', 'v11alpha2', 'v10', 'v2', 'v3beta1', 'v12alpha1', 'foo1', 'v10beta3', 'v11beta2'];
  assert.deepEqual([...versions].sort((a, b) => -compareKubeAwareVersions(a, b)), ['v10', 'v2', 'v1', 'v11beta2', 'v10beta3', 'v3beta1', 'v12alpha1', 'v11alpha2', 'foo1', 'foo10']);
});

test('groups sort by priority then name, versions by priority then version', () => {
  const e = (group: string, version: string, gp: number, vp: number) => ({ name: `${version}.${group}`, group, version, groupPriorityMinimum: gp, versionPriority: vp });
  const sorted = sortedGroups([e('b.example.com', 'v1', 100, 10), e('a.example.com', 'v1', 100, 10), e('apps', 'v1', 17800, 15), e('b.example.com', 'v2', 100, 10), e('b.example.com', 'v1beta1', 100, 20)]);
  assert.deepEqual([...sorted], [['apps', ['v1']], ['a.example.com', ['v1']], ['b.example.com', ['v1beta1', 'v2', 'v1']]]);
});

test('built-in priorities follow Kubernetes; the k8s.io name of a group sorts after its orch.io name', () => {
  assert.deepEqual(builtInPriority('autoscaling', 'v2'), { group: 17500, version: 30 });
  assert.deepEqual(builtInPriority('networking.orch.io', 'v1'), { group: 17200, version: 15 });
  assert.deepEqual(builtInPriority('networking.k8s.io', 'v1'), { group: 17199, version: 15 });
  // kubectl's `certificate approve <name>` takes the first group with certificatesigningrequests.
  assert.deepEqual(builtInPriority('certificates.k8s.io', 'v1'), { group: 17301, version: 15 });
});

test('services resolve to their external name, cluster IP or a ready endpoint', async () => {
  const services: Record<string, any> = {
    ext: { metadata: { name: 'ext' }, spec: { type: 'ExternalName', externalName: 'localhost', ports: [{ port: 443 }] } },
    cip: { metadata: { name: 'cip' }, spec: { type: 'ClusterIP', clusterIP: '10.0.0.9', ports: [{ name: 'https', port: 443 }] } },
    headless: { metadata: { name: 'headless' }, spec: { clusterIP: 'None', ports: [{ port: 443 }] } },
  };
  const endpoints: Record<string, any> = { cip: { metadata: { name: 'cip' }, subsets: [{ addresses: [{ ip: '10.244.0.5' }], ports: [{ name: 'https', port: 8443 }] }] } };
  const lookup = { service: async (_: string, n: string) => services[n], endpoints: async (_: string, n: string) => endpoints[n] };
  const cluster = serviceResolver(lookup, false);
  assert.deepEqual(await cluster('ns', 'ext', 7443), { host: 'localhost', port: 7443 });
  assert.deepEqual(await cluster('ns', 'cip', 443), { host: '10.0.0.9', port: 443 });
  await assert.rejects(cluster('ns', 'cip', 80), /no service port 80 found for service "cip"/);
  await assert.rejects(cluster('ns', 'headless', 443), /cannot route to service with ClusterIP "None"/);
  const routed = serviceResolver(lookup, true);
  assert.deepEqual(await routed('ns', 'cip', 443), { host: '10.244.0.5', port: 8443 });
  await assert.rejects(routed('ns', 'ext', 443), /unsupported service type "ExternalName"/);
});

test('identity headers carry the user, the groups and the extras; the names follow --requestheader-*', () => {
  const names = identityHeaderNames({ usernameHeaders: [], groupHeaders: ['X-Group', 'X-Other'], extraHeadersPrefix: [] });
  assert.deepEqual(identityHeaders({ name: 'alice', groups: ['dev', 'ops'], extra: { 'example.com/scope': ['a'] } }, names), [
    ['X-Remote-User', 'alice'],
    ['X-Group', 'dev'],
    ['X-Group', 'ops'],
    ['X-Remote-Extra-example.com%2Fscope', 'a'],
  ]);
});

test('a resource list becomes an aggregated discovery version, subresources under their resource', () => {
  const v = versionDiscoveryFromResourceList('w.example.com', 'v1', {
    resources: [
      { name: 'flunders', singularName: 'flunder', namespaced: true, kind: 'Flunder', verbs: ['get'], shortNames: ['fl'] },
      { name: 'flunders/status', kind: 'Flunder', verbs: ['get'] },
    ],
  });
  assert.deepEqual(v, {
    version: 'v1',
    freshness: 'Current',
    resources: [{ resource: 'flunders', responseKind: { group: 'w.example.com', version: 'v1', kind: 'Flunder' }, scope: 'Namespaced', singularResource: 'flunder', verbs: ['get'], shortNames: ['fl'], subresources: [{ subresource: 'status', responseKind: { group: 'w.example.com', version: 'v1', kind: 'Flunder' }, verbs: ['get'] }] }],
  });
});

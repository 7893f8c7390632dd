import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startCoreApiserver, type CoreApiserver } from '../../../test/support/core-apiserver.ts';
import { connectionFor } from '../../../test/support/events-apiserver.ts';
import { RestClient } from '../rest/client.ts';
import { DiscoveryClient, parseGroupVersion, withVerbs } from './discovery-client.ts';
import { RestMapper } from './rest-mapper.ts';

let s: CoreApiserver;
let rest: RestClient;
before(async () => {
  s = await startCoreApiserver();
  rest = new RestClient(connectionFor(s), { qps: 0, burst: 0, contentType: 'application/json' });
});
after(async () => {
  rest.close();
  await s.stop();
});

test('serverPreferredResources lists every served resource with kind, scope and verbs, without subresources', async () => {
  const { resources, failed } = await new DiscoveryClient(rest).serverPreferredResources();
  assert.deepEqual(failed, []);
  const cm = resources.find((r) => r.group === '' && r.resource === 'configmaps')!;
  assert.equal(cm.kind, 'ConfigMap');
  assert.equal(cm.namespaced, true);
  assert.ok(cm.verbs.includes('deletecollection'));
  const ns = resources.find((r) => r.resource === 'namespaces')!;
  assert.equal(ns.namespaced, false);
  assert.ok(resources.some((r) => r.group === 'coordination.orch.io' && r.resource === 'leases'));
  assert.ok(resources.some((r) => r.group === 'events.orch.io' && r.resource === 'events'));
  assert.ok(!resources.some((r) => r.resource.includes('/')));
  // A group served under two names is walked once, by its orch.io name.
  assert.ok(!resources.some((r) => r.group.endsWith('.k8s.io')), 'no Kubernetes-named twin');
  assert.equal(resources.filter((r) => r.resource === 'leases').length, 1);
  // Review resources are create-only and drop out when deleting is asked for.
  assert.ok(!withVerbs(resources, 'delete').some((r) => r.resource === 'tokenreviews'));
});

test('a group version the server does not serve is an error from resourcesFor', async () => {
  await assert.rejects(new DiscoveryClient(rest).resourcesFor('nothing.orch.io/v1'), (err: Error & { code?: number }) => err.code === 404);
});

test('the REST mapper finds a resource by apiVersion and kind, falling back to the group', async () => {
  const { resources } = await new DiscoveryClient(rest).serverPreferredResources();
  const mapper = new RestMapper(resources);
  assert.equal(mapper.resourceFor('v1', 'ConfigMap')?.resource, 'configmaps');
  assert.equal(mapper.resourceFor('coordination.orch.io/v1beta1', 'Lease')?.version, 'v1');
  assert.equal(mapper.resourceFor('v1', 'Nope'), undefined);
  assert.equal(mapper.resourceFor('apps/v1', 'ConfigMap'), undefined);
});

test('parseGroupVersion splits the core and named groups', () => {
  assert.deepEqual(parseGroupVersion('v1'), { group: '', version: 'v1' });
  assert.deepEqual(parseGroupVersion('events.orch.io/v1'), { group: 'events.orch.io', version: 'v1' });
});

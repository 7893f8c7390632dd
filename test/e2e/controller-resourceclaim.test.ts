// The resourceclaim controller end to end: orch-apiserver as `orch up` runs it and the real
// orch-controller-manager running it (and the service account controller) as their service
// accounts. A pod naming a ResourceClaimTemplate gets a claim `<pod>-<claim>-xxxxx` made from the
// template, owned by the pod and annotated with the pod's claim name, recorded in
// pod.status.resourceClaimStatuses; once the claim is allocated and reserved for the pod (as the
// scheduler would) and the pod finishes, the reservation is dropped and the generated claim
// deleted. A missing template is a FailedResourceClaimCreation warning on the pod.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { makeTempDir } from '../support/apiserver.ts';
import { deferredHooks, startDaemon, type StorageDaemon } from '../support/daemon.ts';
import type { SpawnedControllerManager } from '../../src/controllermanager/testing/spawn.ts';
import { controllerWaiter, startControllers, stopControllers } from '../support/controller-manager.ts';

const NS = 'dra-e2e';
const PODS = `/api/v1/namespaces/${NS}/pods`;
const CLAIMS = `/apis/resource.orch.io/v1/namespaces/${NS}/resourceclaims`;
let daemon: StorageDaemon;
let cm: SpawnedControllerManager;
const hooks = deferredHooks();
const waitFor = controllerWaiter(() => cm, 20_000);

before(async () => {
  const dir = makeTempDir('orch-resourceclaim-');
  daemon = await startDaemon(hooks, dir, []);
  ({ cm } = await startControllers(daemon, dir, ['--controllers=resourceclaim-controller,serviceaccount-controller', '--use-service-account-credentials', '-v=4'], /Starting controller" controller="resourceclaim-controller"/));
  assert.equal((await daemon.call('POST', '/api/v1/namespaces', { metadata: { name: NS } })).status, 201);
  await waitFor('the default service account', async () => ((await daemon.call('GET', `/api/v1/namespaces/${NS}/serviceaccounts/default`)).status === 200 ? true : undefined));
  const template = await daemon.call('POST', `/apis/resource.orch.io/v1/namespaces/${NS}/resourceclaimtemplates`, {
    metadata: { name: 'gpu-template' },
    spec: { metadata: { labels: { team: 'a' } }, spec: { devices: { requests: [{ name: 'gpu', exactly: { deviceClassName: 'gpu.example.com' } }] } } },
  });
  assert.equal(template.status, 201, JSON.stringify(template.body));
});
after(async () => {
  await stopControllers(cm);
  await hooks.run();
});

const pod = (name: string, template: string) => ({
  metadata: { name },
  spec: { containers: [{ name: 'c', image: 'busybox', resources: { claims: [{ name: 'gpu' }] } }], resourceClaims: [{ name: 'gpu', resourceClaimTemplateName: template }] },
});

test('a pod gets a claim from its template, recorded in its status; finished, the claim is released and deleted', async () => {
  const created = await daemon.call('POST', PODS, pod('trainer', 'gpu-template'));
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const uid = created.body.metadata.uid;
  const recorded = await waitFor('the claim in the pod status', async () => {
    const p = (await daemon.call('GET', `${PODS}/trainer`)).body;
    return p.status?.resourceClaimStatuses?.[0]?.resourceClaimName ? p.status.resourceClaimStatuses : undefined;
  });
  assert.equal(recorded.length, 1);
  assert.equal(recorded[0].name, 'gpu');
  const claimName: string = recorded[0].resourceClaimName;
  assert.match(claimName, /^trainer-gpu-[a-z0-9]{5}$/);
  const claim = (await daemon.call('GET', `${CLAIMS}/${claimName}`)).body;
  assert.deepEqual(claim.metadata.ownerReferences, [{ apiVersion: 'v1', kind: 'Pod', name: 'trainer', uid, controller: true, blockOwnerDeletion: true }]);
  assert.equal(claim.metadata.annotations['resource.orch.io/pod-claim-name'], 'gpu');
  assert.equal(claim.metadata.labels.team, 'a');
  assert.equal(claim.spec.devices.requests[0].exactly.deviceClassName, 'gpu.example.com');

  // Allocated and reserved for the pod, as the scheduler does, then the pod runs to completion.
  const allocated = await daemon.call('PUT', `${CLAIMS}/${claimName}/status`, {
    ...claim,
    status: {
      allocation: { devices: { results: [{ request: 'gpu', driver: 'gpu.example.com', pool: 'node-a', device: 'gpu-0' }] } },
      reservedFor: [{ resource: 'pods', name: 'trainer', uid }],
    },
  });
  assert.equal(allocated.status, 200, JSON.stringify(allocated.body));
  const done = await daemon.call('PUT', `${PODS}/trainer/status`, { ...(await daemon.call('GET', `${PODS}/trainer`)).body, status: { ...(await daemon.call('GET', `${PODS}/trainer`)).body.status, phase: 'Succeeded' } });
  assert.equal(done.status, 200, JSON.stringify(done.body));
  await waitFor('the generated claim to be deleted', async () => ((await daemon.call('GET', `${CLAIMS}/${claimName}`)).status === 404 ? true : undefined));
});

test('a pod naming a missing template gets a FailedResourceClaimCreation warning', async () => {
  assert.equal((await daemon.call('POST', PODS, pod('orphan', 'no-such-template'))).status, 201);
  const event = await waitFor('the warning event', async () => {
    const list = (await daemon.call('GET', `/apis/events.orch.io/v1/namespaces/${NS}/events`)).body.items ?? [];
    return list.find((e: any) => e.reason === 'FailedResourceClaimCreation' && e.regarding?.name === 'orphan');
  });
  assert.equal(event.type, 'Warning');
  assert.match(event.note, /^PodResourceClaim gpu: resource claim template "no-such-template": /);
});

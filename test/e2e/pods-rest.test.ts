// Pods, pod templates and replication controllers over raw HTTP as Kubernetes serves them:
// discovery, a create's defaults and computed status, ValidatePodCreate's field-named causes, the
// few spec changes an update allows, /status, /ephemeralcontainers and /resize, the tables kubectl
// prints, Kubernetes' pod field selectors; RC defaults, generation, /status and validation.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';

let s: CoreApiserver;
before(async () => {
  s = await startCoreApiserver();
});
after(() => s.stop());

const PODS = '/api/v1/namespaces/default/pods';
const RCS = '/api/v1/namespaces/default/replicationcontrollers';
const TEMPLATES = '/api/v1/namespaces/default/podtemplates';
const TABLE = { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' };
const MERGE = { 'content-type': 'application/merge-patch+json' };
const STRATEGIC = { 'content-type': 'application/strategic-merge-patch+json' };

function messages(r: { body: any }): string[] {
  return (r.body.details?.causes ?? []).map((c: any) => `${c.field}: ${c.message}`);
}

function pod(name: string, spec: Record<string, unknown> = {}, labels: Record<string, string> = {}): object {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name, labels }, spec: { containers: [{ name: 'app', image: 'nginx' }], ...spec } };
}

test('discovery: pods (po, all) with status, ephemeralcontainers and resize; podtemplates; replicationcontrollers (rc, all) with status', async () => {
  const byName = new Map((await s.call('GET', '/api/v1')).body.resources.map((x: any) => [x.name, x]));
  const pods = byName.get('pods') as any;
  assert.deepEqual([pods.shortNames, pods.categories, pods.kind, pods.namespaced], [['po'], ['all'], 'Pod', true]);
  for (const sub of ['status', 'ephemeralcontainers', 'resize']) assert.deepEqual((byName.get(`pods/${sub}`) as any)?.verbs, ['get', 'patch', 'update'], sub);
  const templates = byName.get('podtemplates') as any;
  assert.deepEqual([templates.shortNames, templates.categories, templates.kind], [undefined, undefined, 'PodTemplate']);
  const rcs = byName.get('replicationcontrollers') as any;
  assert.deepEqual([rcs.shortNames, rcs.categories, rcs.kind], [['rc'], ['all'], 'ReplicationController']);
  assert.deepEqual((byName.get('replicationcontrollers/status') as any)?.verbs, ['get', 'patch', 'update']);
});

test('a created pod carries Kubernetes\' defaults, Pending and its QoS class, in Go\'s field order', async () => {
  const r = await s.call('POST', PODS, pod('web', { containers: [{ name: 'app', image: 'nginx:1.27', ports: [{ containerPort: 80 }], resources: { limits: { cpu: '0.5', memory: '256Mi' } } }], serviceAccount: 'default' }, { app: 'web' }));
  assert.equal(r.status, 201, JSON.stringify(r.body));
  assert.deepEqual(Object.keys(r.body), ['kind', 'apiVersion', 'metadata', 'spec', 'status']);
  const spec = r.body.spec;
  assert.deepEqual(
    [spec.restartPolicy, spec.terminationGracePeriodSeconds, spec.dnsPolicy, spec.serviceAccountName, spec.serviceAccount, spec.securityContext, spec.schedulerName, spec.enableServiceLinks],
    ['Always', 30, 'ClusterFirst', 'default', 'default', {}, 'default-scheduler', true],
  );
  const c = spec.containers[0];
  assert.deepEqual(c.ports, [{ containerPort: 80, protocol: 'TCP' }]);
  assert.deepEqual(c.resources, { limits: { cpu: '500m', memory: '256Mi' }, requests: { cpu: '500m', memory: '256Mi' } });
  assert.deepEqual(r.body.status, { phase: 'Pending', qosClass: 'Guaranteed' });
  assert.equal(r.body.metadata.generation, 1);
  const keys = Object.keys(spec);
  assert.ok(keys.indexOf('containers') < keys.indexOf('restartPolicy') && keys.indexOf('restartPolicy') < keys.indexOf('terminationGracePeriodSeconds') && keys.indexOf('securityContext') < keys.indexOf('schedulerName'), keys.join());
});

test('an invalid pod is refused with each field named', async () => {
  const r = await s.call('POST', PODS, pod('bad', { restartPolicy: 'Sometimes', tolerations: [{ operator: 'Equal' }], dnsPolicy: 'None', activeDeadlineSeconds: 0 }));
  assert.equal(r.status, 422, JSON.stringify(r.body));
  assert.equal(r.body.reason, 'Invalid');
  assert.match(r.body.message, /^Pod "bad" is invalid: \[/);
  const got = messages(r);
  for (const want of [
    'spec.restartPolicy: Unsupported value: "Sometimes": supported values: "Always", "OnFailure", "Never"',
    'spec.dnsConfig: Required value: must provide `dnsConfig` when `dnsPolicy` is None',
    'spec.activeDeadlineSeconds: Invalid value: 0: must be between 1 and 2147483647, inclusive',
    'spec.tolerations[0].operator: Invalid value: "Equal": operator must be Exists when `key` is empty, which means "match all values and all keys"',
  ]) assert.ok(got.includes(want), `missing ${want}\n${got.join('\n')}`);
  const noContainers = await s.call('POST', PODS, { metadata: { name: 'empty' }, spec: {} });
  assert.equal(noContainers.status, 422);
  assert.ok(messages(noContainers).length > 0);
});

test('an update may change an image; nodeName and other fields are refused with Kubernetes\' message', async () => {
  const image = await s.call('PATCH', `${PODS}/web`, { spec: { containers: [{ name: 'app', image: 'nginx:1.28' }] } }, STRATEGIC);
  assert.equal(image.status, 200, JSON.stringify(image.body));
  assert.equal(image.body.spec.containers[0].image, 'nginx:1.28');
  assert.equal(image.body.metadata.generation, 2);
  const node = await s.call('PATCH', `${PODS}/web`, { spec: { nodeName: 'node-1' } }, MERGE);
  assert.equal(node.status, 422, JSON.stringify(node.body));
  const [msg] = messages(node);
  assert.ok(msg!.startsWith('spec: Forbidden: pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)\n'), msg);
  assert.match(msg!, /\+ \tNodeName: "node-1",/);
  const deadline = await s.call('PATCH', `${PODS}/web`, { spec: { activeDeadlineSeconds: 600 } }, MERGE);
  assert.equal(deadline.status, 200, JSON.stringify(deadline.body));
  const raised = await s.call('PATCH', `${PODS}/web`, { spec: { activeDeadlineSeconds: 700 } }, MERGE);
  assert.deepEqual(messages(raised), ['spec.activeDeadlineSeconds: Invalid value: 700: must be less than or equal to previous value']);
});

test('the status changes only through /status, which keeps the spec; field selectors read it', async () => {
  const ignored = await s.call('PATCH', `${PODS}/web`, { status: { phase: 'Running' } }, MERGE);
  assert.equal(ignored.body.status.phase, 'Pending');
  const status = {
    phase: 'Running',
    podIP: '10.1.0.7',
    podIPs: [{ ip: '10.1.0.7' }],
    hostIP: '192.168.0.2',
    hostIPs: [{ ip: '192.168.0.2' }],
    conditions: [{ type: 'Ready', status: 'True' }],
    containerStatuses: [{ name: 'app', ready: true, restartCount: 2, image: 'nginx:1.28', imageID: '', started: true, state: { running: { startedAt: '2026-01-01T00:00:00Z' } }, lastState: { terminated: { exitCode: 1, finishedAt: new Date(Date.now() - 5 * 60_000).toISOString().replace(/\.\d+Z$/, 'Z') } } }],
  };
  const r = await s.call('PATCH', `${PODS}/web/status`, { spec: { nodeName: 'sneaky' }, status }, MERGE);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.spec.nodeName, undefined);
  assert.equal(r.body.status.qosClass, 'Guaranteed');
  const running = await s.call('GET', `${PODS}?fieldSelector=status.phase%3DRunning,status.podIP%3D10.1.0.7`);
  assert.deepEqual(running.body.items.map((p: any) => p.metadata.name), ['web']);
  await s.call('POST', PODS, pod('waiting'));
  const pending = await s.call('GET', `${PODS}?fieldSelector=status.phase%3DPending`);
  assert.deepEqual(pending.body.items.map((p: any) => p.metadata.name), ['waiting']);
  const host = await s.call('GET', `/api/v1/pods?fieldSelector=spec.hostNetwork%3Dfalse,spec.restartPolicy%3DAlways,spec.schedulerName%3Ddefault-scheduler,spec.nodeName%3D`);
  assert.ok(host.body.items.length >= 2);
  const unsupported = await s.call('GET', `${PODS}?fieldSelector=spec.containers%3Dx`);
  assert.equal(unsupported.status, 400);
});

test('kubectl\'s pod table: READY, STATUS, RESTARTS with the last restart, and the wide columns', async () => {
  const r = await s.call('GET', `${PODS}/web`, undefined, TABLE);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.deepEqual(r.body.columnDefinitions.map((c: any) => [c.name, c.priority]), [
    ['Name', 0], ['Ready', 0], ['Status', 0], ['Restarts', 0], ['Age', 0], ['IP', 1], ['Node', 1], ['Nominated Node', 1], ['Readiness Gates', 1],
  ]);
  const [name, ready, status, restarts, , ip, node, nominated, gates] = r.body.rows[0].cells;
  assert.deepEqual([name, ready, status, ip, node, nominated, gates], ['web', '1/1', 'Running', '10.1.0.7', '<none>', '<none>', '<none>']);
  assert.match(restarts, /^2 \(5m\d*s? ago\)$/);
  const waiting = await s.call('GET', `${PODS}/waiting`, undefined, TABLE);
  assert.deepEqual(waiting.body.rows[0].cells.slice(0, 4), ['waiting', '0/1', 'Pending', '0']);
});

test('/ephemeralcontainers adds debug containers and nothing else; /resize changes only resources', async () => {
  const added = await s.call('PATCH', `${PODS}/web/ephemeralcontainers`, { spec: { ephemeralContainers: [{ name: 'debugger', image: 'busybox', stdin: true, tty: true }], containers: [{ name: 'app', image: 'ignored' }] } }, STRATEGIC);
  assert.equal(added.status, 200, JSON.stringify(added.body));
  assert.deepEqual(added.body.spec.ephemeralContainers.map((c: any) => [c.name, c.terminationMessagePolicy]), [['debugger', 'File']]);
  assert.equal(added.body.spec.containers[0].image, 'nginx:1.28');
  const removed = await s.call('PUT', `${PODS}/web/ephemeralcontainers`, { ...added.body, spec: { ...added.body.spec, ephemeralContainers: [] } });
  assert.equal(removed.status, 422, JSON.stringify(removed.body));
  assert.deepEqual(messages(removed), ['spec.ephemeralContainers: Forbidden: existing ephemeral containers "debugger" may not be removed\n']);
  // A running container whose node reports no resources cannot be resized, as in Kubernetes.
  const unsupported = await s.call('PATCH', `${PODS}/web/resize`, { spec: { containers: [{ name: 'app', resources: { requests: { cpu: '1' }, limits: { cpu: '1' } } }] } }, STRATEGIC);
  assert.deepEqual(messages(unsupported), ['spec: Forbidden: Pod running on node without support for resize']);
  await s.call('POST', PODS, pod('sized', { containers: [{ name: 'app', image: 'nginx', resources: { requests: { cpu: '100m' } } }] }));
  const resized = await s.call('PATCH', `${PODS}/sized/resize`, { spec: { containers: [{ name: 'app', image: 'ignored', resources: { requests: { cpu: '200m' } } }] } }, STRATEGIC);
  assert.equal(resized.status, 200, JSON.stringify(resized.body));
  assert.deepEqual([resized.body.spec.containers[0].resources, resized.body.spec.containers[0].image], [{ requests: { cpu: '200m' } }, 'nginx']);
  const qos = await s.call('PATCH', `${PODS}/sized/resize`, { spec: { containers: [{ name: 'app', resources: { requests: { cpu: '1', memory: '1Gi' }, limits: { cpu: '1', memory: '1Gi' } } }] } }, STRATEGIC);
  assert.equal(qos.status, 422, JSON.stringify(qos.body));
  assert.ok(messages(qos).includes('spec: Invalid value: "Burstable": Pod QOS Class may not change as a result of resizing'), messages(qos).join('\n'));
});

test('pod templates: the template is defaulted and validated as a pod template; kubectl\'s columns', async () => {
  const r = await s.call('POST', TEMPLATES, { metadata: { name: 'tpl' }, template: { metadata: { labels: { app: 'web', tier: 'front' } }, spec: { containers: [{ name: 'a', image: 'nginx' }, { name: 'b', image: 'redis' }] } } });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  assert.equal(r.body.template.spec.restartPolicy, 'Always');
  assert.equal(r.body.template.spec.enableServiceLinks, undefined, 'only a pod gets enableServiceLinks');
  const table = await s.call('GET', `${TEMPLATES}/tpl`, undefined, TABLE);
  assert.deepEqual(table.body.columnDefinitions.map((c: any) => c.name), ['Name', 'Containers', 'Images', 'Pod Labels']);
  assert.deepEqual(table.body.rows[0].cells, ['tpl', 'a,b', 'nginx,redis', 'app=web,tier=front']);
  const bad = await s.call('POST', TEMPLATES, { metadata: { name: 'bad' }, template: { spec: { containers: [{ name: 'a', image: 'x' }], restartPolicy: 'Sometimes', ephemeralContainers: [{ name: 'e', image: 'x' }] } } });
  assert.equal(bad.status, 422);
  const got = messages(bad);
  assert.ok(got.includes('template.spec.restartPolicy: Unsupported value: "Sometimes": supported values: "Always", "OnFailure", "Never"'), got.join('\n'));
  assert.ok(got.includes('template.spec.ephemeralContainers: Forbidden: ephemeral containers not allowed in pod template'), got.join('\n'));
  const changed = await s.call('PATCH', `${TEMPLATES}/tpl`, { template: { metadata: { labels: { app: 'web2' } } } }, MERGE);
  assert.equal(changed.body.metadata.generation, 2);
});

test('replication controllers: defaults from the template, generation, status only through /status, columns, field selector', async () => {
  const r = await s.call('POST', RCS, { metadata: { name: 'front' }, spec: { template: { metadata: { labels: { app: 'front' } }, spec: { containers: [{ name: 'web', image: 'nginx' }] } } } });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  assert.deepEqual([r.body.spec.replicas, r.body.spec.selector, r.body.metadata.labels, r.body.status], [1, { app: 'front' }, { app: 'front' }, { replicas: 0 }]);
  assert.equal(r.body.spec.template.spec.restartPolicy, 'Always');
  const scaled = await s.call('PATCH', `${RCS}/front`, { spec: { replicas: 3 }, status: { replicas: 9 } }, MERGE);
  assert.deepEqual([scaled.body.spec.replicas, scaled.body.status.replicas, scaled.body.metadata.generation], [3, 0, 2]);
  const labelled = await s.call('PATCH', `${RCS}/front`, { metadata: { labels: { extra: 'x' } } }, MERGE);
  assert.equal(labelled.body.metadata.generation, 2, 'metadata changes keep the generation');
  const status = await s.call('PATCH', `${RCS}/front/status`, { spec: { replicas: 7 }, status: { replicas: 3, readyReplicas: 2, availableReplicas: 2, observedGeneration: 2 } }, MERGE);
  assert.equal(status.status, 200, JSON.stringify(status.body));
  assert.deepEqual([status.body.spec.replicas, status.body.status.readyReplicas], [3, 2]);
  const badStatus = await s.call('PATCH', `${RCS}/front/status`, { status: { readyReplicas: 5 } }, MERGE);
  assert.deepEqual(messages(badStatus), ['status.readyReplicas: Invalid value: 5: cannot be greater than status.replicas']);
  const table = await s.call('GET', `${RCS}/front`, undefined, TABLE);
  assert.deepEqual(table.body.columnDefinitions.map((c: any) => c.name), ['Name', 'Desired', 'Current', 'Ready', 'Age', 'Containers', 'Images', 'Selector']);
  const cells = table.body.rows[0].cells;
  assert.deepEqual([cells[0], cells[1], cells[2], cells[3], cells[5], cells[6], cells[7]], ['front', 3, 3, 2, 'web', 'nginx', 'app=front']);
  const selected = await s.call('GET', `${RCS}?fieldSelector=status.replicas%3D3`);
  assert.deepEqual(selected.body.items.map((x: any) => x.metadata.name), ['front']);
  const invalid = await s.call('POST', RCS, { metadata: { name: 'broken' }, spec: { replicas: -1, selector: { app: 'other' }, template: { metadata: { labels: { app: 'mine' } }, spec: { restartPolicy: 'Never', containers: [{ name: 'web', image: 'nginx' }] } } } });
  assert.equal(invalid.status, 422);
  assert.deepEqual(messages(invalid), [
    'spec.replicas: Invalid value: -1: must be greater than or equal to 0',
    'spec.template.metadata.labels: Invalid value: map[string]string{"app":"mine"}: `selector` does not match template `labels`',
    'spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always"',
  ]);
  const noTemplate = await s.call('POST', RCS, { metadata: { name: 'empty' }, spec: {} });
  assert.deepEqual(messages(noTemplate), ['spec.selector: Required value', 'spec.template: Required value']);
});

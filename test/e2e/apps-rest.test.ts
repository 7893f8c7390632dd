// The apps group over raw HTTP as Kubernetes serves it: discovery (short names, category all,
// /status and /scale), bodies written in Go's field order with apps/v1's defaults, Kubernetes'
// 422 causes, the status only through /status, autoscaling/v1 Scale read and written, tables,
// field selectors (status.replicas for replica sets only), protobuf, and controller revisions.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';

let s: CoreApiserver;
before(async () => {
  s = await startCoreApiserver();
});
after(() => s.stop());

const APPS = '/apis/apps/v1/namespaces/default';
const TABLE = { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' };
const MERGE = { 'content-type': 'application/merge-patch+json' };
const template = (app: string, image = 'nginx') => ({ metadata: { labels: { app } }, spec: { containers: [{ name: 'web', image }] } });

function messages(r: { body: any }): string[] {
  return (r.body.details?.causes ?? []).map((c: any) => `${c.field}: ${c.message}`);
}

test('discovery lists the apps resources with Kubernetes\' short names, categories and subresources', async () => {
  const list = (await s.call('GET', '/apis/apps/v1')).body.resources as any[];
  const by = (name: string) => list.find((r) => r.name === name);
  assert.deepEqual(
    ['deployments', 'replicasets', 'statefulsets', 'daemonsets', 'controllerrevisions'].map((n) => [n, by(n)?.shortNames, by(n)?.categories]),
    [
      ['deployments', ['deploy'], ['all']],
      ['replicasets', ['rs'], ['all']],
      ['statefulsets', ['sts'], ['all']],
      ['daemonsets', ['ds'], ['all']],
      ['controllerrevisions', undefined, undefined],
    ],
  );
  const subresources = list.filter((r) => r.name.includes('/')).map((r) => r.name).sort();
  assert.deepEqual(subresources, ['daemonsets/status', 'deployments/scale', 'deployments/status', 'replicasets/scale', 'replicasets/status', 'statefulsets/scale', 'statefulsets/status']);
  assert.deepEqual(by('deployments/scale'), { name: 'deployments/scale', singularName: '', namespaced: true, group: 'autoscaling', version: 'v1', kind: 'Scale', verbs: ['get', 'patch', 'update'] });
  assert.deepEqual(by('deployments/status'), { name: 'deployments/status', singularName: '', namespaced: true, kind: 'Deployment', verbs: ['get', 'patch', 'update'] });
  const aggregated = (await s.call('GET', '/apis', undefined, { accept: 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList' })).body;
  const deployments = aggregated.items.find((g: any) => g.metadata.name === 'apps').versions[0].resources.find((r: any) => r.resource === 'deployments');
  assert.deepEqual(deployments.subresources.map((x: any) => [x.subresource, x.responseKind]), [['scale', { group: 'autoscaling', version: 'v1', kind: 'Scale' }], ['status', { group: 'apps', version: 'v1', kind: 'Deployment' }]]);
  const group = (await s.call('GET', '/apis/apps')).body;
  assert.equal(group.preferredVersion.groupVersion, 'apps/v1');
});

test('a deployment is created with apps/v1 defaults, in Go\'s field order, with an empty status', async () => {
  const r = await s.call('POST', `${APPS}/deployments`, { metadata: { name: 'web' }, spec: { selector: { matchLabels: { app: 'web' } }, template: template('web') }, status: { replicas: 3 } });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  assert.deepEqual(Object.keys(r.body.spec), ['replicas', 'selector', 'template', 'strategy', 'revisionHistoryLimit', 'progressDeadlineSeconds']);
  assert.deepEqual(r.body.spec.strategy, { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '25%', maxSurge: '25%' } });
  assert.deepEqual(Object.keys(r.body.spec.template.spec), ['containers', 'restartPolicy', 'terminationGracePeriodSeconds', 'dnsPolicy', 'securityContext', 'schedulerName']);
  assert.deepEqual(r.body.status, {});
  assert.equal(r.body.metadata.generation, 1);
  const got = await s.call('GET', `${APPS}/deployments/web`);
  assert.deepEqual(got.body.spec, r.body.spec);
});

test('an invalid deployment is a 422 naming the fields', async () => {
  const r = await s.call('POST', `${APPS}/deployments`, { metadata: { name: 'bad' }, spec: { template: template('bad'), progressDeadlineSeconds: 0 } });
  assert.equal(r.status, 422);
  assert.equal(r.body.reason, 'Invalid');
  assert.deepEqual(r.body.details.group, 'apps');
  assert.deepEqual(messages(r), [
    'spec.selector: Required value',
    'spec.template.metadata.labels: Invalid value: map[string]string{"app":"bad"}: `selector` does not match template `labels`',
    'spec.progressDeadlineSeconds: Invalid value: 0: must be greater than minReadySeconds',
  ]);
  const dotted = await s.call('POST', `${APPS}/deployments`, { metadata: { name: 'web.v2' }, spec: { selector: { matchLabels: { app: 'v2' } }, template: template('v2') } });
  assert.equal(dotted.status, 201);
  assert.match(String(dotted.headers['warning']), /metadata\.name: this is used in Pod names and hostnames, which can result in surprising behavior; a DNS label is recommended: \[must not contain dots\]/);
});

test('the main resource keeps the status and bumps the generation; /status keeps the spec', async () => {
  const status = await s.call('PUT', `${APPS}/deployments/web/status`, {
    ...(await s.call('GET', `${APPS}/deployments/web`)).body,
    spec: { replicas: 9 },
    status: { observedGeneration: 1, replicas: 1, updatedReplicas: 1, readyReplicas: 1, availableReplicas: 1 },
  });
  assert.equal(status.status, 200, JSON.stringify(status.body));
  assert.equal(status.body.spec.replicas, 1);
  assert.equal(status.body.metadata.generation, 1);
  const main = await s.call('PATCH', `${APPS}/deployments/web`, { spec: { paused: true }, status: { replicas: 0 } }, MERGE);
  assert.equal(main.status, 200, JSON.stringify(main.body));
  assert.deepEqual([main.body.spec.paused, main.body.metadata.generation, main.body.status.replicas], [true, 2, 1]);
  const bad = await s.call('PATCH', `${APPS}/deployments/web/status`, { status: { availableReplicas: 2 } }, MERGE);
  assert.equal(bad.status, 422);
  assert.deepEqual(messages(bad), ['status.availableReplicas: Invalid value: 2: cannot be greater than status.replicas', 'status.availableReplicas: Invalid value: 2: cannot be greater than readyReplicas']);
});

test('the scale subresource reads and writes an autoscaling/v1 Scale with the selector as a label query', async () => {
  const created = await s.call('POST', `${APPS}/replicasets`, {
    metadata: { name: 'front' },
    spec: { replicas: 2, selector: { matchLabels: { app: 'front' }, matchExpressions: [{ key: 'tier', operator: 'Exists' }] }, template: { metadata: { labels: { app: 'front', tier: 'web' } }, spec: template('front').spec } },
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const scale = await s.call('GET', `${APPS}/replicasets/front/scale`);
  assert.equal(scale.status, 200);
  assert.deepEqual([scale.body.apiVersion, scale.body.kind, scale.body.spec, scale.body.status], ['autoscaling/v1', 'Scale', { replicas: 2 }, { replicas: 0, selector: 'app=front,tier' }]);
  const put = await s.call('PUT', `${APPS}/replicasets/front/scale`, { ...scale.body, spec: { replicas: 4 } });
  assert.equal(put.status, 200, JSON.stringify(put.body));
  assert.equal(put.body.spec.replicas, 4);
  const rs = (await s.call('GET', `${APPS}/replicasets/front`)).body;
  assert.deepEqual([rs.spec.replicas, rs.metadata.generation], [4, 2]);
  const negative = await s.call('PATCH', `${APPS}/replicasets/front/scale`, { spec: { replicas: -1 } }, MERGE);
  assert.equal(negative.status, 422);
  assert.deepEqual(messages(negative), ['spec.replicas: Invalid value: -1: must be greater than or equal to 0']);
  const stale = await s.call('PUT', `${APPS}/replicasets/front/scale`, { ...scale.body, spec: { replicas: 5 } });
  assert.equal(stale.status, 409);
});

test('replica sets are selected by status.replicas; other apps kinds by metadata only', async () => {
  await s.call('PATCH', `${APPS}/replicasets/front/status`, { status: { replicas: 3, readyReplicas: 2 } }, MERGE);
  const three = await s.call('GET', `${APPS}/replicasets?fieldSelector=status.replicas%3D3`);
  assert.deepEqual(three.body.items.map((i: any) => i.metadata.name), ['front']);
  const refused = await s.call('GET', `${APPS}/deployments?fieldSelector=status.replicas%3D1`);
  assert.equal(refused.status, 400);
  assert.equal(refused.body.message, 'field label not supported: status.replicas');
  const byName = await s.call('GET', `${APPS}/deployments?fieldSelector=metadata.name%3Dweb`);
  assert.deepEqual(byName.body.items.map((i: any) => i.metadata.name), ['web']);
});

test('tables have kubectl\'s columns for each kind', async () => {
  const deploy = await s.call('GET', `${APPS}/deployments/web`, undefined, TABLE);
  assert.deepEqual(deploy.body.columnDefinitions.map((c: any) => `${c.name}:${c.priority}`), ['Name:0', 'Ready:0', 'Up-to-date:0', 'Available:0', 'Age:0', 'Containers:1', 'Images:1', 'Selector:1']);
  assert.deepEqual(deploy.body.rows[0].cells.filter((_: unknown, i: number) => i !== 4), ['web', '1/1', 1, 1, 'web', 'nginx', 'app=web']);
  const rs = await s.call('GET', `${APPS}/replicasets`, undefined, TABLE);
  assert.deepEqual(rs.body.columnDefinitions.map((c: any) => c.name), ['Name', 'Desired', 'Current', 'Ready', 'Age', 'Containers', 'Images', 'Selector']);
  assert.deepEqual(rs.body.rows[0].cells.slice(0, 4), ['front', 4, 3, 2]);
});

test('a stateful set gets its defaults and may change only some fields', async () => {
  const r = await s.call('POST', `${APPS}/statefulsets`, {
    metadata: { name: 'db' },
    spec: { serviceName: 'db', selector: { matchLabels: { app: 'db' } }, template: template('db', 'postgres'), volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }] },
  });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  const spec = r.body.spec;
  assert.deepEqual(
    [spec.replicas, spec.podManagementPolicy, spec.updateStrategy, spec.revisionHistoryLimit, spec.persistentVolumeClaimRetentionPolicy],
    [1, 'OrderedReady', { type: 'RollingUpdate', rollingUpdate: { partition: 0 } }, 10, { whenDeleted: 'Retain', whenScaled: 'Retain' }],
  );
  assert.deepEqual(spec.volumeClaimTemplates[0], { metadata: { name: 'data', creationTimestamp: null }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, volumeMode: 'Filesystem' }, status: { phase: 'Pending' } });
  assert.deepEqual(r.body.status, { replicas: 0, availableReplicas: 0 });
  const forbidden = await s.call('PATCH', `${APPS}/statefulsets/db`, { spec: { podManagementPolicy: 'Parallel' } }, MERGE);
  assert.equal(forbidden.status, 422);
  assert.deepEqual(messages(forbidden), [
    "spec: Forbidden: updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden",
  ]);
  const allowed = await s.call('PATCH', `${APPS}/statefulsets/db`, { spec: { replicas: 3, ordinals: { start: 1 }, persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Delete' } } }, MERGE);
  assert.equal(allowed.status, 200, JSON.stringify(allowed.body));
  assert.deepEqual([allowed.body.spec.replicas, allowed.body.spec.ordinals, allowed.body.metadata.generation], [3, { start: 1 }, 2]);
  const scale = await s.call('GET', `${APPS}/statefulsets/db/scale`);
  assert.deepEqual([scale.body.spec.replicas, scale.body.status.selector], [3, 'app=db']);
  const table = await s.call('GET', `${APPS}/statefulsets/db`, undefined, TABLE);
  assert.deepEqual(table.body.columnDefinitions.map((c: any) => c.name), ['Name', 'Ready', 'Age', 'Containers', 'Images']);
  assert.equal(table.body.rows[0].cells[1], '0/3');
});

test('a daemon set carries its template generation and has no scale subresource', async () => {
  const r = await s.call('POST', `${APPS}/daemonsets`, { metadata: { name: 'agent' }, spec: { selector: { matchLabels: { app: 'agent' } }, template: template('agent', 'busybox') } });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  assert.deepEqual(r.body.metadata.annotations, { 'deprecated.daemonset.template.generation': '1' });
  assert.deepEqual(r.body.spec.updateStrategy, { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1, maxSurge: 0 } });
  assert.deepEqual(r.body.status, { currentNumberScheduled: 0, numberMisscheduled: 0, desiredNumberScheduled: 0, numberReady: 0 });
  const image = await s.call('PATCH', `${APPS}/daemonsets/agent`, { spec: { template: { spec: { containers: [{ name: 'web', image: 'busybox:1.37' }] } } } }, { 'content-type': 'application/strategic-merge-patch+json' });
  assert.equal(image.status, 200, JSON.stringify(image.body));
  assert.deepEqual([image.body.metadata.generation, image.body.metadata.annotations['deprecated.daemonset.template.generation']], [2, '2']);
  assert.equal((await s.call('GET', `${APPS}/daemonsets/agent/scale`)).status, 404);
  const selector = await s.call('PATCH', `${APPS}/daemonsets/agent`, { spec: { selector: { matchLabels: { app: 'agent', v: '2' } }, template: { metadata: { labels: { app: 'agent', v: '2' } } } } }, MERGE);
  assert.equal(selector.status, 422);
  assert.deepEqual(messages(selector), ['spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"app":"agent", "v":"2"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: field is immutable']);
});

test('apps objects are served as protobuf', async () => {
  const r = await s.call('GET', `${APPS}/deployments/web`, undefined, { accept: 'application/vnd.kubernetes.protobuf' });
  assert.equal(r.status, 200);
  assert.match(String(r.headers['content-type']), /^application\/vnd\.kubernetes\.protobuf/);
});

test('controller revisions keep their data as written and refuse to change it', async () => {
  const path = `${APPS}/controllerrevisions`;
  const created = await s.call('POST', path, { metadata: { name: 'db-5d8f', ownerReferences: [{ apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'db', uid: 'u', controller: true }] }, data: { spec: { template: { x: 1 } } }, revision: 1 });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  assert.deepEqual(created.body.data, { spec: { template: { x: 1 } } });
  const changed = await s.call('PATCH', `${path}/db-5d8f`, { data: { spec: { template: { x: 2 } } } }, MERGE);
  assert.equal(changed.status, 422);
  assert.match(messages(changed)[0]!, /^data: Invalid value: runtime\.RawExtension\{Raw:\[\]uint8\{0x7b, .*\}, Object:runtime\.Object\(nil\)\}: field is immutable$/);
  const relabelled = await s.call('PATCH', `${path}/db-5d8f`, { metadata: { labels: { kept: 'yes' } } }, MERGE);
  assert.equal(relabelled.status, 200);
  const missing = await s.call('POST', path, { metadata: { name: 'empty' }, revision: 2 });
  assert.deepEqual(messages(missing), ['data: Required value: data is mandatory']);
  const table = await s.call('GET', path, undefined, TABLE);
  assert.deepEqual(table.body.columnDefinitions.map((c: any) => c.name), ['Name', 'Controller', 'Revision', 'Age']);
  assert.deepEqual(table.body.rows[0].cells.slice(0, 3), ['db-5d8f', 'statefulset.apps/db', 1]);
});

// HorizontalPodAutoscalers over raw HTTP as Kubernetes serves them: autoscaling/v2 preferred and
// autoscaling/v1 beside it over one store, so one object reads through both (the v1 CPU target as
// a v2 Resource metric, v2's other metrics in v1's autoscaling.alpha.orch.io annotations, kept
// across a write through v1), v2's defaults, 422 causes in v2's terms, /status, and the table.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';

let s: CoreApiserver;
before(async () => {
  s = await startCoreApiserver();
});
after(() => s.stop());

const V1 = '/apis/autoscaling/v1/namespaces/default/horizontalpodautoscalers';
const V2 = '/apis/autoscaling/v2/namespaces/default/horizontalpodautoscalers';
const TABLE = { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' };
const MERGE = { 'content-type': 'application/merge-patch+json' };
const rc = { apiVersion: 'v1', kind: 'ReplicationController', name: 'web' };

test('autoscaling serves v2 (preferred) and v1, each with horizontalpodautoscalers (hpa, all) and /status', async () => {
  const group = (await s.call('GET', '/apis/autoscaling')).body;
  assert.deepEqual(group.versions.map((v: any) => v.version), ['v2', 'v1']);
  assert.equal(group.preferredVersion.version, 'v2');
  for (const version of ['v1', 'v2']) {
    const list = (await s.call('GET', `/apis/autoscaling/${version}`)).body.resources;
    const hpa = list.find((r: any) => r.name === 'horizontalpodautoscalers');
    assert.deepEqual([hpa.shortNames, hpa.categories, hpa.kind], [['hpa'], ['all'], 'HorizontalPodAutoscaler']);
    assert.ok(list.some((r: any) => r.name === 'horizontalpodautoscalers/status'));
  }
});

test('an autoscaler made through v1 reads through v2 as a CPU utilization metric, and back', async () => {
  const r = await s.call('POST', V1, { metadata: { name: 'web' }, spec: { scaleTargetRef: rc, maxReplicas: 5, targetCPUUtilizationPercentage: 80 } });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  assert.deepEqual(r.body.spec, { scaleTargetRef: rc, minReplicas: 1, maxReplicas: 5, targetCPUUtilizationPercentage: 80 });
  assert.deepEqual([r.body.kind, r.body.apiVersion], ['HorizontalPodAutoscaler', 'autoscaling/v1']);
  const v2 = await s.call('GET', `${V2}/web`);
  assert.equal(v2.body.apiVersion, 'autoscaling/v2');
  assert.deepEqual(v2.body.spec.metrics, [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } } }]);
  assert.equal(v2.body.metadata.resourceVersion, r.body.metadata.resourceVersion);
});

test('v2\'s other metrics and behavior ride in v1\'s annotations and survive a write through v1', async () => {
  const r = await s.call('POST', V2, {
    metadata: { name: 'multi' },
    spec: {
      scaleTargetRef: rc,
      maxReplicas: 6,
      metrics: [
        { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } } },
        { type: 'Resource', resource: { name: 'memory', target: { type: 'AverageValue', averageValue: '100Mi' } } },
      ],
      behavior: { scaleDown: { stabilizationWindowSeconds: 60 } },
    },
  });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  assert.deepEqual(r.body.spec.behavior.scaleUp.policies, [{ type: 'Pods', value: 4, periodSeconds: 15 }, { type: 'Percent', value: 100, periodSeconds: 15 }]);
  const v1 = (await s.call('GET', `${V1}/multi`)).body;
  assert.equal(v1.spec.targetCPUUtilizationPercentage, 50);
  assert.equal(v1.metadata.annotations['autoscaling.alpha.orch.io/metrics'], '[{"type":"Resource","resource":{"name":"memory","targetAverageValue":"100Mi"}}]');
  assert.ok(v1.metadata.annotations['autoscaling.alpha.orch.io/behavior']);
  v1.spec.maxReplicas = 8;
  const put = await s.call('PUT', `${V1}/multi`, v1);
  assert.equal(put.status, 200, JSON.stringify(put.body));
  const after = (await s.call('GET', `${V2}/multi`)).body;
  assert.equal(after.spec.maxReplicas, 8);
  assert.equal(after.metadata.annotations, undefined);
  assert.deepEqual(after.spec.metrics.map((m: any) => m.resource.name), ['memory', 'cpu']);
  assert.equal(after.spec.behavior.scaleDown.stabilizationWindowSeconds, 60);
});

test('status is written through /status of either version and kept by the main resource', async () => {
  const status = await s.call('PATCH', `${V2}/web/status`, { spec: { maxReplicas: 1 }, status: { currentReplicas: 2, desiredReplicas: 3, currentMetrics: [{ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: 42 } } }] } }, MERGE);
  assert.equal(status.status, 200, JSON.stringify(status.body));
  assert.equal(status.body.spec.maxReplicas, 5);
  const v1 = (await s.call('GET', `${V1}/web`)).body;
  assert.deepEqual(v1.status, { currentReplicas: 2, desiredReplicas: 3, currentCPUUtilizationPercentage: 42 });
  const main = await s.call('PATCH', `${V1}/web`, { spec: { minReplicas: 2 }, status: { currentReplicas: 0 } }, MERGE);
  assert.equal(main.status, 200, JSON.stringify(main.body));
  assert.deepEqual([main.body.spec.minReplicas, main.body.status.currentReplicas], [2, 2]);
  const negative = await s.call('PATCH', `${V1}/web/status`, { status: { desiredReplicas: -1 } }, MERGE);
  assert.equal(negative.status, 422);
  assert.deepEqual(negative.body.details.causes.map((c: any) => `${c.field}: ${c.message}`), ['status.desiredReplicas: Invalid value: -1: must be greater than or equal to 0']);
});

test('invalid autoscalers are refused with Kubernetes\' causes, in v2\'s terms through v1 too', async () => {
  const v1 = await s.call('POST', V1, { metadata: { name: 'bad' }, spec: { scaleTargetRef: { kind: 'ReplicationController', name: '' }, maxReplicas: 0, targetCPUUtilizationPercentage: 0 } });
  assert.equal(v1.status, 422);
  assert.deepEqual(v1.body.details.causes.map((c: any) => `${c.field}: ${c.message}`), [
    'spec.maxReplicas: Invalid value: 0: must be greater than 0',
    'spec.maxReplicas: Invalid value: 0: must be greater than or equal to `minReplicas`',
    'spec.scaleTargetRef.name: Required value',
    'spec.metrics[0].resource.target.averageUtilization: Invalid value: 0: must be greater than 0',
  ]);
  const v2 = await s.call('POST', V2, { metadata: { name: 'bad' }, spec: { scaleTargetRef: rc, maxReplicas: 2, metrics: [{ type: 'Pods', pods: { metric: { name: 'qps' }, target: { type: 'Value', value: '1' } } }] } });
  assert.equal(v2.status, 422);
  assert.deepEqual(v2.body.details.causes.map((c: any) => `${c.field}: ${c.message}`), ['spec.metrics[0].pods.target.averageValue: Required value: must specify a positive target averageValue']);
});

test('the table shows REFERENCE, TARGETS, MINPODS, MAXPODS and REPLICAS through both versions', async () => {
  for (const base of [V1, V2]) {
    const table = (await s.call('GET', base, undefined, TABLE)).body;
    assert.deepEqual(table.columnDefinitions.map((c: any) => c.name), ['Name', 'Reference', 'Targets', 'MinPods', 'MaxPods', 'Replicas', 'Age']);
    const rows = Object.fromEntries(table.rows.map((row: any) => [row.cells[0], row.cells.slice(1, 6)]));
    assert.deepEqual(rows.web, ['ReplicationController/web', 'cpu: 42%/80%', '2', 5, 2]);
    assert.deepEqual(rows.multi, ['ReplicationController/web', 'memory: <unknown>/100Mi, cpu: <unknown>/50%', '1', 8, 0]);
  }
});

test('autoscalers are served as protobuf through both versions', async () => {
  for (const path of [`${V1}/web`, `${V2}/web`]) {
    const r = await s.call('GET', path, undefined, { accept: 'application/vnd.kubernetes.protobuf' });
    assert.equal(r.status, 200, path);
    assert.match(String(r.headers['content-type']), /^application\/vnd\.kubernetes\.protobuf/);
  }
});

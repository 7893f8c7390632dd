// HorizontalPodAutoscaler at unit level: v2's defaults, the v1 view of a v2 object and back
// (annotations carry what v1 cannot hold), validation causes, and what updates keep.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { HorizontalPodAutoscaler } from '../../../../api/autoscaling/v2/types.ts';
import type { HorizontalPodAutoscalerV1 } from '../../../../api/autoscaling/v1/types.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { fromV1, toV1 } from './conversion.ts';
import { defaultHorizontalPodAutoscaler } from './defaults.ts';
import { horizontalPodAutoscalerStrategy, horizontalPodAutoscalerV1StatusStrategy, horizontalPodAutoscalerV1Strategy } from './strategy.ts';
import { formatMetrics } from './table.ts';

const lines = (causes: StatusCause[]) => causes.map((c) => `${c.field}: ${c.message}`);
const target = { kind: 'Deployment', name: 'web', apiVersion: 'apps/v1' };

function hpa(spec: Record<string, unknown>): HorizontalPodAutoscaler {
  return { metadata: { name: 'web', namespace: 'default', generation: 1, resourceVersion: '4' }, spec: { scaleTargetRef: target, maxReplicas: 5, ...spec } } as unknown as HorizontalPodAutoscaler;
}

test('v2 defaults: one replica at least, 80% CPU without metrics, every rule a given behavior leaves out', () => {
  const h = defaultHorizontalPodAutoscaler(hpa({ behavior: { scaleDown: { stabilizationWindowSeconds: 60 } } }));
  assert.equal(h.spec!.minReplicas, 1);
  assert.deepEqual(h.spec!.metrics, [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } } }]);
  assert.deepEqual(h.spec!.behavior, {
    scaleUp: { stabilizationWindowSeconds: 0, selectPolicy: 'Max', policies: [{ type: 'Pods', value: 4, periodSeconds: 15 }, { type: 'Percent', value: 100, periodSeconds: 15 }] },
    scaleDown: { stabilizationWindowSeconds: 60, selectPolicy: 'Max', policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }] },
  });
  assert.equal(defaultHorizontalPodAutoscaler(hpa({})).spec!.behavior, undefined);
});

test('v1 shows the CPU target as targetCPUUtilizationPercentage and keeps the rest in annotations, which come back on the way in', () => {
  const v2 = defaultHorizontalPodAutoscaler(
    hpa({
      minReplicas: 2,
      metrics: [
        { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 60 } } },
        { type: 'Pods', pods: { metric: { name: 'qps' }, target: { type: 'AverageValue', averageValue: '1k' } } },
      ],
      behavior: { scaleUp: { selectPolicy: 'Disabled' } },
    }),
  );
  v2.status = { currentReplicas: 2, desiredReplicas: 3, currentMetrics: [{ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: 70, averageValue: '140m' } } }], conditions: [{ type: 'AbleToScale', status: 'True', lastTransitionTime: '2026-01-01T00:00:00Z', reason: 'ReadyForNewScale' }] };
  const v1 = toV1(structuredClone(v2));
  assert.deepEqual(v1.spec, { scaleTargetRef: target, minReplicas: 2, maxReplicas: 5, targetCPUUtilizationPercentage: 60 });
  assert.deepEqual(v1.status, { currentReplicas: 2, desiredReplicas: 3, currentCPUUtilizationPercentage: 70 });
  const a = v1.metadata.annotations!;
  assert.deepEqual(Object.keys(a), ['autoscaling.alpha.orch.io/behavior', 'autoscaling.alpha.orch.io/conditions', 'autoscaling.alpha.orch.io/current-metrics', 'autoscaling.alpha.orch.io/metrics']);
  assert.equal(a['autoscaling.alpha.orch.io/metrics'], '[{"type":"Pods","pods":{"metricName":"qps","targetAverageValue":"1k"}}]');
  assert.equal(a['autoscaling.alpha.orch.io/current-metrics'], '[{"type":"Resource","resource":{"name":"cpu","currentAverageUtilization":70,"currentAverageValue":"140m"}}]');
  assert.match(a['autoscaling.alpha.orch.io/behavior']!, /^\{"ScaleUp":\{"StabilizationWindowSeconds":0,"SelectPolicy":"Disabled",/);
  const back = fromV1(v1);
  assert.equal(back.metadata.annotations, undefined);
  assert.deepEqual(back.spec!.metrics, [v2.spec!.metrics![1], v2.spec!.metrics![0]], 'the CPU target comes last');
  assert.deepEqual([back.spec!.behavior, back.status!.conditions, back.status!.currentMetrics], [v2.spec!.behavior, v2.status.conditions, v2.status.currentMetrics]);
});

test('a v1 autoscaler without a CPU target aims at 80%', () => {
  const v1 = { metadata: { name: 'w', namespace: 'default' }, spec: { scaleTargetRef: target, maxReplicas: 3 } } as HorizontalPodAutoscalerV1;
  assert.deepEqual(fromV1(v1).spec!.metrics, [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } } }]);
});

test('validation: bounds, the target reference, each metric\'s source and target, the behavior\'s policies', () => {
  const bad = defaultHorizontalPodAutoscaler(
    hpa({
      minReplicas: 3,
      maxReplicas: 2,
      scaleTargetRef: { kind: 'Deployment', name: '' },
      metrics: [
        { type: 'Pods', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } } },
        { type: 'Object', object: { describedObject: target, metric: { name: 'hits' }, target: { type: 'Value', value: '10' } }, external: { metric: { name: 'q' }, target: { type: 'Value', value: '1' } } },
        { type: 'External', external: { metric: { name: 'queue' }, target: { type: 'Value', value: '-1' } } },
      ],
      behavior: { scaleDown: { stabilizationWindowSeconds: 4000, policies: [{ type: 'Pods', value: 0, periodSeconds: 2000 }] } },
    }),
  );
  horizontalPodAutoscalerStrategy.prepareForCreate(bad);
  assert.deepEqual(lines(horizontalPodAutoscalerStrategy.validate(bad)), [
    'spec.maxReplicas: Invalid value: 2: must be greater than or equal to `minReplicas`',
    'spec.scaleTargetRef.name: Required value',
    'spec.metrics[0].pods: Required value: must populate information for the given metric source',
    'spec.metrics[1].external: Forbidden: must populate the given metric source only',
    'spec.metrics[2].external.target.value: Invalid value: resource.Quantity{i:resource.int64Amount{value:-1, scale:0}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:"-1", Format:"DecimalSI"}: must be positive',
    'spec.behavior.scaleDown.stabilizationWindowSeconds: Invalid value: 4000: must be less than or equal to 3600',
    'spec.behavior.scaleDown.policies[0].value: Invalid value: 0: must be greater than zero',
    'spec.behavior.scaleDown.policies[0].periodSeconds: Invalid value: 2000: must be less than or equal to 1800',
  ]);
  const zero = defaultHorizontalPodAutoscaler(hpa({ minReplicas: 0 }));
  assert.deepEqual(lines(horizontalPodAutoscalerStrategy.validate(zero)), [
    'spec.minReplicas: Invalid value: 0: must be greater than or equal to 1',
    'spec.metrics: Forbidden: must specify at least one Object or External metric to support scaling to zero replicas',
  ]);
});

test('through v1 the main resource keeps the status and its annotations; /status keeps the spec and its annotations', () => {
  const old = toV1(defaultHorizontalPodAutoscaler(hpa({ metrics: [{ type: 'Pods', pods: { metric: { name: 'qps' }, target: { type: 'AverageValue', averageValue: '5' } } }] })));
  old.metadata.annotations = { ...old.metadata.annotations, 'autoscaling.alpha.orch.io/conditions': '[]' };
  const next = structuredClone(old);
  next.spec!.maxReplicas = 9;
  next.status = { currentReplicas: 7, desiredReplicas: 7 };
  delete next.metadata.annotations!['autoscaling.alpha.orch.io/conditions'];
  horizontalPodAutoscalerV1Strategy.prepareForUpdate(next, old);
  assert.deepEqual([next.spec!.maxReplicas, next.status, next.metadata.annotations!['autoscaling.alpha.orch.io/conditions']], [9, old.status, '[]']);
  const status = structuredClone(old);
  status.spec!.maxReplicas = 1;
  delete status.metadata.annotations!['autoscaling.alpha.orch.io/metrics'];
  horizontalPodAutoscalerV1StatusStrategy.prepareForUpdate(status, old);
  assert.deepEqual([status.spec!.maxReplicas, status.metadata.annotations!['autoscaling.alpha.orch.io/metrics']], [5, old.metadata.annotations!['autoscaling.alpha.orch.io/metrics']]);
});

test('TARGETS: current over target for each kind of metric, two of them and a count of the rest', () => {
  const specs = [
    { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } } },
    { type: 'Pods', pods: { metric: { name: 'qps' }, target: { type: 'AverageValue', averageValue: '1k' } } },
    { type: 'External', external: { metric: { name: 'q' }, target: { type: 'AverageValue', averageValue: '30' } } },
  ];
  assert.equal(formatMetrics(specs, null), 'cpu: <unknown>/80%, <unknown>/1k + 1 more...');
  assert.equal(formatMetrics(specs.slice(0, 1), [{ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: 42 } } }]), 'cpu: 42%/80%');
  assert.equal(formatMetrics([], undefined), '<none>');
});

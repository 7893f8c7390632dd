import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { HorizontalPodAutoscaler } from '../../../api/autoscaling/v2/types.ts';
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import type { EventRecorder } from '../../../client/record/index.ts';
import { podMetricsFrom, type PodMetricsItem, type ResourceMetricsClient } from './metrics-client.ts';
import { milliQuantity, milliValue } from './quantities.ts';
import { reconcileAutoscaler, type ReconcileDeps } from './reconcile.ts';
import { replicasForAverageValue, replicasForUtilization, type CalculatorInput, type PodMetrics } from './replica-calculator.ts';
import { ScalingHistory } from './scaling-behavior.ts';
import type { Scale, ScaleTargets } from './scale-targets.ts';

const T0 = Date.UTC(2026, 0, 1, 12, 0, 0);
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d+Z$/, 'Z');

function pod(name: string, opts: { cpu?: string; phase?: string; ready?: boolean; started?: number; readySince?: number } = {}): Pod {
  const started = opts.started ?? T0 - 3600_000;
  return {
    metadata: { name, namespace: 'ns', labels: { app: 'web' } },
    spec: { containers: [{ name: 'c', image: 'x', resources: { requests: { cpu: opts.cpu ?? '100m', memory: '64Mi' } } }] },
    status: {
      phase: opts.phase ?? 'Running',
      startTime: iso(started),
      conditions: [{ type: 'Ready', status: opts.ready === false ? 'False' : 'True', lastTransitionTime: iso(opts.readySince ?? started + 1000) }],
    },
  } as Pod;
}

const samples = (values: Record<string, number>, at = T0 - 10_000): PodMetrics =>
  new Map(Object.entries(values).map(([name, value]) => [name, { value, timestamp: at, windowMs: 30_000 }]));

const input = (pods: Pod[], metrics: PodMetrics, currentReplicas = pods.length, resource = 'cpu'): CalculatorInput => ({
  currentReplicas, pods, metrics, resource, now: T0,
  tolerances: { scaleDown: 0.1, scaleUp: 0.1 },
  timings: { cpuInitializationPeriodMs: 300_000, initialReadinessDelayMs: 30_000 },
});
const requests = (pods: Pod[]) => new Map(pods.map((p) => [p.metadata.name!, 100]));

test('utilization: usage over requests against the target, within tolerance nothing changes', () => {
  const pods = [pod('a'), pod('b')];
  // 150% of requests against 50%: three times the pods.
  assert.deepEqual(replicasForUtilization(input(pods, samples({ a: 150, b: 150 })), requests(pods), 50), { replicas: 6, utilization: 150, rawAverage: 150 });
  // 54% against 50%: ratio 1.08, within 10%.
  assert.equal(replicasForUtilization(input(pods, samples({ a: 54, b: 54 })), requests(pods), 50).replicas, 2);
  // Scale down: 10% against 50% of two pods → one.
  assert.equal(replicasForUtilization(input(pods, samples({ a: 10, b: 10 })), requests(pods), 50).replicas, 1);
});

test('a pod without a sample counts as at its request on the way down and as idle on the way up', () => {
  const pods = [pod('a'), pod('b'), pod('c')];
  // Down: a and b at 10%, c missing is taken at 100%: ratio (10+10+100)/300/0.5 = 0.8 → ceil(0.8 × 3) = 3.
  assert.equal(replicasForUtilization(input(pods, samples({ a: 10, b: 10 })), requests(pods), 50).replicas, 3);
  // Up: a and b at 200%, c missing taken as 0: ratio 400/300/0.5 = 2.66 → 8.
  assert.equal(replicasForUtilization(input(pods, samples({ a: 200, b: 200 })), requests(pods), 50).replicas, 8);
});

test('CPU samples of pods still starting or not ready do not count; pending pods are unready', () => {
  const pods = [pod('a'), pod('b', { started: T0 - 60_000, readySince: T0 - 5_000 }), pod('c', { phase: 'Pending' })];
  // b became ready 5 s ago, inside the initialization period, and its sample's window began before that: unready.
  // With a at 200% against 100% and b, c taken as idle: ratio 200/300 < 1 flips the direction, so no change.
  assert.equal(replicasForUtilization(input(pods, samples({ a: 200, b: 300 })), requests(pods), 100).replicas, 3);
  // Memory samples are not held back by readiness.
  const mem = replicasForAverageValue(input(pods.slice(0, 2), samples({ a: 200, b: 200 }), 2, 'memory'), 100);
  assert.deepEqual(mem, { replicas: 4, average: 200 });
  assert.throws(() => replicasForUtilization(input([], samples({})), new Map(), 50), /no pods returned by selector/);
  assert.throws(() => replicasForUtilization(input([pod('c', { phase: 'Pending' })], samples({ c: 1 })), requests(pods), 50), /did not receive metrics/);
});

test('pod metrics are summed over containers in milli-units; quantities print as Go prints milli quantities', () => {
  const items: PodMetricsItem[] = [
    { metadata: { name: 'a' }, timestamp: iso(T0), window: '30s', containers: [{ name: 'c', usage: { cpu: '250m', memory: '10Mi' } }, { name: 'd', usage: { cpu: '1' } }] },
    { metadata: { name: 'b' }, timestamp: iso(T0), window: '30s', containers: [{ name: 'c', usage: { cpu: '5m' } }] },
  ];
  const cpu = podMetricsFrom(items, 'cpu', '');
  assert.equal(cpu.metrics.get('a')!.value, 1250);
  assert.equal(cpu.metrics.get('a')!.windowMs, 30_000);
  // a's second container has no memory: a has no memory sample.
  assert.deepEqual([...podMetricsFrom(items, 'memory', '').metrics.keys()], []);
  assert.equal(podMetricsFrom(items, 'memory', 'c').metrics.get('a')!.value, milliValue('10Mi'));
  assert.throws(() => podMetricsFrom([], 'cpu', ''), /no metrics returned from resource metrics API/);
  assert.equal(milliQuantity(1250), '1250m');
  assert.equal(milliQuantity(2000), '2');
  assert.equal(milliQuantity(milliValue('64Mi')), '67108864');
});

test('without behavior: the highest recommendation of the downscale window, at most max(2×current, 4)', () => {
  let now = T0;
  const h = new ScalingHistory(300_000, () => now);
  h.recordInitial('k', 4);
  const n = (current: number, desired: number, min = 1, max = 20) => h.normalize({ key: 'k', currentReplicas: current, desiredReplicas: desired, minReplicas: min, maxReplicas: max });
  const up = n(4, 30);
  assert.deepEqual([up.replicas, up.ableToScale.reason, up.limited.reason, up.limited.status], [8, 'ReadyForNewScale', 'ScaleUpLimit', 'True']);
  now += 60_000;
  const down = n(8, 2);
  assert.deepEqual([down.replicas, down.ableToScale.reason, down.limited.reason], [16, 'ScaleDownStabilized', 'ScaleUpLimit']);
  now += 400_000;
  const later = n(8, 2);
  assert.deepEqual([later.replicas, later.limited.reason, later.limited.status], [2, 'DesiredWithinRange', 'False']);
  const floor = n(2, 0, 1, 20);
  assert.deepEqual([floor.replicas, floor.limited.reason], [2, 'DesiredWithinRange']);
});

test('with behavior: stabilization windows both ways and rate policies over their periods', () => {
  let now = T0;
  const h = new ScalingHistory(300_000, () => now);
  const behavior = {
    scaleUp: { stabilizationWindowSeconds: 0, selectPolicy: 'Max', policies: [{ type: 'Pods', value: 2, periodSeconds: 60 }] },
    scaleDown: { stabilizationWindowSeconds: 30, selectPolicy: 'Max', policies: [{ type: 'Percent', value: 50, periodSeconds: 60 }] },
  };
  const n = (current: number, desired: number) => h.normalize({ key: 'k', currentReplicas: current, desiredReplicas: desired, minReplicas: 1, maxReplicas: 10, behavior });
  const up = n(2, 8);
  assert.deepEqual([up.replicas, up.limited.reason], [4, 'ScaleUpLimit']);
  h.recordScale('k', true, 2, 4, 60);
  now += 10_000;
  // Two pods were added within the minute: no more until it passes.
  assert.deepEqual([n(4, 8).replicas, n(4, 8).limited.reason], [4, 'ScaleUpLimit']);
  now += 60_000;
  assert.equal(n(4, 8).replicas, 6);
  // Down within 30 s of the recommendations of 8: held.
  now += 5_000;
  const held = n(6, 1);
  assert.deepEqual([held.replicas, held.ableToScale.reason], [6, 'ScaleDownStabilized']);
  now += 31_000;
  const down = n(6, 1);
  assert.deepEqual([down.replicas, down.limited.reason], [3, 'ScaleDownLimit']);
  const disabled = h.normalize({ key: 'k', currentReplicas: 3, desiredReplicas: 9, minReplicas: 1, maxReplicas: 10, behavior: { ...behavior, scaleUp: { ...behavior.scaleUp, selectPolicy: 'Disabled' } } });
  assert.equal(disabled.replicas, 3);
});

interface Recorded {
  type: string;
  reason: string;
  note: string;
}

function fixture(opts: { replicas?: number; selector?: string; usage?: Record<string, string> | Error; pods?: Pod[]; failUpdate?: boolean } = {}) {
  const events: Recorded[] = [];
  const written: HorizontalPodAutoscaler[] = [];
  const scaled: number[] = [];
  const recorder: EventRecorder = { eventf: (_r, _rel, type, reason, _a, note) => void events.push({ type, reason, note }) };
  const scales: ScaleTargets = {
    get: async () => ({
      scale: { metadata: { name: 'web', namespace: 'ns' }, spec: { replicas: opts.replicas ?? 2 }, status: { replicas: opts.replicas ?? 2, selector: opts.selector ?? 'app=web' } },
      resource: { group: 'apps', version: 'v1', resource: 'deployments' },
    }),
    update: async (_ns, _res, scale: Scale) => {
      if (opts.failUpdate) throw new Error('conflict');
      scaled.push(scale.spec!.replicas!);
      return scale;
    },
  };
  const metrics: ResourceMetricsClient = {
    podMetrics: async (resource) => {
      if (opts.usage instanceof Error) throw opts.usage;
      const items = Object.entries(opts.usage ?? { a: '50m', b: '50m' }).map(([name, cpu]) => ({ metadata: { name }, timestamp: iso(T0 - 10_000), window: '30s', containers: [{ name: 'c', usage: { cpu } }] }));
      return podMetricsFrom(items, resource, '');
    },
  };
  const deps: ReconcileDeps = {
    now: () => T0, scales, metrics, recorder,
    pods: () => opts.pods ?? [pod('a'), pod('b')],
    updateStatus: async (hpa) => void written.push(hpa),
    history: new ScalingHistory(300_000, () => T0),
    tolerance: 0.1,
    timings: { cpuInitializationPeriodMs: 300_000, initialReadinessDelayMs: 30_000 },
  };
  return { deps, events, written, scaled };
}

const hpa = (): HorizontalPodAutoscaler => ({
  metadata: { name: 'web', namespace: 'ns' },
  spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }, minReplicas: 1, maxReplicas: 10, metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } } }] },
});

test('reconcile: usage above target scales the target and records SuccessfulRescale and the status', async () => {
  const f = fixture({ usage: { a: '100m', b: '100m' } });
  await reconcileAutoscaler(hpa(), f.deps);
  assert.deepEqual(f.scaled, [4]);
  assert.deepEqual(f.events, [{ type: 'Normal', reason: 'SuccessfulRescale', note: 'New size: 4; reason: cpu resource utilization (percentage of request) above target' }]);
  const status = f.written[0]!.status!;
  assert.equal(status.currentReplicas, 2);
  assert.equal(status.desiredReplicas, 4);
  assert.ok(status.lastScaleTime);
  assert.deepEqual(status.currentMetrics, [{ type: 'Resource', resource: { name: 'cpu', current: { averageValue: '100m', averageUtilization: 100 } } }]);
  assert.deepEqual(status.conditions!.map((c) => [c.type, c.status, c.reason]), [
    ['AbleToScale', 'True', 'SucceededRescale'],
    ['ScalingActive', 'True', 'ValidMetricFound'],
    ['ScalingLimited', 'False', 'DesiredWithinRange'],
  ]);
});

test('reconcile: a first pass below target does not scale down at once (the initial recommendation holds)', async () => {
  const f = fixture({ usage: { a: '5m', b: '5m' } });
  await reconcileAutoscaler(hpa(), f.deps);
  assert.deepEqual(f.scaled, []);
  const status = f.written[0]!.status!;
  assert.equal(status.desiredReplicas, 2);
  assert.equal(status.conditions!.find((c) => c.type === 'AbleToScale')!.reason, 'ScaleDownStabilized');
});

test('reconcile: metrics that cannot be read leave ScalingActive False with the reason, and events', async () => {
  const f = fixture({ usage: new Error('the server is currently unable to handle the request') });
  await assert.rejects(reconcileAutoscaler(hpa(), f.deps), /invalid metrics \(1 invalid out of 1\)/);
  assert.deepEqual(f.events.map((e) => e.reason), ['FailedGetResourceMetric', 'FailedComputeMetricsReplicas']);
  assert.match(f.events[0]!.note, /^failed to get cpu utilization: unable to get metrics for resource cpu: the server is currently unable/);
  const active = f.written[0]!.status!.conditions!.find((c) => c.type === 'ScalingActive')!;
  assert.equal(active.reason, 'FailedGetResourceMetric');
  assert.match(active.message!, /^the HPA was unable to compute the replica count: failed to get cpu utilization/);
  assert.deepEqual(f.written[0]!.status!.currentMetrics, [{ type: '' }]);
});

test('reconcile: scaled to zero disables scaling; out of bounds goes to the bound; a missing selector is reported', async () => {
  const zero = fixture({ replicas: 0 });
  await reconcileAutoscaler(hpa(), zero.deps);
  assert.deepEqual(zero.scaled, []);
  assert.equal(zero.written[0]!.status!.conditions!.find((c) => c.type === 'ScalingActive')!.reason, 'ScalingDisabled');
  const above = fixture({ replicas: 12 });
  await reconcileAutoscaler(hpa(), above.deps);
  assert.deepEqual(above.scaled, [10]);
  assert.equal(above.events[0]!.note, 'New size: 10; reason: Current number of replicas above Spec.MaxReplicas');
  const noSelector = fixture({ selector: '' });
  await assert.rejects(reconcileAutoscaler(hpa(), noSelector.deps));
  assert.equal(noSelector.events[0]!.reason, 'SelectorRequired');
  const failing = fixture({ usage: { a: '100m', b: '100m' }, failUpdate: true });
  await assert.rejects(reconcileAutoscaler(hpa(), failing.deps), /failed to rescale Deployment\/ns\/web: conflict/);
  assert.equal(failing.events[0]!.note, 'New size: 4; reason: cpu resource utilization (percentage of request) above target; error: conflict');
  assert.equal(failing.written[0]!.status!.conditions![0]!.reason, 'FailedUpdateScale');
});

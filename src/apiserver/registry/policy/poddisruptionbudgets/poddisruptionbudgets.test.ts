// PodDisruptionBudget strategies at unit level: the empty status of a create, the generation bump
// of a spec change, /status, and ValidatePodDisruptionBudget's causes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PodDisruptionBudget } from '../../../../api/policy/v1/types.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { podDisruptionBudgetStatusStrategy, podDisruptionBudgetStrategy } from './strategy.ts';

const lines = (causes: StatusCause[]) => causes.map((c) => `${c.field}: ${c.message}`);

function pdb(spec: Record<string, unknown>): PodDisruptionBudget {
  return { metadata: { name: 'web', namespace: 'default', generation: 1, resourceVersion: '2' }, spec } as unknown as PodDisruptionBudget;
}

test('a create starts with a zero status; a spec change bumps the generation and keeps the status; /status keeps the spec', () => {
  const old = pdb({ minAvailable: 1, selector: { matchLabels: { app: 'web' } } });
  old.status = { disruptionsAllowed: 7, currentHealthy: 0, desiredHealthy: 0, expectedPods: 0 };
  podDisruptionBudgetStrategy.prepareForCreate(old);
  assert.deepEqual(old.status, { disruptionsAllowed: 0, currentHealthy: 0, desiredHealthy: 0, expectedPods: 0 });
  assert.deepEqual(podDisruptionBudgetStrategy.validate(old), []);
  const next = structuredClone(old);
  next.spec!.minAvailable = '50%';
  next.status = { disruptionsAllowed: 3, currentHealthy: 0, desiredHealthy: 0, expectedPods: 0 };
  podDisruptionBudgetStrategy.prepareForUpdate(next, old);
  assert.deepEqual([next.metadata.generation, next.status.disruptionsAllowed], [2, 0]);
  const labelsOnly = structuredClone(old);
  labelsOnly.metadata.labels = { team: 'a' };
  podDisruptionBudgetStrategy.prepareForUpdate(labelsOnly, old);
  assert.equal(labelsOnly.metadata.generation, 1);
  const status = structuredClone(old);
  status.spec!.minAvailable = 9;
  status.status = { observedGeneration: 1, disruptionsAllowed: 1, currentHealthy: 2, desiredHealthy: 1, expectedPods: 2 };
  podDisruptionBudgetStatusStrategy.prepareForUpdate(status, old);
  assert.equal(status.spec!.minAvailable, 1);
  assert.deepEqual(podDisruptionBudgetStatusStrategy.validateUpdate(status, old), []);
});

test('ValidatePodDisruptionBudget: percentages, negative counts, an invalid selector, an unknown eviction policy', () => {
  const bad = pdb({ maxUnavailable: '5', selector: { matchExpressions: [{ key: 'app', operator: 'In' }] }, unhealthyPodEvictionPolicy: 'Never' });
  assert.deepEqual(lines(podDisruptionBudgetStrategy.validate(bad)), [
    'spec.maxUnavailable: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:"5"}: a valid percent string must be a numeric string followed by an ending \'%\' (e.g. \'1%\',  or \'93%\', regex used for validation is \'[0-9]+%\')',
    "spec.selector.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'",
    'spec.unhealthyPodEvictionPolicy: Unsupported value: "Never": supported values: "AlwaysAllow", "IfHealthyBudget"',
  ]);
  assert.deepEqual(lines(podDisruptionBudgetStrategy.validate(pdb({ minAvailable: -2 }))), ['spec.minAvailable: Invalid value: -2: must be greater than or equal to 0']);
  assert.deepEqual(podDisruptionBudgetStrategy.validate(pdb({ maxUnavailable: '100%' })), []);
});

test('/status: conditions and counts are checked', () => {
  const old = pdb({ minAvailable: 1 });
  podDisruptionBudgetStrategy.prepareForCreate(old);
  const next = structuredClone(old);
  next.status = { disruptionsAllowed: 0, currentHealthy: -1, desiredHealthy: 0, expectedPods: 0, conditions: [{ type: 'DisruptionAllowed', status: 'Maybe', lastTransitionTime: '2026-01-01T00:00:00Z', reason: 'SufficientPods', message: '' }] };
  assert.deepEqual(lines(podDisruptionBudgetStatusStrategy.validateUpdate(next, old)), [
    'status.conditions[0].status: Unsupported value: "Maybe": supported values: "False", "True", "Unknown"',
    'status.currentHealthy: Invalid value: -1: must be greater than or equal to 0',
  ]);
});

// Job strategies at unit level: Kubernetes' defaults, the generated selector and labels, the
// validation causes of a create, what an update may change, and the rules of /status.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Job } from '../../../../api/batch/v1/types.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { defaultJob } from './defaults.ts';
import { jobStatusStrategy, jobStrategy } from './strategy.ts';

const lines = (causes: StatusCause[]) => causes.map((c) => `${c.field}: ${c.message}`);
const UID = '11111111-2222-3333-4444-555555555555';

function job(spec: Record<string, unknown> = {}, name = 'pi'): Job {
  const template = { spec: { restartPolicy: 'Never', containers: [{ name: 'pi', image: 'perl' }] } };
  return { metadata: { name, namespace: 'default', uid: UID, generation: 1, resourceVersion: '5' }, spec: { template, ...spec } } as unknown as Job;
}

function created(spec: Record<string, unknown> = {}, name?: string): Job {
  const j = job(spec, name);
  jobStrategy.prepareForCreate(j);
  return j;
}

test('defaults: one completion and one pod at a time, six retries, NonIndexed, not suspended, generated selector', () => {
  const j = defaultJob(job());
  const s = j.spec!;
  assert.deepEqual(
    [s.completions, s.parallelism, s.backoffLimit, s.completionMode, s.suspend, s.podReplacementPolicy, s.manualSelector],
    [1, 1, 6, 'NonIndexed', false, 'TerminatingOrFailed', false],
  );
  assert.equal(s.template.spec!.dnsPolicy, 'ClusterFirst');
  const parallel = defaultJob(job({ parallelism: 3 })).spec!;
  assert.deepEqual([parallel.completions, parallel.parallelism], [undefined, 3]);
  const perIndex = defaultJob(job({ completionMode: 'Indexed', completions: 3, backoffLimitPerIndex: 1 })).spec!;
  assert.equal(perIndex.backoffLimit, 2147483647);
  const withPolicy = defaultJob(job({ podFailurePolicy: { rules: [{ action: 'Ignore', onPodConditions: [{ type: 'DisruptionTarget' }] }] } })).spec!;
  assert.deepEqual([withPolicy.podReplacementPolicy, withPolicy.podFailurePolicy!.rules[0]!.onPodConditions![0]!.status], ['Failed', 'True']);
});

test('a create labels the template with the job and selects its uid; the job takes the template\'s labels', () => {
  const j = created();
  assert.deepEqual(j.spec!.template.metadata!.labels, {
    'batch.orch.io/controller-uid': UID,
    'batch.orch.io/job-name': 'pi',
    'controller-uid': UID,
    'job-name': 'pi',
  });
  assert.deepEqual(j.spec!.selector, { matchLabels: { 'batch.orch.io/controller-uid': UID } });
  assert.deepEqual(j.metadata.labels, j.spec!.template.metadata!.labels);
  assert.deepEqual(j.status, {});
  assert.deepEqual(jobStrategy.validate(j), []);
});

test('ValidateJob: counts, restart policy, a selector chosen by hand without manualSelector, Indexed limits', () => {
  const j = created({ parallelism: -1, backoffLimit: -2, selector: { matchLabels: { app: 'pi' } } });
  j.spec!.template.spec!.restartPolicy = 'Always';
  assert.deepEqual(lines(jobStrategy.validate(j)), [
    'spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"app":"pi", "batch.orch.io/controller-uid":"11111111-2222-3333-4444-555555555555"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: `selector` not auto-generated',
    'spec.parallelism: Invalid value: -1: must be greater than or equal to 0',
    'spec.backoffLimit: Invalid value: -2: must be greater than or equal to 0',
    'spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never"',
    'spec.template.metadata.labels: Invalid value: map[string]string{"batch.orch.io/controller-uid":"11111111-2222-3333-4444-555555555555", "batch.orch.io/job-name":"pi", "controller-uid":"11111111-2222-3333-4444-555555555555", "job-name":"pi"}: `selector` does not match template `labels`',
  ]);
  const indexed = created({ completionMode: 'Indexed', parallelism: 2, maxFailedIndexes: 1 });
  assert.deepEqual(lines(jobStrategy.validate(indexed)), [
    'spec.backoffLimitPerIndex: Required value: when maxFailedIndexes is specified',
    'spec.completions: Required value: when completion mode is Indexed',
  ]);
  const manual = created({ manualSelector: true, selector: { matchLabels: { app: 'x' } } });
  manual.spec!.template.metadata = { labels: { app: 'x' } };
  assert.deepEqual(jobStrategy.validate(manual), []);
  const failurePolicy = created({ podFailurePolicy: { rules: [{ action: 'Explode', onExitCodes: { operator: 'In', values: [0, 3, 2] } }] } });
  assert.deepEqual(lines(jobStrategy.validate(failurePolicy)), [
    'spec.podFailurePolicy.rules[0].action: Unsupported value: "Explode": supported values: "Count", "FailIndex", "FailJob", "Ignore"',
    'spec.podFailurePolicy.rules[0].onExitCodes.values[0]: Invalid value: 0: must not be 0 for the In operator',
    'spec.podFailurePolicy.rules[0].onExitCodes.values: Invalid value: []int32{0, 3, 2}: must be ordered',
  ]);
});

test('an update may change parallelism, suspend and the deadline, not completions, the selector or the template', () => {
  const old = created();
  const next = structuredClone(old);
  next.spec!.parallelism = 4;
  next.spec!.suspend = true;
  next.spec!.activeDeadlineSeconds = 60;
  jobStrategy.prepareForUpdate(next, old);
  assert.deepEqual(jobStrategy.validateUpdate(next, old), []);
  assert.equal(next.metadata.generation, 2);
  const bad = structuredClone(old);
  bad.spec!.completions = 5;
  bad.spec!.template.spec!.containers[0]!.image = 'perl:2';
  jobStrategy.prepareForUpdate(bad, old);
  const got = lines(jobStrategy.validateUpdate(bad, old));
  assert.ok(got.includes('spec.completions: Invalid value: 5: field is immutable'), got.join('\n'));
  assert.ok(got.some((l) => l.startsWith('spec.template: Invalid value:') && l.endsWith('field is immutable')), got.join('\n'));
});

test('a suspended job that never started may change its scheduling directives', () => {
  const old = created({ suspend: true });
  const next = structuredClone(old);
  next.spec!.template.spec!.nodeSelector = { zone: 'a' };
  next.spec!.template.spec!.tolerations = [{ key: 'k', operator: 'Exists' }];
  jobStrategy.prepareForUpdate(next, old);
  assert.deepEqual(jobStrategy.validateUpdate(next, old), []);
  const running = structuredClone(old);
  running.status = { startTime: '2026-01-01T00:00:00Z' };
  const moved = structuredClone(running);
  moved.spec!.template.spec!.nodeSelector = { zone: 'a' };
  jobStrategy.prepareForUpdate(moved, running);
  assert.equal(lines(jobStrategy.validateUpdate(moved, running)).length, 1);
});

test('/status keeps the spec and refuses Kubernetes\' forbidden transitions', () => {
  const old = created();
  const next = structuredClone(old);
  next.spec!.parallelism = 9;
  next.status = { active: 1, ready: 2, startTime: '2026-01-01T00:00:00Z' };
  jobStatusStrategy.prepareForUpdate(next, old);
  assert.equal(next.spec!.parallelism, 1);
  assert.deepEqual(lines(jobStatusStrategy.validateUpdate(next, old)), ['status.ready: Invalid value: 2: cannot set more ready pods than active']);
  const complete = structuredClone(old);
  complete.status = { conditions: [{ type: 'Complete', status: 'True' }], succeeded: 1, startTime: '2026-01-01T00:00:00Z' };
  assert.deepEqual(lines(jobStatusStrategy.validateUpdate(complete, old)), [
    'status.completionTime: Required value: completionTime is required for Complete jobs',
    'status.conditions: Invalid value: cannot set Complete=True condition without the SuccessCriteriaMet=true condition',
  ]);
  const done = structuredClone(old);
  done.status = {
    conditions: [{ type: 'SuccessCriteriaMet', status: 'True' }, { type: 'Complete', status: 'True' }],
    succeeded: 1,
    startTime: '2026-01-01T00:00:00Z',
    completionTime: '2026-01-01T00:01:00Z',
  };
  assert.deepEqual(jobStatusStrategy.validateUpdate(done, old), []);
  const back = structuredClone(done);
  back.status = { succeeded: 0, startTime: '2026-01-01T00:00:00Z' };
  assert.deepEqual(lines(jobStatusStrategy.validateUpdate(back, done)), [
    'status.conditions: Invalid value: cannot disable the terminal Complete=True condition',
    'status.succeeded: Invalid value: 0: cannot decrease the succeeded counter',
    'status.conditions: Invalid value: cannot disable the SuccessCriteriaMet=True condition',
  ]);
});

test('an Indexed job\'s name leaves room for its pods\' hostnames; a name that is no DNS label is warned about', () => {
  const long = created({ completionMode: 'Indexed', completions: 100 }, 'a'.repeat(62));
  assert.deepEqual(lines(jobStrategy.validate(long)), [`metadata.name: Invalid value: "${'a'.repeat(62)}": will not able to create pod with invalid DNS label: ${'a'.repeat(62)}-99`]);
  assert.match(jobStrategy.warningsOnCreate(created({}, 'a.b'))[0]!, /^metadata\.name: this is used in Pod names and hostnames/);
});

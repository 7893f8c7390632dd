// CronJob strategies at unit level: Kubernetes' defaults, the cron parser's messages, time zones,
// the name limit, a job template whose selector is generated, and what updates keep.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CronJob } from '../../../../api/batch/v1/types.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { scheduleError } from '../../../../machinery/cron/cron-schedule.ts';
import { parseGoDuration } from '../../../../machinery/cron/go-duration.ts';
import { cronJobStatusStrategy, cronJobStrategy, defaultCronJob } from './strategy.ts';

const lines = (causes: StatusCause[]) => causes.map((c) => `${c.field}: ${c.message}`);

function cronJob(spec: Record<string, unknown> = {}, name = 'tick'): CronJob {
  const jobTemplate = { spec: { template: { spec: { restartPolicy: 'OnFailure', containers: [{ name: 'tick', image: 'busybox' }] } } } };
  return { metadata: { name, namespace: 'default', uid: 'u', generation: 1, resourceVersion: '3' }, spec: { schedule: '*/5 * * * *', jobTemplate, ...spec } } as unknown as CronJob;
}

test('defaults: Allow, not suspended, three successful and one failed job kept; the template\'s pods defaulted, its job spec not', () => {
  const cj = defaultCronJob(cronJob());
  const s = cj.spec!;
  assert.deepEqual([s.concurrencyPolicy, s.suspend, s.successfulJobsHistoryLimit, s.failedJobsHistoryLimit], ['Allow', false, 3, 1]);
  assert.equal(s.jobTemplate.spec!.template.spec!.schedulerName, 'default-scheduler');
  assert.equal(s.jobTemplate.spec!.backoffLimit, undefined);
});

test('schedules parse as robfig/cron parses them, with its messages', () => {
  for (const ok of ['*/5 * * * *', '0 0 * * MON-FRI', '0 12 1 jan,jul ?', '@hourly', '@every 1h30m', '5-10/2 0 1-31 * 0']) assert.equal(scheduleError(ok), undefined, ok);
  assert.equal(scheduleError('* * *'), 'expected exactly 5 fields, found 3: [* * *]');
  assert.equal(scheduleError('61 * * * *'), 'end of range (61) above maximum (59): 61');
  assert.equal(scheduleError('* * 0 * *'), 'beginning of range (0) below minimum (1): 0');
  assert.equal(scheduleError('5-1 * * * *'), 'beginning of range (5) beyond end of range (1): 5-1');
  assert.equal(scheduleError('*/0 * * * *'), 'step of range should be a positive number: */0');
  assert.equal(scheduleError('x * * * *'), 'failed to parse int from x: strconv.Atoi: parsing "x": invalid syntax');
  assert.equal(scheduleError('1-2-3 * * * *'), 'too many hyphens: 1-2-3');
  assert.equal(scheduleError('@often'), 'unrecognized descriptor: @often');
  assert.equal(scheduleError('@every 5x'), 'failed to parse duration @every 5x: time: unknown unit "x" in duration "5x"');
  assert.equal(parseGoDuration('1h30m'), 5_400_000);
  assert.equal(parseGoDuration('5'), 'time: missing unit in duration "5"');
});

test('ValidateCronJob: schedule, time zone, concurrency policy, limits, a job template without selector, the name\'s length', () => {
  const cj = cronJob({ schedule: 'TZ=UTC 0 * * * *', timeZone: 'Mars/Olympus', concurrencyPolicy: 'Sometimes', failedJobsHistoryLimit: -1 }, 'n'.repeat(53));
  cj.spec!.jobTemplate.spec!.selector = { matchLabels: { a: 'b' } };
  cronJobStrategy.prepareForCreate(cj);
  assert.deepEqual(lines(cronJobStrategy.validate(cj)), [
    'spec.schedule: Invalid value: "TZ=UTC 0 * * * *": cannot use TZ or CRON_TZ in schedule, use timeZone field instead',
    'spec.timeZone: Invalid value: "Mars/Olympus": unknown time zone Mars/Olympus',
    'spec.concurrencyPolicy: Unsupported value: "Sometimes": supported values: "Allow", "Forbid", "Replace"',
    'spec.jobTemplate.spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"a":"b"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: `selector` will be auto-generated',
    'spec.failedJobsHistoryLimit: Invalid value: -1: must be greater than or equal to 0',
    `metadata.name: Invalid value: "${'n'.repeat(53)}": must be no more than 52 characters`,
  ]);
  const zoned = cronJob({ timeZone: 'Europe/Paris' });
  cronJobStrategy.prepareForCreate(zoned);
  assert.deepEqual(cronJobStrategy.validate(zoned), []);
  const local = cronJob({ timeZone: 'Local' });
  cronJobStrategy.prepareForCreate(local);
  assert.deepEqual(lines(cronJobStrategy.validate(local)), ['spec.timeZone: Invalid value: "Local": timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones']);
  const always = cronJob();
  always.spec!.jobTemplate.spec!.template.spec!.restartPolicy = 'Always';
  cronJobStrategy.prepareForCreate(always);
  assert.deepEqual(lines(cronJobStrategy.validate(always)), ['spec.jobTemplate.spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never"']);
});

test('updates bump the generation and keep the status; /status keeps the spec; a long name stays updatable', () => {
  const old = cronJob({}, 'n'.repeat(60));
  cronJobStrategy.prepareForCreate(old);
  const next = structuredClone(old);
  next.spec!.suspend = true;
  next.status = { lastScheduleTime: '2026-01-01T00:00:00Z' };
  cronJobStrategy.prepareForUpdate(next, old);
  assert.deepEqual([next.metadata.generation, next.status], [2, {}]);
  assert.deepEqual(cronJobStrategy.validateUpdate(next, old), []);
  const status = structuredClone(old);
  status.spec!.schedule = '@daily';
  status.status = { active: [{ kind: 'Job', name: 'tick-1', namespace: 'default' }] };
  cronJobStatusStrategy.prepareForUpdate(status, old);
  assert.equal(status.spec!.schedule, '*/5 * * * *');
});

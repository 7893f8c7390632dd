import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Job } from '../../../api/batch/v1/types.ts';
import { isJobFinished, needsCleanup, timeLeft } from './job-ttl.ts';

const job = (ttl: number | undefined, conditions: Array<{ type: string; status: string; lastTransitionTime?: string | null }>): Job => ({
  metadata: { name: 'j', namespace: 'ns' },
  spec: { ...(ttl === undefined ? {} : { ttlSecondsAfterFinished: ttl }), template: {} },
  status: { conditions },
});

test('a job needs cleaning up once it has a TTL and a Complete or Failed condition that is True', () => {
  assert.equal(needsCleanup(job(10, [{ type: 'Complete', status: 'True', lastTransitionTime: '2026-01-01T00:00:00Z' }])), true);
  assert.equal(needsCleanup(job(0, [{ type: 'Failed', status: 'True', lastTransitionTime: '2026-01-01T00:00:00Z' }])), true);
  assert.equal(needsCleanup(job(undefined, [{ type: 'Complete', status: 'True' }])), false);
  assert.equal(needsCleanup(job(10, [{ type: 'Complete', status: 'False' }, { type: 'SuccessCriteriaMet', status: 'True' }])), false);
  assert.equal(isJobFinished(job(10, [{ type: 'FailureTarget', status: 'True' }])), false, 'only the terminal conditions finish a job');
});

test('the TTL runs from the finishing condition\'s transition time', () => {
  const finished = Date.parse('2026-01-01T00:00:00Z');
  const left = timeLeft(job(30, [{ type: 'Suspended', status: 'False' }, { type: 'Complete', status: 'True', lastTransitionTime: '2026-01-01T00:00:00Z' }]), finished + 10_000);
  assert.deepEqual(left, { finishedAt: finished, expiresAt: finished + 30_000, remainingMs: 20_000 });
  assert.equal(timeLeft(job(0, [{ type: 'Failed', status: 'True', lastTransitionTime: '2026-01-01T00:00:00Z' }]), finished).remainingMs, 0);
});

test('a finishing condition without a time, or a job that needs no cleanup, is an error', () => {
  assert.throws(() => timeLeft(job(5, [{ type: 'Complete', status: 'True', lastTransitionTime: null }]), 0), /unable to find the time when the Job ns\/j finished/);
  assert.throws(() => timeLeft(job(5, []), 0), /job ns\/j should not be cleaned up/);
});

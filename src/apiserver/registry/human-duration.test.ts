import { test } from 'node:test';
import assert from 'node:assert/strict';
import { humanDuration, timestampSince } from './human-duration.ts';

test('humanDuration matches Kubernetes', () => {
  const s = 1000;
  const cases: [number, string][] = [
    [-5 * s, '<invalid>'],
    [-1 * s, '0s'],
    [0, '0s'],
    [119 * s, '119s'],
    [120 * s, '2m'],
    [5 * 60 * s + 10 * s, '5m10s'],
    [10 * 60 * s + 30 * s, '10m'],
    [179 * 60 * s, '179m'],
    [3 * 3600 * s, '3h'],
    [3 * 3600 * s + 5 * 60 * s, '3h5m'],
    [8 * 3600 * s, '8h'],
    [47 * 3600 * s, '47h'],
    [2 * 86400 * s + 3 * 3600 * s, '2d3h'],
    [3 * 86400 * s, '3d'],
    [30 * 86400 * s, '30d'],
    [(2 * 365 + 10) * 86400 * s, '2y10d'],
    [9 * 365 * 86400 * s, '9y'],
  ];
  for (const [ms, want] of cases) assert.equal(humanDuration(ms), want, String(ms));
});

test('timestampSince: the age of a set time, <unknown> for an unset one', () => {
  const now = new Date('2026-11-22T06:00:00Z');
  assert.equal(timestampSince('2026-11-22T05:55:00Z', now), '5m');
  assert.equal(timestampSince(undefined, now), '<unknown>');
  assert.equal(timestampSince(null, now), '<unknown>');
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseGoDuration, watchTimeoutMs } from './with-timeout.ts';

test('?timeout= durations parse as Go durations', () => {
  assert.equal(parseGoDuration('30s'), 30_000);
  assert.equal(parseGoDuration('1m0s'), 60_000);
  assert.equal(parseGoDuration('250ms'), 250);
  assert.equal(parseGoDuration('1.5s'), 1500);
  assert.equal(parseGoDuration('0'), 0);
  assert.equal(parseGoDuration('30'), undefined);
  assert.equal(parseGoDuration('soon'), undefined);
  assert.equal(parseGoDuration(''), undefined);
});

test('a watch deadline is timeoutSeconds, else in [min, 2*min)', () => {
  assert.equal(watchTimeoutMs(new URLSearchParams('timeoutSeconds=5'), 1800), 5000);
  for (let i = 0; i < 200; i++) {
    const ms = watchTimeoutMs(new URLSearchParams(), 10);
    assert.ok(ms >= 10_000 && ms < 20_000, String(ms));
  }
  const ignored = watchTimeoutMs(new URLSearchParams('timeoutSeconds=abc'), 10);
  assert.ok(ignored >= 10_000);
});

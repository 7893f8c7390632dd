import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatGoDuration, parseGoDuration } from './go-duration.ts';
import { parseQuantity } from './quantity.ts';

test('Go durations parse to milliseconds', () => {
  assert.equal(parseGoDuration('30s'), 30_000);
  assert.equal(parseGoDuration('1m0s'), 60_000);
  assert.equal(parseGoDuration('1h30m'), 5_400_000);
  assert.equal(parseGoDuration('1.5s'), 1500);
  assert.equal(parseGoDuration('0'), 0);
  assert.equal(parseGoDuration('-2s'), -2000);
  assert.equal(parseGoDuration('500us'), 0.5);
  assert.throws(() => parseGoDuration(''), /time: invalid duration ""/);
  assert.throws(() => parseGoDuration('s'), /time: invalid duration "s"/);
});

test('durations print in Go form', () => {
  assert.equal(formatGoDuration(0), '0s');
  assert.equal(formatGoDuration(30_000), '30s');
  assert.equal(formatGoDuration(60_000), '1m0s');
  assert.equal(formatGoDuration(8760 * 3_600_000), '8760h0m0s');
  assert.equal(formatGoDuration(100), '100ms');
  assert.equal(formatGoDuration(1500), '1.5s');
});

test('quantities parse to bytes', () => {
  assert.equal(parseQuantity('0'), 0);
  assert.equal(parseQuantity('512'), 512);
  assert.equal(parseQuantity('1k'), 1000);
  assert.equal(parseQuantity('2Ki'), 2048);
  assert.equal(parseQuantity('3M'), 3_000_000);
  assert.equal(parseQuantity('6Gi'), 6 * 2 ** 30);
  assert.equal(parseQuantity('1e3'), 1000);
  assert.throws(() => parseQuantity('lots'), /quantities must match/);
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatMicroTime, formatTime, isZeroTime, normalizeMicroTime, normalizeTime, nowMicroTime, nowTime, parseRFC3339Micros, TimeParseError, timeToDate } from './time.ts';

test('MicroTime keeps microseconds and is written in UTC with six digits', () => {
  assert.equal(normalizeMicroTime('2026-11-22T05:10:00.123456Z'), '2026-11-22T05:10:00.123456Z');
  assert.equal(normalizeMicroTime('2026-11-22T05:10:00Z'), '2026-11-22T05:10:00.000000Z');
  assert.equal(normalizeMicroTime('2026-11-22T05:10:00.123456789Z'), '2026-11-22T05:10:00.123456Z', 'nanoseconds truncated');
  assert.equal(normalizeMicroTime('2026-11-22T00:10:00.5-05:00'), '2026-11-22T05:10:00.500000Z');
  assert.equal(normalizeMicroTime('1969-12-31T23:59:59.999999Z'), '1969-12-31T23:59:59.999999Z');
});

test('Time drops fractions', () => {
  assert.equal(normalizeTime('2026-11-22T05:10:00.999Z'), '2026-11-22T05:10:00Z');
  assert.equal(normalizeTime('2026-11-22T06:10:00+01:00'), '2026-11-22T05:10:00Z');
});

test('zero and absent times are null', () => {
  for (const v of [null, undefined, '', '0001-01-01T00:00:00Z']) {
    assert.equal(normalizeMicroTime(v), null);
    assert.equal(normalizeTime(v), null);
    assert.equal(isZeroTime(v), true);
    assert.equal(timeToDate(v), undefined);
  }
  assert.equal(isZeroTime('2026-01-01T00:00:00Z'), false);
});

test('malformed timestamps are refused', () => {
  for (const bad of ['yesterday', '2026-13-01T00:00:00Z', '2026-02-30T00:00:00Z', '2026-11-22 05:10:00Z', '2026-11-22T25:00:00Z', '2026-11-22T05:10:00']) {
    assert.equal(parseRFC3339Micros(bad), undefined, bad);
    assert.throws(() => normalizeMicroTime(bad), TimeParseError);
  }
});

test('now helpers', () => {
  const d = new Date('2026-11-22T05:10:00.123Z');
  assert.equal(nowMicroTime(d), '2026-11-22T05:10:00.123000Z');
  assert.equal(nowTime(d), '2026-11-22T05:10:00Z');
  assert.equal(timeToDate('2026-11-22T05:10:00.123456Z')!.toISOString(), '2026-11-22T05:10:00.123Z');
});

test('canonical timestamps come back unchanged and agree with a full parse, at month and leap-year edges', () => {
  const days = ['2024-02-29', '2000-02-29', '2026-04-30', '2026-12-31', '0000-02-29', '9999-12-31', '1970-01-01'];
  for (const day of days) {
    const micro = `${day}T23:59:59.000001Z`;
    assert.equal(normalizeMicroTime(micro), micro);
    assert.equal(normalizeMicroTime(micro), formatMicroTime(parseRFC3339Micros(micro)!));
    const time = `${day}T00:00:01Z`;
    assert.equal(normalizeTime(time), time);
    assert.equal(normalizeTime(time), formatTime(parseRFC3339Micros(time)!));
    assert.equal(isZeroTime(micro), false);
    assert.equal(isZeroTime(time), false);
  }
  for (const bad of ['2026-02-29', '1900-02-29', '2026-04-31', '2026-06-31', '2026-09-31', '2026-11-31', '2026-00-10', '2026-01-00']) {
    assert.throws(() => normalizeMicroTime(`${bad}T00:00:00.000000Z`), TimeParseError, bad);
    assert.throws(() => normalizeTime(`${bad}T00:00:00Z`), TimeParseError, bad);
  }
  assert.equal(normalizeMicroTime('0001-01-01T00:00:00.000000Z'), null, 'zero time in MicroTime form');
  assert.equal(isZeroTime('0001-01-01T00:00:00.000000Z'), true);
  assert.equal(normalizeMicroTime('0001-01-01T00:00:00.000001Z'), '0001-01-01T00:00:00.000001Z', 'a microsecond after zero is not zero');
});

// Cron schedules' next times as robfig/cron v3 computes them: fields, steps, names, the day-of-month
// and day-of-week rule, descriptors, @every, time zones with their daylight-saving changes, and
// instants in zones formatted as Go's RFC 3339.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseSchedule, scheduleError } from './cron-schedule.ts';
import { GO_ZERO_TIME, nextScheduleTime } from './schedule-next.ts';
import { formatRFC3339InZone, offsetAt, wallClock, zonedDate } from './zoned-time.ts';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

function next(schedule: string, from: string, location = 'UTC'): string {
  return iso(nextScheduleTime(parseSchedule(schedule, location), at(from)));
}

test('fields, steps, lists, names', () => {
  assert.equal(next('*/5 * * * *', '2026-11-22T05:03:10Z'), '2026-11-22T05:05:00Z');
  assert.equal(next('*/5 * * * *', '2026-11-22T05:05:00Z'), '2026-11-22T05:10:00Z');
  assert.equal(next('* * * * *', '2026-11-22T05:05:59.5Z'), '2026-11-22T05:06:00Z');
  assert.equal(next('30 2 * * *', '2026-11-22T05:00:00Z'), '2026-11-23T02:30:00Z');
  assert.equal(next('0 0 1 jan,jul ?', '2026-02-01T00:00:00Z'), '2026-07-01T00:00:00Z');
  assert.equal(next('0 9 * * MON-FRI', '2026-11-21T10:00:00Z'), '2026-11-23T09:00:00Z');
  assert.equal(next('59 23 31 12 *', '2026-12-31T23:59:00Z'), '2027-12-31T23:59:00Z');
  assert.equal(next('0 0 29 2 *', '2026-03-01T00:00:00Z'), '2028-02-29T00:00:00Z');
});

test('day of month and day of week: both must hold when either is *, either otherwise', () => {
  // 1st of the month or a Monday.
  assert.equal(next('0 0 1 * 1', '2026-11-22T00:00:00Z'), '2026-11-23T00:00:00Z');
  assert.equal(next('0 0 1 * 1', '2026-11-24T00:00:00Z'), '2026-11-30T00:00:00Z');
  assert.equal(next('0 0 1 * 1', '2026-11-30T00:00:00Z'), '2026-12-01T00:00:00Z');
  // */1 keeps the star, */2 does not.
  assert.equal(next('0 0 */1 * 1', '2026-11-24T00:00:00Z'), '2026-11-30T00:00:00Z');
  assert.equal(next('0 0 */2 * 1', '2026-11-24T00:00:00Z'), '2026-11-25T00:00:00Z');
});

test('descriptors and @every', () => {
  assert.equal(next('@hourly', '2026-11-22T05:03:00Z'), '2026-11-22T06:00:00Z');
  assert.equal(next('@daily', '2026-11-22T05:03:00Z'), '2026-11-23T00:00:00Z');
  assert.equal(next('@weekly', '2026-11-22T05:03:00Z'), '2026-11-29T00:00:00Z');
  assert.equal(next('@monthly', '2026-11-22T05:03:00Z'), '2026-12-01T00:00:00Z');
  assert.equal(next('@yearly', '2026-11-22T05:03:00Z'), '2027-01-01T00:00:00Z');
  assert.equal(next('@every 90s', '2026-11-22T05:03:00.700Z'), '2026-11-22T05:04:30Z');
  assert.equal(next('@every 10ms', '2026-11-22T05:03:00Z'), '2026-11-22T05:03:01Z');
  assert.equal(next('@every 1500ms', '2026-11-22T05:03:00Z'), '2026-11-22T05:03:01Z');
});

test('an impossible day gives Go\'s zero time', () => {
  assert.equal(nextScheduleTime(parseSchedule('0 0 31 2 *', 'UTC'), at('2026-01-01T00:00:00Z')), GO_ZERO_TIME);
});

test('time zones: TZ= in the schedule, or the zone a schedule without one is read in', () => {
  assert.equal(next('TZ=America/New_York 0 9 * * *', '2026-11-22T05:00:00Z'), '2026-11-22T14:00:00Z');
  assert.equal(next('0 9 * * *', '2026-07-22T05:00:00Z', 'Europe/Berlin'), '2026-07-22T07:00:00Z');
  assert.equal(next('CRON_TZ=Asia/Kolkata 30 0 * * *', '2026-11-22T00:00:00Z'), '2026-11-22T19:00:00Z');
});

test('daylight-saving changes: a skipped hour is passed over, a repeated one fires at each of its occurrences', () => {
  // Europe/Berlin springs forward at 02:00 on 2026-03-29 and falls back at 03:00 on 2026-10-25.
  assert.equal(next('30 2 * * *', '2026-03-28T12:00:00Z', 'Europe/Berlin'), '2026-03-30T00:30:00Z');
  assert.equal(next('30 2 * * *', '2026-10-24T12:00:00Z', 'Europe/Berlin'), '2026-10-25T00:30:00Z');
  assert.equal(next('30 2 * * *', '2026-10-25T00:30:00Z', 'Europe/Berlin'), '2026-10-25T01:30:00Z');
  assert.equal(next('0 0 * * *', '2026-03-28T12:00:00Z', 'Europe/Berlin'), '2026-03-28T23:00:00Z');
  assert.equal(next('0 0 * * *', '2026-03-29T00:00:00Z', 'Europe/Berlin'), '2026-03-29T22:00:00Z');
});

test('wall clocks, dates and RFC 3339 in zones', () => {
  assert.equal(offsetAt(at('2026-07-01T00:00:00Z'), 'Europe/Berlin'), 2 * 3600_000);
  assert.equal(offsetAt(at('2026-07-01T00:00:00Z'), 'UTC'), 0);
  assert.deepEqual(wallClock(at('2026-11-22T05:06:07Z'), 'Asia/Kolkata'), { year: 2026, month: 11, day: 22, hour: 10, minute: 36, second: 7, weekday: 0 });
  assert.equal(iso(zonedDate(2026, 13, 1, 0, 0, 0, 'UTC')), '2027-01-01T00:00:00Z');
  assert.equal(iso(zonedDate(2026, 3, 29, 2, 30, 0, 'Europe/Berlin')), '2026-03-29T01:30:00Z');
  assert.equal(formatRFC3339InZone(at('2026-11-22T05:06:07Z'), 'UTC'), '2026-11-22T05:06:07Z');
  assert.equal(formatRFC3339InZone(at('2026-11-22T05:06:07Z'), ''), '2026-11-22T05:06:07Z');
  assert.equal(formatRFC3339InZone(at('2026-11-22T05:06:07Z'), 'America/New_York'), '2026-11-22T00:06:07-05:00');
  assert.equal(formatRFC3339InZone(at('2026-11-22T05:06:07Z'), 'Asia/Kolkata'), '2026-11-22T10:36:07+05:30');
});

test('the parser\'s messages are unchanged', () => {
  assert.equal(scheduleError('* * *'), 'expected exactly 5 fields, found 3: [* * *]');
  assert.equal(scheduleError('TZ=Nowhere/Place * * * * *'), 'provided bad location Nowhere/Place: unknown time zone Nowhere/Place');
  assert.equal(scheduleError('*/0 * * * *'), 'step of range should be a positive number: */0');
});

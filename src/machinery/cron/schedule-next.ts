// The next time a cron schedule fires after a given instant, found as robfig/cron v3 finds it:
// from the next whole second, the month, day, hour, minute and second are moved forward in the
// schedule's zone until every field allows the wall clock (a day allowed by day of month and day of
// week both when either was written `*`, by either otherwise), starting again from a field that
// wrapped; days skipped across a daylight-saving change are put back at midnight. No time within
// five years gives Go's zero time. `@every` adds its delay to the whole second.
import type { CronField, CronSchedule, SpecSchedule } from './cron-schedule.ts';
import { wallClock, zonedDate } from './zoned-time.ts';

/** Go's zero time.Time (January 1, year 1, UTC) in milliseconds since the epoch. */
export const GO_ZERO_TIME = -62135596800000;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

function dayMatches(s: SpecSchedule, day: number, weekday: number): boolean {
  const dom = s.dayOfMonth.allowed.has(day);
  const dow = s.dayOfWeek.allowed.has(weekday);
  return s.dayOfMonth.star || s.dayOfWeek.star ? dom && dow : dom || dow;
}

const has = (field: CronField, value: number) => field.allowed.has(value);

function nextSpec(s: SpecSchedule, fromMs: number): number {
  const zone = s.location;
  const at = (t: number) => wallClock(t, zone);
  let t = Math.floor(fromMs / SECOND) * SECOND + SECOND;
  let added = false;
  const yearLimit = at(t).year + 5;
  wrap: for (;;) {
    if (at(t).year > yearLimit) return GO_ZERO_TIME;
    for (let w = at(t); !has(s.month, w.month); w = at(t)) {
      if (!added) {
        added = true;
        t = zonedDate(w.year, w.month, 1, 0, 0, 0, zone);
        w = at(t);
      }
      t = zonedDate(w.year, w.month + 1, w.day, w.hour, w.minute, w.second, zone);
      if (at(t).month === 1) continue wrap;
    }
    for (let w = at(t); !dayMatches(s, w.day, w.weekday); w = at(t)) {
      if (!added) {
        added = true;
        t = zonedDate(w.year, w.month, w.day, 0, 0, 0, zone);
        w = at(t);
      }
      t = zonedDate(w.year, w.month, w.day + 1, w.hour, w.minute, w.second, zone);
      // A daylight-saving change may leave the day off midnight: put it back.
      const hour = at(t).hour;
      if (hour !== 0) t += (hour > 12 ? 24 - hour : -hour) * HOUR;
      if (at(t).day === 1) continue wrap;
    }
    for (let w = at(t); !has(s.hour, w.hour); w = at(t)) {
      if (!added) {
        added = true;
        t = zonedDate(w.year, w.month, w.day, w.hour, 0, 0, zone);
      }
      t += HOUR;
      if (at(t).hour === 0) continue wrap;
    }
    for (let w = at(t); !has(s.minute, w.minute); w = at(t)) {
      if (!added) {
        added = true;
        t -= ((t % MINUTE) + MINUTE) % MINUTE;
      }
      t += MINUTE;
      if (at(t).minute === 0) continue wrap;
    }
    // The standard parser fixes seconds at 0.
    for (let w = at(t); w.second !== 0; w = at(t)) {
      if (!added) {
        added = true;
        t -= ((t % SECOND) + SECOND) % SECOND;
      }
      t += SECOND;
      if (at(t).second === 0) continue wrap;
    }
    return t;
  }
}

/** The first time after `fromMs` the schedule fires, or GO_ZERO_TIME when there is none in five years. */
export function nextScheduleTime(schedule: CronSchedule, fromMs: number): number {
  if (schedule.kind === 'every') return Math.floor(fromMs / SECOND) * SECOND + schedule.delayMs;
  return nextSpec(schedule, fromMs);
}

// When a cron job should run, as Kubernetes' cron job controller works it out: the most recent
// scheduled time not yet run (since the last schedule time, or the cron job's creation, or no
// earlier than startingDeadlineSeconds ago), how many were missed (roughly, from the interval
// between two runs; more than 100 is "many"), and how long to wait before looking again (the next
// time after the last one, plus 100 ms for clock skew). A schedule without TZ= is read in the
// cron job's timeZone, else in the controller manager's own zone.
import type { CronJob } from '../../../api/batch/v1/types.ts';
import { parseSchedule, type CronSchedule } from '../../../machinery/cron/cron-schedule.ts';
import { GO_ZERO_TIME, nextScheduleTime } from '../../../machinery/cron/schedule-next.ts';
import { isKnownTimeZone } from '../../../machinery/cron/time-zone.ts';
import { zoneIsUsable } from '../../../machinery/cron/zoned-time.ts';

/** nextScheduleDelta: requeues land this long after the scheduled time. */
export const NEXT_SCHEDULE_DELTA_MS = 100;

export type MissedSchedules = 'none' | 'few' | 'many';

export interface MostRecent {
  /** The last schedule time, or the creation time (or the starting deadline, when later). */
  earliest: number;
  /** The most recent time a job should have started, when not after now. */
  mostRecent?: number;
  missed: MissedSchedules;
  error?: string;
}

const parseTime = (t: string | null | undefined) => (t ? Date.parse(t) : GO_ZERO_TIME);

/** Whether Go's time.LoadLocation finds the zone (and this runtime can use it). */
export function loadableTimeZone(zone: string): boolean {
  return isKnownTimeZone(zone) && zoneIsUsable(zone);
}

/** formatSchedule: the spec's schedule, led by TZ=<timeZone> when a usable zone is set. */
export function formatSchedule(cronJob: CronJob, onTZInSchedule?: (schedule: string) => void): string {
  const schedule = cronJob.spec?.schedule ?? '';
  if (schedule.includes('TZ')) {
    onTZInSchedule?.(schedule);
    return schedule;
  }
  const zone = cronJob.spec?.timeZone;
  if (zone !== undefined && zone !== null) return loadableTimeZone(zone) ? `TZ=${zone} ${schedule}` : schedule;
  return schedule;
}

/** The schedule as the controller reads it (throws ScheduleError). */
export function cronJobSchedule(cronJob: CronJob, onTZInSchedule?: (schedule: string) => void): CronSchedule {
  return parseSchedule(formatSchedule(cronJob, onTZInSchedule), 'Local');
}

/** mostRecentScheduleTime. */
export function mostRecentScheduleTime(cronJob: CronJob, now: number, schedule: CronSchedule, includeStartingDeadline: boolean): MostRecent {
  let earliest = parseTime(cronJob.metadata.creationTimestamp);
  if (cronJob.status?.lastScheduleTime) earliest = parseTime(cronJob.status.lastScheduleTime);
  const deadlineSeconds = cronJob.spec?.startingDeadlineSeconds;
  if (includeStartingDeadline && deadlineSeconds !== undefined && deadlineSeconds !== null) {
    // Nothing older than the starting deadline is run.
    const deadline = now - deadlineSeconds * 1000;
    if (deadline > earliest) earliest = deadline;
  }
  const t1 = nextScheduleTime(schedule, earliest);
  const t2 = nextScheduleTime(schedule, t1);
  if (now < t1) return { earliest, missed: 'none' };
  if (now < t2) return { earliest, mostRecent: t1, missed: 'none' };
  // A schedule that parses may still never fire (31 February): two "times" then coincide.
  const between = Math.round((t2 - t1) / 1000);
  if (between < 1) return { earliest, missed: 'none', error: 'time difference between two schedules is less than 1 second' };
  // Roughly how many intervals fit since the first missed time.
  const elapsed = Math.trunc((now - t1) / 1000);
  const missedCount = Math.floor(elapsed / between) + 1;
  // Start one interval early and let the schedule find the exact times (irregular schedules, @every).
  const potentialEarliest = t1 + (missedCount - 2) * between * 1000;
  let mostRecent: number | undefined;
  for (let t = nextScheduleTime(schedule, potentialEarliest); t <= now; t = nextScheduleTime(schedule, t)) mostRecent = t;
  const missed: MissedSchedules = missedCount > 100 ? 'many' : missedCount > 0 ? 'few' : 'none';
  return mostRecent === undefined || mostRecent === GO_ZERO_TIME ? { earliest, missed } : { earliest, mostRecent, missed };
}

/** nextScheduleTimeDuration: how long until the controller should look at the cron job again. */
export function nextScheduleDelay(cronJob: CronJob, now: number, schedule: CronSchedule): number {
  const { earliest, mostRecent, missed, error } = mostRecentScheduleTime(cronJob, now, schedule, false);
  let from: number;
  if (error !== undefined) from = now;
  else if (mostRecent === undefined) from = missed === 'none' ? earliest : now;
  else from = mostRecent;
  return nextScheduleTime(schedule, from) + NEXT_SCHEDULE_DELTA_MS - now;
}

export interface UnmetSchedule {
  scheduledTime?: number;
  tooManyMissed: boolean;
  error?: string;
}

/** nextScheduleTime: the schedule time to run now, if any, and whether too many were missed. */
export function unmetScheduleTime(cronJob: CronJob, now: number, schedule: CronSchedule): UnmetSchedule {
  const { mostRecent, missed, error } = mostRecentScheduleTime(cronJob, now, schedule, true);
  if (mostRecent === undefined || mostRecent > now) return { tooManyMissed: false, error };
  return { scheduledTime: mostRecent, tooManyMissed: missed === 'many', error };
}

// Cron schedules read as Kubernetes reads them (robfig/cron's standard parser): five fields
// (minute, hour, day of month, month, day of week) of numbers, names (jan-dec, sun-sat), `*` or
// `?`, ranges `a-b`, steps `/n` and lists `a,b`; or a descriptor (@yearly, @annually, @monthly,
// @weekly, @daily, @midnight, @hourly, @every <duration>); optionally led by TZ= or CRON_TZ=.
// Errors carry the parser's own messages, which validation shows as they are. A schedule that
// parses is kept as the sets of values each field allows (schedule-next.ts finds its times);
// whether day of month or day of week was written as `*` decides how the two combine.
import { parseGoDuration } from './go-duration.ts';
import { isKnownTimeZone } from './time-zone.ts';

interface Bounds {
  min: number;
  max: number;
  names?: Readonly<Record<string, number>>;
}

const MONTHS = { jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, oct: 10, nov: 11, dec: 12 };
const DAYS = { sun: 0, mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6 };

const FIELDS: readonly Bounds[] = [
  { min: 0, max: 59 },
  { min: 0, max: 23 },
  { min: 1, max: 31 },
  { min: 1, max: 12, names: MONTHS },
  { min: 0, max: 6, names: DAYS },
];

/** One field: which values it allows, and whether it was a bare `*` or `?` (or one with step 1). */
export interface CronField {
  allowed: ReadonlySet<number>;
  star: boolean;
}

/** A schedule of fields, seen in a time zone (`Local`: the process's). */
export interface SpecSchedule {
  kind: 'spec';
  minute: CronField;
  hour: CronField;
  dayOfMonth: CronField;
  month: CronField;
  dayOfWeek: CronField;
  location: string;
}

/** `@every <duration>`: a fixed delay, whole seconds and at least one. */
export interface EverySchedule {
  kind: 'every';
  delayMs: number;
}

export type CronSchedule = SpecSchedule | EverySchedule;

export class ScheduleError extends Error {}

/** strconv.Atoi's error, as Go prints it. */
function atoiError(text: string, outOfRange: boolean): string {
  return `strconv.Atoi: parsing ${JSON.stringify(text)}: ${outOfRange ? 'value out of range' : 'invalid syntax'}`;
}

function mustParseInt(text: string): number {
  if (!/^[+-]?\d+$/.test(text)) throw new ScheduleError(`failed to parse int from ${text}: ${atoiError(text, false)}`);
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new ScheduleError(`failed to parse int from ${text}: ${atoiError(text, true)}`);
  if (n < 0) throw new ScheduleError(`negative number (${n}) not allowed: ${text}`);
  return n;
}

function intOrName(text: string, names: Bounds['names']): number {
  const named = names?.[text.toLowerCase()];
  return named ?? mustParseInt(text);
}

function parseRange(expr: string, r: Bounds): CronField {
  const [range = '', ...steps] = expr.split('/');
  const ends = range.split('-');
  let start: number;
  let end: number;
  let star = false;
  if (ends[0] === '*' || ends[0] === '?') {
    start = r.min;
    end = r.max;
    star = true;
  } else {
    start = intOrName(ends[0]!, r.names);
    if (ends.length === 1) end = start;
    else if (ends.length === 2) end = intOrName(ends[1]!, r.names);
    else throw new ScheduleError(`too many hyphens: ${expr}`);
  }
  let step = 1;
  if (steps.length === 1) {
    step = mustParseInt(steps[0]!);
    // "N/step" means N up to the maximum.
    if (ends.length === 1) end = r.max;
    if (step > 1) star = false;
  } else if (steps.length > 1) throw new ScheduleError(`too many slashes: ${expr}`);
  if (start < r.min) throw new ScheduleError(`beginning of range (${start}) below minimum (${r.min}): ${expr}`);
  if (end > r.max) throw new ScheduleError(`end of range (${end}) above maximum (${r.max}): ${expr}`);
  if (start > end) throw new ScheduleError(`beginning of range (${start}) beyond end of range (${end}): ${expr}`);
  if (step === 0) throw new ScheduleError(`step of range should be a positive number: ${expr}`);
  const allowed = new Set<number>();
  for (let v = start; v <= end; v += step) allowed.add(v);
  return { allowed, star };
}

function parseField(field: string, r: Bounds): CronField {
  const allowed = new Set<number>();
  let star = false;
  for (const expr of field.split(',').filter(Boolean)) {
    const part = parseRange(expr, r);
    for (const v of part.allowed) allowed.add(v);
    star ||= part.star;
  }
  return { allowed, star };
}

function every(r: Bounds): CronField {
  return parseRange('*', r);
}

function only(value: number): CronField {
  return { allowed: new Set([value]), star: false };
}

const [, HOURS, DAYS_OF_MONTH, MONTHS_OF_YEAR, DAYS_OF_WEEK] = FIELDS as [Bounds, Bounds, Bounds, Bounds, Bounds];

/** The descriptors' fields: minute, hour, day of month, month, day of week. */
function descriptorFields(name: string): CronField[] | undefined {
  const midnight = [only(0), only(0)];
  switch (name) {
    case '@yearly':
    case '@annually':
      return [...midnight, only(1), only(1), every(DAYS_OF_WEEK)];
    case '@monthly':
      return [...midnight, only(1), every(MONTHS_OF_YEAR), every(DAYS_OF_WEEK)];
    case '@weekly':
      return [...midnight, every(DAYS_OF_MONTH), every(MONTHS_OF_YEAR), only(0)];
    case '@daily':
    case '@midnight':
      return [...midnight, every(DAYS_OF_MONTH), every(MONTHS_OF_YEAR), every(DAYS_OF_WEEK)];
    case '@hourly':
      return [only(0), every(HOURS), every(DAYS_OF_MONTH), every(MONTHS_OF_YEAR), every(DAYS_OF_WEEK)];
    default:
      return undefined;
  }
}

function specSchedule(fields: CronField[], location: string): SpecSchedule {
  const [minute, hour, dayOfMonth, month, dayOfWeek] = fields as [CronField, CronField, CronField, CronField, CronField];
  return { kind: 'spec', minute, hour, dayOfMonth, month, dayOfWeek, location };
}

function parseDescriptor(spec: string, location: string): CronSchedule {
  const fields = descriptorFields(spec);
  if (fields) return specSchedule(fields, location);
  const everyPrefix = '@every ';
  if (spec.startsWith(everyPrefix)) {
    const parsed = parseGoDuration(spec.slice(everyPrefix.length));
    if (typeof parsed === 'string') throw new ScheduleError(`failed to parse duration ${spec}: ${parsed}`);
    // At least a second, and whole seconds only.
    const delayMs = Math.max(parsed, 1000);
    return { kind: 'every', delayMs: delayMs - (delayMs % 1000) };
  }
  throw new ScheduleError(`unrecognized descriptor: ${spec}`);
}

/**
 * Parses a schedule as robfig/cron's ParseStandard; `defaultLocation` is the zone of a schedule
 * without TZ= (Go's time.Local). Throws ScheduleError with the parser's message.
 */
export function parseSchedule(schedule: string, defaultLocation = 'Local'): CronSchedule {
  if (!schedule) throw new ScheduleError('empty spec string');
  let spec = schedule;
  let location = defaultLocation;
  if (spec.startsWith('TZ=') || spec.startsWith('CRON_TZ=')) {
    const space = spec.indexOf(' ');
    const end = space < 0 ? spec.length : space;
    const zone = spec.slice(spec.indexOf('=') + 1, end);
    if (!isKnownTimeZone(zone)) throw new ScheduleError(`provided bad location ${zone}: unknown time zone ${zone}`);
    location = zone;
    spec = spec.slice(end).trim();
  }
  if (spec.startsWith('@')) return parseDescriptor(spec, location);
  const fields = spec.split(/\s+/).filter(Boolean);
  if (fields.length !== 5) throw new ScheduleError(`expected exactly 5 fields, found ${fields.length}: [${fields.join(' ')}]`);
  return specSchedule(fields.map((field, i) => parseField(field, FIELDS[i]!)), location);
}

/** The parser's error for `schedule`, or undefined when it parses. */
export function scheduleError(schedule: string): string | undefined {
  try {
    parseSchedule(schedule);
    return undefined;
  } catch (err) {
    if (err instanceof ScheduleError) return err.message;
    throw err;
  }
}

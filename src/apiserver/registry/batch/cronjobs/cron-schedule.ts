// Cron schedules read as Kubernetes reads them (robfig/cron's standard parser): five fields
// (minute, hour, day of month, month, day of week) of numbers, names (jan-dec, sun-sat), `*` or
// `?`, ranges `a-b`, steps `/n` and lists `a,b`; or a descriptor (@yearly, @annually, @monthly,
// @weekly, @daily, @midnight, @hourly, @every <duration>); optionally led by TZ= or CRON_TZ=.
// Errors carry the parser's own messages, which validation shows as they are.
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

const DESCRIPTORS = new Set(['@yearly', '@annually', '@monthly', '@weekly', '@daily', '@midnight', '@hourly']);

class ScheduleError extends Error {}

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

function checkRange(expr: string, r: Bounds): void {
  const [range = '', ...steps] = expr.split('/');
  const ends = range.split('-');
  let start: number;
  let end: number;
  if (ends[0] === '*' || ends[0] === '?') {
    start = r.min;
    end = r.max;
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
  } else if (steps.length > 1) throw new ScheduleError(`too many slashes: ${expr}`);
  if (start < r.min) throw new ScheduleError(`beginning of range (${start}) below minimum (${r.min}): ${expr}`);
  if (end > r.max) throw new ScheduleError(`end of range (${end}) above maximum (${r.max}): ${expr}`);
  if (start > end) throw new ScheduleError(`beginning of range (${start}) beyond end of range (${end}): ${expr}`);
  if (step === 0) throw new ScheduleError(`step of range should be a positive number: ${expr}`);
}

function checkDescriptor(spec: string): void {
  if (DESCRIPTORS.has(spec)) return;
  const every = '@every ';
  if (spec.startsWith(every)) {
    const parsed = parseGoDuration(spec.slice(every.length));
    if (typeof parsed === 'string') throw new ScheduleError(`failed to parse duration ${spec}: ${parsed}`);
    return;
  }
  throw new ScheduleError(`unrecognized descriptor: ${spec}`);
}

function checkSchedule(schedule: string): void {
  if (!schedule) throw new ScheduleError('empty spec string');
  let spec = schedule;
  if (spec.startsWith('TZ=') || spec.startsWith('CRON_TZ=')) {
    const space = spec.indexOf(' ');
    const end = space < 0 ? spec.length : space;
    const zone = spec.slice(spec.indexOf('=') + 1, end);
    if (!isKnownTimeZone(zone)) throw new ScheduleError(`provided bad location ${zone}: unknown time zone ${zone}`);
    spec = spec.slice(end).trim();
  }
  if (spec.startsWith('@')) return checkDescriptor(spec);
  const fields = spec.split(/\s+/).filter(Boolean);
  if (fields.length !== 5) throw new ScheduleError(`expected exactly 5 fields, found ${fields.length}: [${fields.join(' ')}]`);
  fields.forEach((field, i) => {
    for (const expr of field.split(',').filter(Boolean)) checkRange(expr, FIELDS[i]!);
  });
}

/** The parser's error for `schedule`, or undefined when it parses. */
export function scheduleError(schedule: string): string | undefined {
  try {
    checkSchedule(schedule);
    return undefined;
  } catch (err) {
    if (err instanceof ScheduleError) return err.message;
    throw err;
  }
}

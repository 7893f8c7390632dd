// Times in query parameters (a log request's sinceTime) as Go's time.Parse(time.RFC3339) reads
// them, with its error texts for the common mistakes, and time.Format(time.RFC3339) to pass them on.
import { goQuote } from '../../../../machinery/validation/go-format.ts';

const LAYOUT = '2006-01-02T15:04:05Z07:00';

/** The layout's elements in order: what each reads, and how Go names it in an error. */
const ELEMENTS: ReadonlyArray<readonly [string, RegExp]> = [
  ['2006', /^\d{4}/],
  ['-', /^-/],
  ['01', /^\d{2}/],
  ['-', /^-/],
  ['02', /^\d{2}/],
  ['T', /^T/],
  ['15', /^\d{2}/],
  [':', /^:/],
  ['04', /^\d{2}/],
  [':', /^:/],
  ['05', /^\d{2}(\.\d+)?/],
  ['Z07:00', /^(Z|[+-]\d{2}:\d{2})/],
];

const RANGES: ReadonlyArray<readonly [number, string, number, number]> = [
  [1, 'month', 1, 12],
  [2, 'day', 1, 31],
  [3, 'hour', 0, 23],
  [4, 'minute', 0, 59],
  [5, 'second', 0, 59],
];

/** Milliseconds since the epoch, or an Error worded as Go's. */
export function parseRfc3339(text: string): number {
  let rest = text;
  const read: string[] = [];
  for (const [name, pattern] of ELEMENTS) {
    const m = pattern.exec(rest);
    if (!m) throw new Error(`parsing time ${goQuote(text)} as ${goQuote(LAYOUT)}: cannot parse ${goQuote(rest)} as ${goQuote(name)}`);
    read.push(m[0]);
    rest = rest.slice(m[0].length);
  }
  if (rest !== '') throw new Error(`parsing time ${goQuote(text)}: extra text: ${goQuote(rest)}`);
  const [year, , month, , day, , hour, , minute, , second, zone] = read as [string, string, string, string, string, string, string, string, string, string, string, string];
  const fields = [Number(year), Number(month), Number(day), Number(hour), Number(minute), Math.floor(Number(second))];
  for (const [at, what, min, max] of RANGES) {
    if (fields[at]! < min || fields[at]! > max) throw new Error(`parsing time ${goQuote(text)}: ${what} out of range`);
  }
  const daysInMonth = new Date(Date.UTC(fields[0]!, fields[1]!, 0)).getUTCDate();
  if (fields[2]! > daysInMonth) throw new Error(`parsing time ${goQuote(text)}: day out of range`);
  const fraction = Number(`0${second.slice(2) || ''}`) || 0;
  let ms = Date.UTC(fields[0]!, fields[1]! - 1, fields[2]!, fields[3]!, fields[4]!, fields[5]!) + Math.floor(fraction * 1000);
  if (zone !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    ms -= sign * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6))) * 60_000;
  }
  return ms;
}

/** time.Format(time.RFC3339) in UTC: whole seconds, `Z`. */
export function formatRfc3339(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

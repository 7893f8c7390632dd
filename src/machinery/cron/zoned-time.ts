// Wall-clock time in an IANA time zone, as Go's time package gives it to the cron schedule: the
// fields of an instant seen in a zone, and the instant of a wall-clock date there (time.Date),
// with out-of-range fields carried over (month 13 is January of the next year) and a date in a
// gap or overlap of the zone's clock resolved as Go resolves it. Offsets come from the runtime's
// zone database (Intl). `Local` is the zone this process runs in.

/** A wall-clock reading in a zone; month 1–12, weekday 0 (Sunday)–6. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The IANA name `zone` stands for (Local is the process's zone; empty is UTC, as Go's LoadLocation). */
export function resolveZone(zone: string): string {
  if (zone === '' || zone === 'UTC') return 'UTC';
  if (zone === 'Local') return Intl.DateTimeFormat().resolvedOptions().timeZone ?? 'UTC';
  return zone;
}

/** Whether the runtime can compute offsets for `zone`. */
export function zoneIsUsable(zone: string): boolean {
  try {
    formatterFor(resolveZone(zone));
    return true;
  } catch {
    return false;
  }
}

function formatterFor(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      era: 'short',
    });
    formatters.set(zone, f);
  }
  return f;
}

function utcFields(ms: number): WallClock {
  const d = new Date(ms);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes(), second: d.getUTCSeconds(), weekday: d.getUTCDay() };
}

/** The zone's offset from UTC at an instant, in milliseconds (whole seconds). */
export function offsetAt(ms: number, zone: string): number {
  const name = resolveZone(zone);
  if (name === 'UTC') return 0;
  const seconds = Math.floor(ms / 1000) * 1000;
  const parts: Record<string, string> = {};
  for (const p of formatterFor(name).formatToParts(new Date(seconds))) parts[p.type] = p.value;
  let year = Number(parts.year);
  if (parts.era === 'BC' || parts.era === 'B') year = 1 - year;
  const asUTC = Date.UTC(year, Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  // Date.UTC maps years 0–99 to 1900–1999.
  const fixed = year >= 0 && year < 100 ? new Date(asUTC).setUTCFullYear(year) : asUTC;
  return fixed - seconds;
}

/** The wall clock in `zone` at an instant. */
export function wallClock(ms: number, zone: string): WallClock {
  return utcFields(ms + offsetAt(ms, zone));
}

/**
 * The instant of a wall-clock date in `zone`, as Go's time.Date: fields out of range carry over,
 * and the offset is the one in force at the result (first guessed from the wall time itself).
 */
export function zonedDate(year: number, month: number, day: number, hour: number, minute: number, second: number, zone: string): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  d.setUTCHours(hour, minute, second, 0);
  const local = d.getTime();
  const guess = offsetAt(local, zone);
  if (guess === 0) return local;
  const utc = local - guess;
  const actual = offsetAt(utc, zone);
  return local - (actual === guess ? guess : actual);
}

/** Go's RFC 3339 form of an instant in a zone: `Z` for a zero offset, else the offset (`+01:00`). */
export function formatRFC3339InZone(ms: number, zone: string): string {
  const name = resolveZone(zone);
  const offset = offsetAt(ms, name);
  const w = utcFields(Math.floor(ms / 1000) * 1000 + offset);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const date = `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
  if (offset === 0) return `${date}Z`;
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset) / 60_000;
  return `${date}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

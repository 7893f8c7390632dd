// Go's time.ParseDuration, for cron's `@every <duration>`: a signed sequence of decimal numbers
// with units (ns, us, µs, ms, s, m, h), e.g. "1h30m" or "2.5s", with Go's error messages.
const UNITS: Readonly<Record<string, number>> = { ns: 1e-6, us: 1e-3, 'µs': 1e-3, 'μs': 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** Milliseconds, or Go's error message. */
export function parseGoDuration(text: string): number | string {
  const quoted = JSON.stringify(text);
  let s = text;
  let sign = 1;
  if (s[0] === '-' || s[0] === '+') {
    if (s[0] === '-') sign = -1;
    s = s.slice(1);
  }
  if (s === '0') return 0;
  if (s === '') return `time: invalid duration ${quoted}`;
  let total = 0;
  while (s !== '') {
    const number = /^(\d*)(\.\d*)?/.exec(s)!;
    if (!number[0] || number[0] === '.') return `time: invalid duration ${quoted}`;
    s = s.slice(number[0].length);
    const unit = /^[^\d.]*/.exec(s)![0];
    if (!unit) return `time: missing unit in duration ${quoted}`;
    const scale = UNITS[unit];
    if (scale === undefined) return `time: unknown unit ${JSON.stringify(unit)} in duration ${quoted}`;
    total += Number(number[0]) * scale;
    s = s.slice(unit.length);
  }
  return sign * total;
}

// Go's time.ParseDuration and Duration.String, so duration flags read and print as Kubernetes'
// do (30s, 1m0s, 8760h0m0s, 100ms). Values are held in milliseconds.

const unitMillis: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  'µs': 1e-3,
  'μs': 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

/** Parses a Go duration; throws an Error whose message matches Go's (`time: invalid duration "x"`). */
export function parseGoDuration(text: string): number {
  const invalid = () => new Error(`time: invalid duration ${JSON.stringify(text)}`);
  let rest = text;
  let sign = 1;
  if (rest.startsWith('-') || rest.startsWith('+')) {
    if (rest[0] === '-') sign = -1;
    rest = rest.slice(1);
  }
  if (rest === '0') return 0;
  if (rest === '') throw invalid();
  let total = 0;
  while (rest !== '') {
    const number = /^(\d*)(?:\.(\d*))?/.exec(rest);
    if (!number || number[0] === '' || number[0] === '.') throw invalid();
    rest = rest.slice(number[0].length);
    const unit = /^[^\d.]*/.exec(rest)![0];
    if (unit === '') throw new Error(`time: missing unit in duration ${JSON.stringify(text)}`);
    const factor = unitMillis[unit];
    if (factor === undefined) throw new Error(`time: unknown unit ${JSON.stringify(unit)} in duration ${JSON.stringify(text)}`);
    rest = rest.slice(unit.length);
    total += Number(number[0]) * factor;
  }
  return sign * total;
}

/** Formats milliseconds as Go's Duration.String does: 0s, 1.5s, 1m0s, 8760h0m0s, 100ms. */
export function formatGoDuration(millis: number): string {
  if (millis === 0) return '0s';
  const sign = millis < 0 ? '-' : '';
  let ms = Math.abs(millis);
  if (ms < 1000) {
    if (ms >= 1) return `${sign}${trim(ms)}ms`;
    if (ms >= 1e-3) return `${sign}${trim(ms * 1e3)}µs`;
    return `${sign}${trim(ms * 1e6)}ns`;
  }
  const hours = Math.floor(ms / 3_600_000);
  ms -= hours * 3_600_000;
  const minutes = Math.floor(ms / 60_000);
  ms -= minutes * 60_000;
  const seconds = `${trim(ms / 1000)}s`;
  if (hours > 0) return `${sign}${hours}h${minutes}m${seconds}`;
  if (minutes > 0) return `${sign}${minutes}m${seconds}`;
  return `${sign}${seconds}`;
}

function trim(n: number): string {
  return String(Number(n.toFixed(9)));
}

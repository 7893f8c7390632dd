// Ages as kubectl prints them in tables (Kubernetes' duration.HumanDuration), for every resource's
// AGE-style columns.
import { timeToDate } from '../../api/meta/v1/time.ts';

/** Kubernetes' duration.HumanDuration: `45s`, `5m10s`, `2d3h`, `3y`; `<invalid>` for the future. */
export function humanDuration(ms: number): string {
  const seconds = Math.trunc(ms / 1000);
  if (seconds < -1) return '<invalid>';
  if (seconds < 0) return '0s';
  if (seconds < 60 * 2) return `${seconds}s`;
  const minutes = Math.trunc(seconds / 60);
  if (minutes < 10) {
    const s = seconds % 60;
    return s === 0 ? `${minutes}m` : `${minutes}m${s}s`;
  }
  if (minutes < 60 * 3) return `${minutes}m`;
  const hours = Math.trunc(minutes / 60);
  if (hours < 8) {
    const m = minutes % 60;
    return m === 0 ? `${hours}h` : `${hours}h${m}m`;
  }
  if (hours < 48) return `${hours}h`;
  if (hours < 24 * 8) {
    const h = hours % 24;
    return h === 0 ? `${Math.trunc(hours / 24)}d` : `${Math.trunc(hours / 24)}d${h}h`;
  }
  if (hours < 24 * 365 * 2) return `${Math.trunc(hours / 24)}d`;
  if (hours < 24 * 365 * 8) {
    const dy = Math.trunc(hours / 24) % 365;
    const years = Math.trunc(hours / 24 / 365);
    return dy === 0 ? `${years}y` : `${years}y${dy}d`;
  }
  return `${Math.trunc(hours / 24 / 365)}y`;
}

/** `<unknown>` for an unset time, else the age relative to now. */
export function timestampSince(t: string | null | undefined, now: Date): string {
  const d = timeToDate(t);
  return d ? humanDuration(now.getTime() - d.getTime()) : '<unknown>';
}

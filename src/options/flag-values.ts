// Typed reads of parsed flag values (see flag.ts for the shape of each type), for the code that
// builds a daemon's parts from its options. A flag that is absent or of another type gives the
// fallback.
import type { FlagValues } from './flag.ts';

export function stringFlag(values: FlagValues, name: string, fallback = ''): string {
  const v = values[name];
  return typeof v === 'string' ? v : fallback;
}

export function numberFlag(values: FlagValues, name: string, fallback: number): number {
  const v = values[name];
  return typeof v === 'number' ? v : fallback;
}

export function boolFlag(values: FlagValues, name: string, fallback: boolean): boolean {
  const v = values[name];
  return typeof v === 'boolean' ? v : fallback;
}

/** A strings flag (or a single string, as one element); an empty single string is none. */
export function stringsFlag(values: FlagValues, name: string): string[] {
  const v = values[name];
  if (Array.isArray(v)) return v;
  return typeof v === 'string' && v !== '' ? [v] : [];
}

/** As stringsFlag, without empty elements (`--flag=a,,b` or `--flag=`). */
export function nonEmptyStringsFlag(values: FlagValues, name: string): string[] {
  return stringsFlag(values, name).filter((s) => s !== '');
}

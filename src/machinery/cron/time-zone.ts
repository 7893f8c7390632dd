// Whether a time zone name is one Go's time.LoadLocation finds: an IANA name in the system's zone
// database (/usr/share/zoneinfo), as the API server reads it, else in the database this runtime
// carries. Names are exact (case matters), as they are file names.
import { existsSync, statSync } from 'node:fs';
import { join, normalize } from 'node:path';

const ZONEINFO = '/usr/share/zoneinfo';
let known: Set<string> | undefined;

function runtimeZones(): Set<string> {
  known ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  return known;
}

export function isKnownTimeZone(name: string): boolean {
  if (name === 'UTC' || name === 'Local') return true;
  const file = normalize(join(ZONEINFO, name));
  if (file.startsWith(`${ZONEINFO}/`) && existsSync(file)) return statSync(file).isFile();
  return runtimeZones().has(name);
}

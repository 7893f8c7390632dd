// Reading JSON-lines files (audit logs) that a running server may be appending to.
import { existsSync, readFileSync } from 'node:fs';

/** The parsed complete lines of `file` ([] when it does not exist yet); a line still being written is left for the next read. */
export function readJsonLines<T = any>(file: string): T[] {
  if (!existsSync(file)) return [];
  const text = readFileSync(file, 'utf8');
  return text
    .slice(0, text.lastIndexOf('\n') + 1)
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as T);
}

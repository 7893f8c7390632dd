// Converts one textual flag value into its typed form (see flag.ts for the shapes). Errors carry
// the reason only; the parser wraps them into pflag's `invalid argument "v" for "--f" flag: ...`.
import type { FlagSpec, FlagValue } from './flag.ts';
import { parseGoDuration } from './go-duration.ts';
import { parseQuantity } from './quantity.ts';
import { parseGoBool, parseGoFloat, parseGoInt } from '../machinery/strconv.ts';

export function splitCommaList(text: string): string[] {
  if (text === '') return [];
  return splitOutsideQuotes(text, '"').map((part) => unquote(part.trim(), '"'));
}

/** Port range `N1-N2`, `N1+size` or a single port, as Kubernetes' PortRange accepts. */
export function parsePortRange(text: string): { base: number; size: number } {
  const fail = (why: string) => new Error(`${JSON.stringify(text)} is not a valid port range: ${why}`);
  const match = /^(\d+)(?:([-+])(\d+))?$/.exec(text.trim());
  if (!match) throw fail('want N1-N2');
  const base = Number(match[1]);
  let size = 1;
  if (match[2] === '-') size = Number(match[3]) - base + 1;
  else if (match[2] === '+') size = Number(match[3]) + 1;
  const high = base + size - 1;
  if (base < 0 || base > 65535 || high > 65535) throw fail('ports must be between 0 and 65535');
  if (size < 1) throw fail('the end of the range is lower than its start');
  return { base, size };
}

/** Reads `k=v,k2=v2` into pairs. Single- or double-quoted values may hold commas. */
export function parseKeyValueList(text: string, keyMayContainComma = false): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  let pendingKey = '';
  for (const raw of splitOutsideQuotes(text, '"\'')) {
    const part = pendingKey ? `${pendingKey},${raw.trim()}` : raw.trim();
    if (part === '') continue;
    const eq = part.indexOf('=');
    if (eq < 0) {
      if (keyMayContainComma) {
        pendingKey = part;
        continue;
      }
      throw new Error(`${JSON.stringify(part)} must be formatted as key=value`);
    }
    pendingKey = '';
    pairs.push([part.slice(0, eq).trim(), unquote(part.slice(eq + 1).trim(), '"\'')]);
  }
  if (pendingKey) throw new Error(`${JSON.stringify(pendingKey)} must be formatted as key=value`);
  return pairs;
}

/** Parses a single occurrence's text into the value that occurrence contributes. */
export function parseFlagValue(spec: FlagSpec, text: string): FlagValue {
  switch (spec.type) {
    case 'string':
      return text;
    case 'strings':
      return splitCommaList(text);
    case 'int':
      return parseGoInt(text);
    case 'float':
      return parseGoFloat(text);
    case 'duration':
      return parseGoDuration(text);
    case 'bool':
      return parseGoBool(text);
    case 'quantity':
      return parseQuantity(text);
    case 'map':
      return Object.fromEntries(parseKeyValueList(text, spec.keyMayContainComma));
    case 'range':
      return parsePortRange(text);
  }
}

function splitOutsideQuotes(text: string, quotes: string): string[] {
  const parts: string[] = [];
  let current = '';
  let open = '';
  for (const ch of text) {
    if (open) {
      if (ch === open) open = '';
    } else if (quotes.includes(ch)) {
      open = ch;
    } else if (ch === ',') {
      parts.push(current);
      current = '';
      continue;
    }
    current += ch;
  }
  parts.push(current);
  return parts;
}

function unquote(text: string, quotes: string): string {
  if (text.length >= 2 && quotes.includes(text[0]!) && text.at(-1) === text[0]) return text.slice(1, -1);
  return text;
}

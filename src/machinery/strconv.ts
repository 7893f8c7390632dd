// Numbers and booleans read from text as Go's strconv reads them, with its error messages:
// flags, feature gates and query parameters are parsed by Go in Kubernetes.

const TRUE_WORDS = new Set(['1', 't', 'T', 'TRUE', 'true', 'True']);
const FALSE_WORDS = new Set(['0', 'f', 'F', 'FALSE', 'false', 'False']);

/** Go's strconv.ParseBool. */
export function parseGoBool(text: string): boolean {
  if (TRUE_WORDS.has(text)) return true;
  if (FALSE_WORDS.has(text)) return false;
  throw new Error(`strconv.ParseBool: parsing ${JSON.stringify(text)}: invalid syntax`);
}

/** Go's strconv.ParseInt(text, 0, 64): decimal, 0x, 0o, 0b, with optional sign and underscores. */
export function parseGoInt(text: string): number {
  const fail = () => new Error(`strconv.ParseInt: parsing ${JSON.stringify(text)}: invalid syntax`);
  const match = /^([+-]?)(0[xX][0-9a-fA-F_]+|0[oO][0-7_]+|0[bB][01_]+|[0-9_]+)$/.exec(text);
  if (!match || match[2]!.startsWith('_') || match[2]!.endsWith('_') || match[2]!.includes('__')) throw fail();
  const body = match[2]!.replace(/_/g, '');
  const value = /^0[0-7]+$/.test(body) ? parseInt(body, 8) : Number(body);
  if (!Number.isSafeInteger(value)) {
    throw new Error(`strconv.ParseInt: parsing ${JSON.stringify(text)}: value out of range`);
  }
  return match[1] === '-' ? -value : value;
}

export function parseGoFloat(text: string): number {
  const trimmed = text.trim();
  const value = Number(trimmed);
  if (trimmed === '' || trimmed !== text || Number.isNaN(value) || /^0[xob]/i.test(trimmed)) {
    throw new Error(`strconv.ParseFloat: parsing ${JSON.stringify(text)}: invalid syntax`);
  }
  return value;
}

/** Splits a comma list as pflag's CSV reader does: double-quoted fields may hold commas. */

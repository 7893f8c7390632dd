// Query strings and decoded query parameters as Go writes and reads them: url.Values.Encode
// (keys sorted, QueryEscape) for the requests passed on, and the parameter conversions of
// apimachinery for options read from a request (bools, int64s, strings), with Go's error texts.
import { goQuote } from '../../../../machinery/validation/go-format.ts';

/** Go's url.QueryEscape: everything but letters, digits and -_.~ escaped, a space as '+'. */
export function goQueryEscape(s: string): string {
  return encodeURIComponent(s)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/** url.Values.Encode: keys in byte order, each key's values in their order. */
export function encodeGoQuery(values: ReadonlyArray<readonly [string, string]>): string {
  const keys = [...new Set(values.map(([k]) => k))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const parts: string[] = [];
  for (const key of keys) for (const [k, v] of values) if (k === key) parts.push(`${goQueryEscape(k)}=${goQueryEscape(v)}`);
  return parts.join('&');
}

/** A bool option: absent is false; present, anything but "0" or "false" (any case) is true. */
export function queryBool(query: URLSearchParams, name: string): boolean {
  const value = query.get(name);
  if (value === null) return false;
  return !(value === '0' || value.toLowerCase() === 'false');
}

/** The first value of a string option ('' when absent). */
export function queryString(query: URLSearchParams, name: string): string {
  return query.get(name) ?? '';
}

const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);

/**
 * An optional int64 option: undefined when absent or empty; a value Go's strconv.ParseInt refuses
 * throws its error text.
 */
export function queryInt64(query: URLSearchParams, name: string): number | undefined {
  const text = query.get(name);
  if (text === null || text === '') return undefined;
  if (!/^[+-]?\d+$/.test(text)) throw new Error(`strconv.ParseInt: parsing ${goQuote(text)}: invalid syntax`);
  const n = BigInt(text);
  if (n > INT64_MAX || n < INT64_MIN) throw new Error(`strconv.ParseInt: parsing ${goQuote(text)}: value out of range`);
  return Number(n);
}

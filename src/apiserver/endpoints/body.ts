// Reading and decoding request bodies: size limit (413), media type (415), syntax and nesting
// depth (400), and duplicate JSON keys for fieldValidation.
import { parse as parseYaml } from '../../machinery/lazy/yaml.ts';
import type { Request } from '../../component-base/serving/request-context.ts';
import { badRequest, requestEntityTooLarge, unsupportedMediaType } from '../../machinery/status.ts';
import { decodeBody as decodeWithCodecs } from '../../machinery/codecs/body.ts';
import { checkDecodedDepth, MAX_DECODE_DEPTH } from '../../machinery/codecs/depth.ts';
import { parseMediaType } from '../../machinery/codecs/media-types.ts';

/** Kubernetes' default --max-request-bytes for write bodies. */
export const MAX_BODY_BYTES = 3 * 1024 * 1024;

/**
 * Reads a whole request body. Listens for data directly: the stream's async iterator costs more
 * than the read itself for the small bodies of an API write.
 */
export function readBody(req: Request, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (declared > limit) {
    req.resume();
    return Promise.reject(requestEntityTooLarge(`Request entity too large: limit is ${limit}`));
  }
  if (req.readableEnded) return Promise.resolve(Buffer.alloc(0));
  if (req.destroyed) return Promise.reject(prematureClose());
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (err?: Error) => {
      if (settled) return;
      settled = true;
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('close', onClose);
      if (err) reject(err);
      else resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        settle(requestEntityTooLarge(`Request entity too large: limit is ${limit}`));
        // Stop reading an oversized body: drain what is buffered and end the stream.
        req.resume();
        req.destroy();
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => settle();
    // Closed before its end: the client went away mid-body.
    const onClose = () => settle(prematureClose());
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('close', onClose);
    // Kept after settling, so that a late stream error is not an uncaught exception.
    req.on('error', (err: Error) => settle(err));
  });
}

function prematureClose(): Error {
  return Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
}

export interface Decoded {
  value: unknown;
  /** Dotted paths of keys that appear twice in one object. */
  duplicates: string[];
}

/**
 * The media type of a Content-Type, lower-cased without parameters; "" when the header is absent
 * or empty. A header that does not parse as a media type (";", "application/json; charset") is
 * refused with 415, as Kubernetes refuses what mime.ParseMediaType rejects.
 */
export function baseMediaType(contentType: string | undefined): string {
  if (contentType === undefined || contentType.trim() === '') return '';
  const parsed = parseMediaType(contentType);
  if (!parsed) throw unsupportedMediaType(contentType);
  return `${parsed.type}/${parsed.subtype}`;
}

/**
 * Decodes a JSON, YAML or protobuf body (the Content-Type decides; none means JSON). Every
 * decoded value passes the one nesting limit before anything walks it.
 */
export function decodeBody(contentType: string | undefined, body: Buffer, kindForErrors: string): Decoded {
  const decoded = decodeByType(contentType, body, kindForErrors);
  checkDecodedDepth(decoded.value, `the object provided is unrecognized (must be of type ${kindForErrors})`);
  if (decoded.text !== undefined) {
    const text = decoded.text;
    return { value: decoded.value, duplicates: keyCount(text) === parsedKeyCount(decoded.value) ? [] : findDuplicateKeys(text) };
  }
  return { value: decoded.value, duplicates: [] };
}

/** The value of a body, and its text when it was JSON (duplicate keys are looked for there). */
function decodeByType(contentType: string | undefined, body: Buffer, kindForErrors: string): { value: unknown; text?: string } {
  const type = baseMediaType(contentType);
  if (type === '' || type === 'application/json' || type.endsWith('+json')) {
    const text = body.toString('utf8');
    try {
      return { value: JSON.parse(text), text };
    } catch (err) {
      throw badRequest(`the object provided is unrecognized (must be of type ${kindForErrors}): couldn't get version/kind; json parse error: ${(err as Error).message}`);
    }
  }
  if (type === 'application/yaml' || type.endsWith('+yaml')) {
    return { value: parseYamlBody(body.toString('utf8'), `the object provided is unrecognized (must be of type ${kindForErrors}): error converting YAML to JSON`) };
  }
  if (type === 'application/vnd.orch.protobuf' || type === 'application/vnd.kubernetes.protobuf') {
    return { value: decodeWithCodecs(contentType, body) };
  }
  throw unsupportedMediaType(contentType ?? '');
}

/**
 * Parses a YAML body. Aliases are bounded (the library's default of 100, stated here because it is
 * what refuses "billion laughs" expansions), and a parser that runs out of stack on deep flow
 * collections is answered as too deep rather than with its RangeError.
 */
function parseYamlBody(text: string, what: string): unknown {
  try {
    return parseYaml(text, { uniqueKeys: false, maxAliasCount: 100 });
  } catch (err) {
    const message = (err as Error).message;
    // The parser reports its own stack overflow as a parse error at the position it reached.
    if (err instanceof RangeError || message.startsWith('Maximum call stack size exceeded')) {
      throw badRequest(`${what}: exceeded max depth of ${MAX_DECODE_DEPTH}`);
    }
    throw badRequest(`${what}: ${message.split('\n')[0]}`);
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;

const COLON = 0x3a;

/**
 * The number of object keys written in valid JSON text: strings followed by a colon. Equal to
 * the keys JSON.parse kept unless one was repeated, so the common case costs one scan that
 * allocates nothing.
 */
function keyCount(text: string): number {
  let count = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    if (text.charCodeAt(i) !== QUOTE) continue;
    let j = i + 1;
    while (j < n) {
      const d = text.charCodeAt(j);
      if (d === QUOTE) break;
      j += d === BACKSLASH ? 2 : 1;
    }
    i = j + 1;
    while (i < n && (text.charCodeAt(i) <= 0x20)) i++;
    if (text.charCodeAt(i) === COLON) count++;
  }
  return count;
}

/** The number of object keys in a parsed JSON value. */
function parsedKeyCount(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  let count = 0;
  if (Array.isArray(value)) {
    for (const item of value) count += parsedKeyCount(item);
    return count;
  }
  for (const key in value) count += 1 + parsedKeyCount((value as Record<string, unknown>)[key]);
  return count;
}

/** Scans JSON text for keys repeated within one object; returns their dotted paths. */
export function findDuplicateKeys(text: string): string[] {
  if (!text.includes('"')) return [];
  const out: string[] = [];
  const stack: Array<{ keys: Set<string> | undefined; path: string; pendingKey?: string }> = [];
  let i = 0;
  let expectKey = false;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      let j = i + 1;
      let escaped = false;
      while (j < n) {
        const d = text.charCodeAt(j);
        if (d === QUOTE) break;
        if (d === BACKSLASH) {
          escaped = true;
          j += 2;
        } else j++;
      }
      const top = stack[stack.length - 1];
      if (expectKey && top?.keys) {
        const key = escaped || j >= n ? (JSON.parse(text.slice(i, j + 1)) as string) : text.slice(i + 1, j);
        if (top.keys.has(key)) out.push(top.path ? `${top.path}.${key}` : key);
        top.keys.add(key);
        top.pendingKey = key;
        expectKey = false;
      }
      i = j + 1;
      continue;
    }
    if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      const parent = stack[stack.length - 1];
      const seg = parent?.keys ? parent.pendingKey : undefined;
      const path = parent ? (seg !== undefined ? (parent.path ? `${parent.path}.${seg}` : seg) : parent.path) : '';
      stack.push({ keys: c === OPEN_BRACE ? new Set() : undefined, path });
      expectKey = c === OPEN_BRACE;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      stack.pop();
      expectKey = false;
    } else if (c === COMMA) {
      expectKey = !!stack[stack.length - 1]?.keys;
    }
    i++;
  }
  return out;
}

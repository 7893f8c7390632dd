// Reading and decoding request bodies: size limit (413), media type (415), syntax (400), and
// duplicate JSON keys for fieldValidation.
import { parse as parseYaml } from 'yaml';
import type { Request } from '../server/request-context.ts';
import { badRequest, requestEntityTooLarge, unsupportedMediaType } from '../../machinery/status.ts';
import { decodeBody as decodeWithCodecs } from '../../machinery/codecs/body.ts';

/** Kubernetes' default --max-request-bytes for write bodies. */
export const MAX_BODY_BYTES = 3 * 1024 * 1024;

export async function readBody(req: Request, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (declared > limit) {
    req.resume();
    throw requestEntityTooLarge(`Request entity too large: limit is ${limit}`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      req.resume();
      throw requestEntityTooLarge(`Request entity too large: limit is ${limit}`);
    }
    chunks.push(chunk);
  }
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
}

export interface Decoded {
  value: unknown;
  /** Dotted paths of keys that appear twice in one object. */
  duplicates: string[];
}

export function baseMediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

/** Decodes a JSON, YAML or protobuf body (the Content-Type decides; none means JSON). */
export function decodeBody(contentType: string | undefined, body: Buffer, kindForErrors: string): Decoded {
  const type = baseMediaType(contentType);
  const text = body.toString('utf8');
  if (type === '' || type === 'application/json' || type.endsWith('+json')) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (err) {
      throw badRequest(`the object provided is unrecognized (must be of type ${kindForErrors}): couldn't get version/kind; json parse error: ${(err as Error).message}`);
    }
    return { value, duplicates: findDuplicateKeys(text) };
  }
  if (type === 'application/yaml' || type.endsWith('+yaml')) {
    try {
      return { value: parseYaml(text, { uniqueKeys: false }), duplicates: [] };
    } catch (err) {
      throw badRequest(`the object provided is unrecognized (must be of type ${kindForErrors}): error converting YAML to JSON: ${(err as Error).message.split('\n')[0]}`);
    }
  }
  if (type === 'application/vnd.orch.protobuf' || type === 'application/vnd.kubernetes.protobuf') {
    return { value: decodeWithCodecs(contentType, body), duplicates: [] };
  }
  throw unsupportedMediaType(contentType ?? '');
}

/** Scans JSON text for keys repeated within one object; returns their dotted paths. */
export function findDuplicateKeys(text: string): string[] {
  if (!text.includes('"')) return [];
  const out: string[] = [];
  const stack: Array<{ keys: Set<string> | undefined; path: string; pendingKey?: string }> = [];
  let i = 0;
  let expectKey = false;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      const top = stack[stack.length - 1];
      if (expectKey && top?.keys) {
        const key = JSON.parse(text.slice(i, j + 1)) as string;
        if (top.keys.has(key)) out.push(top.path ? `${top.path}.${key}` : key);
        top.keys.add(key);
        top.pendingKey = key;
        expectKey = false;
      }
      i = j + 1;
      continue;
    }
    if (c === '{' || c === '[') {
      const parent = stack[stack.length - 1];
      const seg = parent?.keys ? parent.pendingKey : undefined;
      const path = parent ? (seg !== undefined ? (parent.path ? `${parent.path}.${seg}` : seg) : parent.path) : '';
      stack.push({ keys: c === '{' ? new Set() : undefined, path });
      expectKey = c === '{';
    } else if (c === '}' || c === ']') {
      stack.pop();
      expectKey = false;
    } else if (c === ',') {
      expectKey = !!stack[stack.length - 1]?.keys;
    }
    i++;
  }
  return out;
}

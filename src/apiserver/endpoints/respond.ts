// Writes an API object in the negotiated form, with Warning headers and gzip for large bodies.
import { gzip } from 'node:zlib';
import { promisify } from 'node:util';
import { stringify as toYaml } from 'yaml';
import type { Request, Response } from '../server/request-context.ts';
import { wantsPretty } from '../server/responses.ts';
import type { MediaType } from './negotiation.ts';

const gzipAsync = promisify(gzip);

/** Bodies at least this large are compressed when the client accepts gzip (as Kubernetes). */
export const GZIP_THRESHOLD = 128 * 1024;

export function encodeObject(req: Request, mediaType: MediaType, obj: unknown): string {
  if (mediaType === 'application/yaml') return toYaml(obj);
  return (wantsPretty(req) ? JSON.stringify(obj, null, 2) : JSON.stringify(obj)) + '\n';
}

/** One `Warning: 299 - "..."` header per warning, as Kubernetes sends them. */
export function setWarnings(res: Response, warnings: readonly string[]): void {
  if (!warnings.length || res.headersSent) return;
  res.setHeader('Warning', warnings.map((w) => `299 - ${JSON.stringify(w)}`));
}

export async function writeObject(
  req: Request,
  res: Response,
  code: number,
  obj: unknown,
  mediaType: MediaType,
  warnings: readonly string[] = [],
): Promise<void> {
  let body: string | Buffer = encodeObject(req, mediaType, obj);
  setWarnings(res, warnings);
  res.statusCode = code;
  res.setHeader('Content-Type', mediaType);
  res.setHeader('Cache-Control', 'no-cache, private');
  if (body.length >= GZIP_THRESHOLD && acceptsGzip(req)) {
    body = await gzipAsync(body);
    res.setHeader('Content-Encoding', 'gzip');
  }
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
}

function acceptsGzip(req: Request): boolean {
  const enc = req.headers['accept-encoding'];
  return typeof enc === 'string' && /\bgzip\b/.test(enc);
}

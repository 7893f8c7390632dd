// Writing JSON bodies, Status errors and streamed chunks, shared by the filters and the REST handlers so every
// error leaves the server in one shape.
import type { ServerResponse } from 'node:http';
import type { Status, StatusError } from '../../machinery/status.ts';
import { encodeBody } from '../../machinery/codecs/body.ts';
import { jsonMediaType, type MediaType } from '../../machinery/codecs/media-types.ts';
import { negotiateStatusOutput, wantsPretty as prettyForAgent } from '../../machinery/codecs/negotiate.ts';
import type { Request, Response } from './request-context.ts';

/** As Kubernetes: a `pretty` query parameter decides, else browsers and curl get indented JSON. */
export function wantsPretty(req: Request): boolean {
  const url = req.url ?? '';
  const q = url.indexOf('?');
  const param = q >= 0 ? new URLSearchParams(url.slice(q + 1)).get('pretty') : null;
  return prettyForAgent(req.headers['user-agent'], param);
}

/**
 * Adds one `Warning: 299 - "..."` header per warning, as Kubernetes sends them, after those set
 * already (admission's come first); a warning already there is not repeated.
 */
export function setWarnings(res: Response, warnings: readonly string[]): void {
  if (!warnings.length || res.headersSent) return;
  const formatted = warnings.map((w) => `299 - ${JSON.stringify(w)}`);
  const earlier = res.getHeader('Warning');
  if (earlier === undefined) {
    res.setHeader('Warning', formatted);
    return;
  }
  const kept = Array.isArray(earlier) ? earlier.map(String) : [String(earlier)];
  res.setHeader('Warning', [...kept, ...formatted.filter((w) => !kept.includes(w))]);
}

/** Writes `body` as JSON with status `code`; a response already started is only ended. */
export function writeJson(req: Request, res: Response, code: number, body: unknown): void {
  if (res.headersSent) {
    if (!res.writableEnded) res.end();
    return;
  }
  const text = (wantsPretty(req) ? JSON.stringify(body, null, 2) : JSON.stringify(body)) + '\n';
  writeBody(res, code, 'application/json', text);
}

function writeBody(res: Response, code: number, contentType: string, body: string | Buffer): void {
  res.statusCode = code;
  res.setHeader('Content-Type', contentType);
  res.setHeader('Cache-Control', 'no-cache, private');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
}

/**
 * Writes the Status an error carries, in the form the client accepts (protobuf, YAML or JSON);
 * retryAfterSeconds also becomes a Retry-After header.
 */
export function writeStatus(req: Request, res: Response, err: StatusError): void {
  const retry = err.status.details?.retryAfterSeconds;
  if (retry !== undefined && retry > 0 && !res.headersSent) res.setHeader('Retry-After', String(retry));
  const form = negotiateStatusOutput(req.headers.accept);
  const body = form.mediaType === jsonMediaType || res.headersSent ? undefined : encodeStatus(form.mediaType, err.status);
  if (body) writeBody(res, err.status.code, form.contentType, body);
  else writeJson(req, res, err.status.code, err.status);
}

/** The Status encoded, or undefined when it cannot be: the error then goes out as JSON, never lost. */
function encodeStatus(mediaType: MediaType, status: Status): Buffer | undefined {
  try {
    return encodeBody(mediaType, status as unknown as Record<string, unknown>);
  } catch {
    return undefined;
  }
}

/** Plain text answers (health checks, pprof index). */
export function writeText(res: Response, code: number, text: string, contentType = 'text/plain; charset=utf-8'): void {
  if (res.headersSent) {
    if (!res.writableEnded) res.end();
    return;
  }
  res.setHeader('X-Content-Type-Options', 'nosniff');
  writeBody(res, code, contentType, text);
}

/** Writes part of a streamed body (watch events); false when the client should be given time to drain. */
export function writeChunk(res: Response, chunk: string | Buffer): boolean {
  return (res as ServerResponse).write(chunk);
}

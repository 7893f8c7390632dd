// Writes an API object in the negotiated form, with Warning headers and gzip for large bodies.
import type { Request, Response } from '../../component-base/serving/request-context.ts';
import { encodeBody } from '../../machinery/codecs/body.ts';
import { maybeGzip } from '../../machinery/codecs/gzip.ts';
import { setWarnings, wantsPretty } from '../../component-base/serving/responses.ts';
import type { OutputChoice } from './negotiation.ts';
import { recordResponseObject } from '../audit/request-audit.ts';

export function prettyFor(req: Request, choice: OutputChoice): boolean {
  return choice.pretty === true || wantsPretty(req);
}

export function writeObject(
  req: Request,
  res: Response,
  code: number,
  obj: Record<string, unknown> | object,
  choice: OutputChoice,
  warnings: readonly string[] = [],
): void {
  const encoded = encodeBody(choice.mediaType, obj as Record<string, unknown>, prettyFor(req, choice));
  writeEncoded(req, res, code, obj, encoded, choice, warnings);
}

/** Writes `encoded`, the negotiated encoding of `obj`. */
export function writeEncoded(
  req: Request,
  res: Response,
  code: number,
  obj: Record<string, unknown> | object,
  encoded: Buffer,
  choice: OutputChoice,
  warnings: readonly string[] = [],
): void {
  recordResponseObject(req, obj);
  const { body, encoding } = maybeGzip(req.headers['accept-encoding'], encoded);
  setWarnings(res, warnings);
  res.statusCode = code;
  res.setHeader('Content-Type', choice.contentType);
  res.setHeader('Cache-Control', 'no-cache, private');
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', body.length);
  res.end(body);
}

// Parses the path once into RequestInfo (Kubernetes' RequestInfoFactory) and marks long-running
// requests so later filters (in-flight limit, timeout, shutdown) can tell watches apart.
import { internalError } from '../../machinery/status.ts';
import { requestContext, type Handler, type Request } from '../server/request-context.ts';
import { isLongRunning, parseRequestInfo, RequestInfoError } from '../server/request-info.ts';
import { writeStatus } from '../server/responses.ts';

/** The parts of a request's URL the server reads. */
export interface RequestURL {
  pathname: string;
  searchParams: URLSearchParams;
}

// Several filters read the URL of one request; it is parsed once per request and URL string.
const PARSED_URL = Symbol('orch.parsedURL');
type WithParsedURL = Request & { [PARSED_URL]?: { raw: string; url: RequestURL } };

// A path the WHATWG parser would give back unchanged: plain characters, no dot segments, not
// starting with "//" (which it would read as a host).
const PLAIN_PATH = /^\/(?!\/)[A-Za-z0-9\-._~!$&'()*+,;=:@%/]*$/;
const DOT_SEGMENT = /(^|\/)\.{1,2}(\/|$)/;

/** Parses a request target as `new URL(raw, base)` would, without the full parser for the common case. */
export function parseRequestURL(raw: string): RequestURL {
  const q = raw.indexOf('?');
  const path = q < 0 ? raw : raw.slice(0, q);
  if (PLAIN_PATH.test(path) && !DOT_SEGMENT.test(path) && !raw.includes('#')) {
    return { pathname: path, searchParams: new URLSearchParams(q < 0 ? '' : raw.slice(q + 1)) };
  }
  const url = new URL(raw, 'https://localhost');
  return { pathname: url.pathname, searchParams: url.searchParams };
}

/** The request's URL, parsed once per request (treat it as read-only). */
export function requestURL(req: Request): RequestURL {
  const raw = req.url ?? '/';
  const hit = (req as WithParsedURL)[PARSED_URL];
  if (hit && hit.raw === raw) return hit.url;
  const url = parseRequestURL(raw);
  (req as WithParsedURL)[PARSED_URL] = { raw, url };
  return url;
}

function decodedPath(url: RequestURL): string {
  // Nearly every path has nothing escaped.
  if (!url.pathname.includes('%')) return url.pathname;
  try {
    return decodeURIComponent(url.pathname);
  } catch {
    return url.pathname;
  }
}

export function withRequestInfo(handler: Handler): Handler {
  return (req, res) => {
    const ctx = requestContext(req);
    ctx.startTime ??= performance.now();
    const url = requestURL(req);
    try {
      ctx.requestInfo = parseRequestInfo(req.method ?? 'GET', decodedPath(url), url.searchParams);
    } catch (err) {
      if (err instanceof RequestInfoError) {
        writeStatus(req, res, internalError(`failed to create RequestInfo: ${err.message}`));
        return;
      }
      throw err;
    }
    ctx.longRunning = isLongRunning(ctx.requestInfo);
    return handler(req, res);
  };
}

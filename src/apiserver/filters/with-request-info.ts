// Parses the path once into RequestInfo (Kubernetes' RequestInfoFactory) and marks long-running
// requests so later filters (in-flight limit, timeout, shutdown) can tell watches apart.
import { badRequest } from '../../machinery/status.ts';
import { requestContext, type Handler, type Request } from '../../component-base/serving/request-context.ts';
import { isLongRunning, parseRequestInfo, RequestInfoError } from '../server/request-info.ts';
import { writeStatus } from '../../component-base/serving/responses.ts';

/** The parts of a request's URL the server reads. */
export interface RequestURL {
  pathname: string;
  searchParams: URLSearchParams;
}

// Several filters read the URL of one request; it is parsed once per request and URL string.
const PARSED_URL = Symbol('orch.parsedURL');
type WithParsedURL = Request & { [PARSED_URL]?: { raw: string; url: RequestURL } };

// An absolute-form request target ("https://host/path"), which HTTP/1.1 allows: the path is
// what follows the authority.
const ABSOLUTE_FORM = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?]*/;

/**
 * Splits a request target into its path and query as Go's url.ParseRequestURI does. The path is
 * kept exactly as sent: no dot segments resolved, no backslashes turned, no "#" cut. Resolving
 * "." or ".." would make the request that authorization judges and the one a handler serves
 * differ (DELETE …/configmaps/. would name the collection); Kubernetes never normalises the path
 * it authorizes, and names "." and ".." are refused where an object is addressed.
 */
export function parseRequestURL(raw: string): RequestURL {
  const q = raw.indexOf('?');
  let path = q < 0 ? raw : raw.slice(0, q);
  if (!path.startsWith('/')) {
    const authority = ABSOLUTE_FORM.exec(path);
    if (authority) path = path.slice(authority[0].length) || '/';
  }
  return { pathname: path, searchParams: new URLSearchParams(q < 0 ? '' : raw.slice(q + 1)) };
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

/** The path unescaped, as Go's URL.Path; undefined when an escape is malformed (Go refuses the request). */
function decodedPath(url: RequestURL): string | undefined {
  // Nearly every path has nothing escaped.
  if (!url.pathname.includes('%')) return url.pathname;
  try {
    return decodeURIComponent(url.pathname);
  } catch {
    return undefined;
  }
}

export function withRequestInfo(handler: Handler): Handler {
  return (req, res) => {
    const ctx = requestContext(req);
    ctx.startTime ??= performance.now();
    const url = requestURL(req);
    const path = decodedPath(url);
    if (path === undefined) {
      writeStatus(req, res, badRequest(`invalid URL escape in path ${JSON.stringify(url.pathname)}`));
      return;
    }
    try {
      ctx.requestInfo = parseRequestInfo(req.method ?? 'GET', path, url.searchParams);
    } catch (err) {
      // Kubernetes answers these 500; they are the client's malformed path, so orch answers 400.
      if (err instanceof RequestInfoError) {
        writeStatus(req, res, badRequest(`failed to create RequestInfo: ${err.message}`));
        return;
      }
      throw err;
    }
    ctx.longRunning = isLongRunning(ctx.requestInfo);
    return handler(req, res);
  };
}

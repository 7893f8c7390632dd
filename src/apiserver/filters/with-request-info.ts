// Parses the path once into RequestInfo (Kubernetes' RequestInfoFactory) and marks long-running
// requests so later filters (in-flight limit, timeout, shutdown) can tell watches apart.
import { internalError } from '../../machinery/status.ts';
import { requestContext, type Handler, type Request } from '../server/request-context.ts';
import { isLongRunning, parseRequestInfo, RequestInfoError } from '../server/request-info.ts';
import { writeStatus } from '../server/responses.ts';

// Several filters read the URL of one request; it is parsed once per request and URL string.
const parsedURLs = new WeakMap<Request, { raw: string; url: URL }>();

/** The request's URL, parsed once per request (treat it as read-only). */
export function requestURL(req: Request): URL {
  const raw = req.url ?? '/';
  const hit = parsedURLs.get(req);
  if (hit && hit.raw === raw) return hit.url;
  const url = new URL(raw, 'https://localhost');
  parsedURLs.set(req, { raw, url });
  return url;
}

function decodedPath(url: URL): string {
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

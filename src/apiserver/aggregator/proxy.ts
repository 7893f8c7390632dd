// Passes a request for a remote APIService's group-version on to its server, as Kubernetes'
// aggregator proxy does once the request is authenticated and authorized here: 503 "service
// unavailable" while the APIService is not Available or its service cannot be resolved; the
// request's method, path, query, headers and body otherwise, without the client's credentials,
// with the requesting user in the identity headers and this server's proxy client certificate;
// the response's status, headers and body back as they arrive, so watches and other long-running
// requests stream. With --aggregator-reject-forwarding-redirect a redirect from the server becomes
// a 502 rather than being handed to the client. Errors are plain text, as Go's http.Error writes.
import type { Readable } from 'node:stream';
import type { APIService } from '../../api/apiregistration/v1/types.ts';
import { availableCondition, DEFAULT_SERVICE_PORT } from '../../api/apiregistration/v1/types.ts';
import { klog } from '../../component-base/logs/klog.ts';
import { requestContext, type Request, type Response } from '../../component-base/serving/request-context.ts';
import { forwardedHeaders, isHopByHopResponseHeader } from '../registry/core/connect/forwarded-headers.ts';
import { pipeToResponse } from '../registry/core/connect/response-pipe.ts';
import { callBackend } from './backend-client.ts';
import { identityHeaders, isIdentityHeader, type IdentityHeaderNames } from './identity-headers.ts';
import { hostPort, type ServiceResolver } from './resolver.ts';
import { backendTls, type ProxyClientCertificate } from './transport.ts';
import type { EgressDialer } from '../egress/selector.ts';

const log = klog('aggregator/proxy');
const REDIRECT_REFUSED = 'the backend attempted to redirect this request, which is not permitted';
const CORS_HEADERS = new Set(['access-control-allow-credentials', 'access-control-allow-headers', 'access-control-allow-methods', 'access-control-allow-origin']);

export interface ProxyDeps {
  resolve: ServiceResolver;
  clientCertificate?: ProxyClientCertificate;
  /** The egress selector's cluster dialer; none: backends are dialled directly. */
  clusterDialer?: EgressDialer;
  identity: IdentityHeaderNames;
  rejectForwardingRedirects: boolean;
}

/** Go's http.Error: the text and a newline, as text/plain. */
export function plainError(res: Response, code: number, text: string): void {
  if (res.headersSent) {
    if (!res.writableEnded) res.end();
    return;
  }
  const body = `${text}\n`;
  res.statusCode = code;
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
}

function bodyOf(req: Request): Readable {
  return 'stream' in req ? req.stream : req;
}

/** Path and query as Go re-encodes them: the query's keys sorted. */
function pathAndQuery(url: string): string {
  const parsed = new URL(url, 'https://x');
  parsed.searchParams.sort();
  const query = parsed.searchParams.toString();
  return `${parsed.pathname}${query ? `?${query}` : ''}`;
}

export async function proxyToApiService(req: Request, res: Response, api: APIService, deps: ProxyDeps): Promise<void> {
  if (availableCondition(api)?.status !== 'True') return plainError(res, 503, 'service unavailable');
  const ctx = requestContext(req);
  if (!ctx.user) return plainError(res, 500, 'missing user');
  const service = api.spec.service!;
  let target;
  try {
    target = await deps.resolve(service.namespace ?? '', service.name ?? '', service.port ?? DEFAULT_SERVICE_PORT);
  } catch (err) {
    log.error('Resolving the service of an APIService failed', { apiservice: api.metadata.name, service: `${service.namespace}/${service.name}`, err: (err as Error).message });
    return plainError(res, 503, 'service unavailable');
  }
  const headers = forwardedHeaders(req, hostPort(target), false).filter(([name]) => !isIdentityHeader(name, deps.identity));
  headers.push(...identityHeaders(ctx.user, deps.identity));
  const method = req.method ?? 'GET';
  let backend;
  try {
    backend = await callBackend(target, backendTls(api, deps.clientCertificate, deps.clusterDialer), {
      method,
      path: pathAndQuery(req.url ?? '/'),
      headers,
      body: method === 'GET' || method === 'HEAD' ? undefined : bodyOf(req),
      signal: ctx.signal,
    });
  } catch (err) {
    return plainError(res, 503, (err as Error).message);
  }
  const code = backend.statusCode ?? 502;
  if (deps.rejectForwardingRedirects && code >= 300 && code <= 399 && backend.headers.location) {
    backend.destroy();
    return plainError(res, 502, REDIRECT_REFUSED);
  }
  res.statusCode = code;
  const passed = new Map<string, { name: string; values: string[] }>();
  for (let i = 0; i + 1 < backend.rawHeaders.length; i += 2) {
    const name = backend.rawHeaders[i]!;
    const lower = name.toLowerCase();
    if (isHopByHopResponseHeader(name) || CORS_HEADERS.has(lower)) continue;
    const entry = passed.get(lower) ?? { name, values: [] };
    entry.values.push(backend.rawHeaders[i + 1]!);
    passed.set(lower, entry);
  }
  for (const { name, values } of passed.values()) res.setHeader(name, values.length === 1 ? values[0]! : values);
  // The head goes at once: a watch's client waits for it before the first event.
  res.flushHeaders();
  await pipeToResponse(backend, res, ctx.signal);
}

// Traces each request as Kubernetes' WithTracing does: one server span per request, named
// "<METHOD> /api[s]/[<group>/]<version>[/namespaces/{:namespace}]/<resource>[/{:name}][/<sub>]"
// for a resource request and by its method otherwise, carrying the HTTP attributes, the verb and
// resource, the user agent, the Audit-Id and the response's status. The incoming traceparent is
// the span's parent only when the user is trusted with it (system:masters, system:monitoring);
// anyone else's becomes a link from a trace of our own, so a client cannot choose our trace ids
// or sampling. It sits after authentication, which names the user.
import { SpanKind, SpanStatusCode, trace, ROOT_CONTEXT, type Attributes, type Link, type Tracer } from '@opentelemetry/api';
import { requestContext, type Handler, type Request, type RequestInfo } from '../../component-base/serving/request-context.ts';
import { onResponseDone } from '../server/response-done.ts';
import { incomingTraceContext, runInSpan } from './propagation.ts';

const TRUSTED_GROUPS = new Set(['system:masters', 'system:monitoring']);

/** Kubernetes caps the user agent its spans record. */
const MAX_USER_AGENT_LENGTH = 256;

export function spanName(method: string, info: RequestInfo | undefined): string {
  if (!info?.isResourceRequest) return method;
  let path = `/${info.apiPrefix}`;
  if (info.apiGroup) path += `/${info.apiGroup}`;
  path += `/${info.apiVersion}`;
  if (info.namespace) path += '/namespaces/{:namespace}';
  path += `/${info.resource}`;
  if (info.name) path += '/{:name}';
  if (info.subresource) path += `/${info.subresource}`;
  return `${method} ${path}`;
}

function header(req: Request, name: string): string {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}

function requestAttributes(req: Request, info: RequestInfo | undefined, auditID: string | undefined): Attributes {
  const userAgent = header(req, 'user-agent');
  const host = header(req, ':authority') || header(req, 'host');
  const attributes: Attributes = {
    'http.method': req.method ?? 'GET',
    'http.scheme': 'https',
    'http.target': req.url ?? '/',
    'http.flavor': req.httpVersion,
    'net.host.name': host.replace(/:\d+$/, ''),
    'user-agent': userAgent.length > MAX_USER_AGENT_LENGTH ? `${userAgent.slice(0, MAX_USER_AGENT_LENGTH)}...` : userAgent,
    'http.user_agent': userAgent,
    'audit-id': auditID ?? '',
  };
  if (info) {
    attributes['verb'] = info.verb;
    if (info.isResourceRequest) {
      attributes['resource'] = info.resource;
      attributes['api-group'] = info.apiGroup;
      attributes['api-version'] = info.apiVersion;
      if (info.namespace) attributes['namespace'] = info.namespace;
      if (info.subresource) attributes['subresource'] = info.subresource;
    }
  }
  return attributes;
}

export function withTracing(handler: Handler, deps: { tracing: { tracer: Tracer } }): Handler {
  return (req, res) => {
    const ctx = requestContext(req);
    const incoming = incomingTraceContext(req.headers);
    const remote = trace.getSpanContext(incoming);
    const trusted = (ctx.user?.groups ?? []).some((g) => TRUSTED_GROUPS.has(g));
    const parent = trusted ? incoming : ROOT_CONTEXT;
    const links: Link[] = !trusted && remote ? [{ context: remote }] : [];
    const span = deps.tracing.tracer.startSpan(
      spanName(req.method ?? 'GET', ctx.requestInfo),
      { kind: SpanKind.SERVER, attributes: requestAttributes(req, ctx.requestInfo, ctx.auditID), links },
      parent,
    );
    onResponseDone(res, () => {
      span.setAttribute('http.status_code', res.statusCode);
      // A server span is in error for 5xx answers only; 4xx answers are the client's.
      if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
    return runInSpan(span, () => handler(req, res));
  };
}

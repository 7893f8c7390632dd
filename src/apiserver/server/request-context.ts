// What the handler chain learns about a request as it passes the filters, and the handler type
// every filter and endpoint shares. Both HTTP/1.1 and HTTP/2 (compat API) requests flow through.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Http2ServerRequest, Http2ServerResponse } from 'node:http2';

export type Request = IncomingMessage | Http2ServerRequest;
export type Response = ServerResponse | Http2ServerResponse;
export type Handler = (req: Request, res: Response) => void | Promise<void>;

/** As Kubernetes' RequestInfo: parsed once from the path and method by withRequestInfo. */
export interface RequestInfo {
  isResourceRequest: boolean;
  path: string;
  /** get, list, watch, create, update, patch, delete, deletecollection; or the lower-case HTTP method for non-resource paths. */
  verb: string;
  /** "api" or "apis" for resource requests. */
  apiPrefix: string;
  apiGroup: string;
  apiVersion: string;
  namespace: string;
  resource: string;
  subresource: string;
  name: string;
  parts: string[];
}

export interface UserInfo {
  name: string;
  uid?: string;
  groups: string[];
  extra?: Record<string, string[]>;
}

export interface RequestContext {
  requestInfo?: RequestInfo;
  user?: UserInfo;
  /** Audit-Id, set by the audit filter. */
  auditID?: string;
  /** Aborted when the request times out or the client goes away. */
  signal?: AbortSignal;
  /** Set by withInFlightLimit / timeout filters to tell long-running requests (watch) apart. */
  longRunning?: boolean;
  /** The time the request entered the chain (performance.now()). */
  startTime?: number;
}

const contexts = new WeakMap<Request, RequestContext>();

/** The context of a request, created on first use. */
export function requestContext(req: Request): RequestContext {
  let ctx = contexts.get(req);
  if (!ctx) {
    ctx = {};
    contexts.set(req, ctx);
  }
  return ctx;
}

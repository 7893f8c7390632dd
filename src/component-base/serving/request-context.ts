// What the handler chain learns about a request as it passes the filters, and the handler type
// every filter and endpoint shares. Both HTTP/1.1 and HTTP/2 requests flow through.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Http2Request, Http2Response } from './http2-exchange.ts';
import type { UserInfo } from '../../machinery/authorization/types.ts';

export type { UserInfo };

export type Request = IncomingMessage | Http2Request;
export type Response = ServerResponse | Http2Response;
export type Handler = (req: Request, res: Response) => void | Promise<void>;

/** The client connection a request came on: the HTTP/2 session, else the socket. */
export function connectionOf(req: Request): object {
  return ('stream' in req ? req.stream.session : undefined) ?? req.socket;
}

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
  /** The path names its resource under namespaces/<namespace>/ (not a namespace's own path). */
  underNamespace?: boolean;
}

export interface RequestContext {
  requestInfo?: RequestInfo;
  user?: UserInfo;
  /** Audit-Id, set by the audit filter. */
  auditID?: string;
  /** For long-running requests (watches): aborted at their deadline, at shutdown, or when the client goes away. */
  signal?: AbortSignal;
  /** Set by withInFlightLimit / timeout filters to tell long-running requests (watch) apart. */
  longRunning?: boolean;
  /** The time the request entered the chain (performance.now()). */
  startTime?: number;
}

// Kept on the request object itself: a lookup on every filter is then a property read, and the
// context goes with the request without a weak table for the collector to trace.
const CONTEXT = Symbol('orch.requestContext');
type WithContext = Request & { [CONTEXT]?: RequestContext };

/** The context of a request, created on first use. */
export function requestContext(req: Request): RequestContext {
  return ((req as WithContext)[CONTEXT] ??= {});
}

// --max-requests-inflight / --max-mutating-requests-inflight: a full pool answers 429 with
// Retry-After. The filter runs after authentication and impersonation, where Kubernetes puts it,
// so it knows who is asking: long-running requests (watches) are not counted, health probes pass
// without a slot, and members of system:masters are answered even when their pool is full (they
// take a slot while one is free, as in Kubernetes, so the in-flight gauge still sees them).
import { tooManyRequests } from '../../machinery/status.ts';
import { MASTERS_GROUP } from '../../component-base/authentication/types.ts';
import { requestContext, type Handler, type RequestInfo, type UserInfo } from '../../component-base/serving/request-context.ts';
import { isMutating } from '../server/request-info.ts';
import { writeStatus } from '../../component-base/serving/responses.ts';
import { onResponseDone } from '../server/response-done.ts';
import { countInFlight } from './in-flight-count.ts';

export interface InFlightDeps {
  /** Limit of read-only requests; 0 means no limit. */
  readOnlyLimit: number;
  /** Limit of mutating requests; 0 means no limit. */
  mutatingLimit: number;
  /** Called as the counts change, for apiserver_current_inflight_requests. */
  observe?: (kind: 'readOnly' | 'mutating', count: number) => void;
}

const HEALTH_ENDPOINTS = new Set(['healthz', 'livez', 'readyz']);

/**
 * /healthz, /livez, /readyz and their per-check paths. A probe refused for load would report a
 * busy server as dead and get it restarted; priority and fairness exempts them the same way.
 */
export function isHealthProbe(info: RequestInfo): boolean {
  return !info.isResourceRequest && HEALTH_ENDPOINTS.has(info.path.split('/')[1] ?? '');
}

function isPrivileged(user: UserInfo | undefined): boolean {
  return user?.groups.includes(MASTERS_GROUP) ?? false;
}

export function withMaxInFlight(handler: Handler, deps: InFlightDeps): Handler {
  const counts = { readOnly: 0, mutating: 0 };
  const limits = { readOnly: deps.readOnlyLimit, mutating: deps.mutatingLimit };
  if (limits.readOnly <= 0 && limits.mutating <= 0) return handler;
  return async (req, res) => {
    const ctx = requestContext(req);
    const info = ctx.requestInfo;
    if (ctx.longRunning || !info || isHealthProbe(info)) return handler(req, res);
    const kind = isMutating(info) ? 'mutating' : 'readOnly';
    const limit = limits[kind];
    if (limit > 0 && counts[kind] >= limit) {
      // A super-user always gets an answer; it holds no slot, so it cannot starve the others.
      if (isPrivileged(ctx.user)) return handler(req, res);
      writeStatus(req, res, tooManyRequests('Too many requests, please try again later.', 1));
      return;
    }
    const release = countInFlight(counts, kind, deps.observe);
    // The slot is held until the response is done or the client is gone, not merely until the handler returns.
    onResponseDone(res, release);
    try {
      await handler(req, res);
    } finally {
      if (res.writableEnded || res.destroyed) release();
    }
  };
}

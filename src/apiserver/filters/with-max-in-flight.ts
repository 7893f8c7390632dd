// --max-requests-inflight / --max-mutating-requests-inflight: a full pool answers 429 with
// Retry-After. Long-running requests (watches) are not counted. With priority and fairness on,
// one pool of the summed size stands in for it.
import { tooManyRequests } from '../../machinery/status.ts';
import { requestContext, type Handler } from '../server/request-context.ts';
import { isMutating } from '../server/request-info.ts';
import { writeStatus } from '../server/responses.ts';
import { onResponseDone } from '../server/response-done.ts';
import { countInFlight } from './in-flight-count.ts';

export interface InFlightDeps {
  /** Limit of read-only requests; 0 means no limit. */
  readOnlyLimit: number;
  /** Limit of mutating requests; 0 means no limit. */
  mutatingLimit: number;
  /** Priority and fairness approximated: all requests share one pool of readOnly+mutating. */
  singlePool: boolean;
  /** Called as the counts change, for apiserver_current_inflight_requests. */
  observe?: (kind: 'readOnly' | 'mutating', count: number) => void;
}

export function withMaxInFlight(handler: Handler, deps: InFlightDeps): Handler {
  const counts = { readOnly: 0, mutating: 0 };
  const limits = deps.singlePool
    ? { readOnly: deps.readOnlyLimit + deps.mutatingLimit, mutating: deps.readOnlyLimit + deps.mutatingLimit }
    : { readOnly: deps.readOnlyLimit, mutating: deps.mutatingLimit };
  if (limits.readOnly <= 0 && limits.mutating <= 0) return handler;
  return async (req, res) => {
    const ctx = requestContext(req);
    if (ctx.longRunning || !ctx.requestInfo) return handler(req, res);
    const kind = isMutating(ctx.requestInfo) ? 'mutating' : 'readOnly';
    const used = deps.singlePool ? counts.readOnly + counts.mutating : counts[kind];
    const limit = limits[kind];
    if (limit > 0 && used >= limit) {
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

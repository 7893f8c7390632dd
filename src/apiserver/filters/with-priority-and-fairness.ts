// --enable-priority-and-fairness: every authenticated request is classified to a FlowSchema and
// priority level (named in the X-Kubernetes-PF-* response headers), then waits for a seat as
// API Priority and Fairness decides; a rejected one gets 429 with Retry-After. A watch holds its
// seat only until it starts streaming; other long-running requests take none.
import { tooManyRequests } from '../../machinery/status.ts';
import { requestContext, type Handler, type Response } from '../../component-base/serving/request-context.ts';
import { isMutating } from '../server/request-info.ts';
import type { RequestMetrics } from '../server/request-metrics.ts';
import { writeStatus } from '../../component-base/serving/responses.ts';
import { onResponseDone } from '../server/response-done.ts';
import { countInFlight } from './in-flight-count.ts';
import { FlowController, type Admission } from '../flowcontrol/controller.ts';
import { createFlowControlMetrics } from '../flowcontrol/metrics.ts';
import type { MetricsRegistry } from '../../component-base/metrics/registry.ts';

export const FLOW_SCHEMA_UID_HEADER = 'X-Kubernetes-PF-FlowSchema-UID';
export const PRIORITY_LEVEL_UID_HEADER = 'X-Kubernetes-PF-PriorityLevel-UID';

export interface PriorityAndFairnessDeps {
  controller: FlowController;
  /** The longest a request waits in a queue (Kubernetes: a quarter of --request-timeout). */
  waitLimitMs: number;
  /** Called as the executing counts change, for apiserver_current_inflight_requests. */
  observe?: (kind: 'readOnly' | 'mutating', count: number) => void;
}

/** Calls `fn` the first time the response starts streaming (headers flushed or a body written). */
function onStreamStart(res: Response, fn: () => void): void {
  const target = res as unknown as Record<string, unknown>;
  for (const method of ['flushHeaders', 'writeHead', 'write', 'end']) {
    const original = target[method];
    if (typeof original !== 'function') continue;
    target[method] = function (this: unknown, ...args: unknown[]) {
      fn();
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    };
  }
}

export function withPriorityAndFairness(handler: Handler, deps: PriorityAndFairnessDeps): Handler {
  const inflight = { readOnly: 0, mutating: 0 };
  return (req, res) => {
    const ctx = requestContext(req);
    const info = ctx.requestInfo;
    const user = ctx.user;
    if (!info || !user) return handler(req, res);
    const isWatch = info.isResourceRequest && info.verb === 'watch';
    if (ctx.longRunning && !isWatch) return handler(req, res);
    const c = deps.controller.classify({ requestInfo: info, user });
    res.setHeader(FLOW_SCHEMA_UID_HEADER, c.flowSchema.metadata.uid ?? '');
    res.setHeader(PRIORITY_LEVEL_UID_HEADER, c.level.uid);
    const run = (admission: Admission): void | Promise<void> => {
      if (!admission.admitted) {
        if (admission.reason === 'cancelled' || res.destroyed) return;
        writeStatus(req, res, tooManyRequests('Too many requests, please try again later.', 1));
        return;
      }
      const uncount = countInFlight(inflight, isMutating(info) ? 'mutating' : 'readOnly', deps.observe);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        uncount();
        admission.release();
      };
      // The seat is held until the response is done or the client is gone; a watch's until it streams.
      onResponseDone(res, release);
      if (isWatch) onStreamStart(res, release);
      const releaseIfDone = () => {
        if (res.writableEnded || res.destroyed) release();
      };
      let pending: void | Promise<void>;
      try {
        pending = handler(req, res);
      } catch (err) {
        releaseIfDone();
        throw err;
      }
      if (!pending) return releaseIfDone();
      return pending.finally(releaseIfDone);
    };
    // A free seat admits the request at once; only a queued one waits.
    const admission = deps.controller.acquire(c, {
      waitLimitMs: deps.waitLimitMs,
      onGone: (cancel) => {
        res.once('close', cancel);
        return () => res.off('close', cancel);
      },
    });
    return admission instanceof Promise ? admission.then(run) : run(admission);
  };
}

/** What the handler chain knows that priority and fairness needs. */
export interface ChainFlowControlDeps {
  /** The dispatcher kept current from the stored configuration; absent: the mandatory configuration only. */
  flowController?: FlowController;
  maxRequestsInflight: number;
  maxMutatingRequestsInflight: number;
  requestTimeoutMs: number;
  metrics?: MetricsRegistry;
  requestMetrics?: RequestMetrics;
}

/** The filter as the server configures it: the summed in-flight limits shared, a quarter of --request-timeout to wait. */
export function withConfiguredPriorityAndFairness(handler: Handler, d: ChainFlowControlDeps): Handler {
  const total = d.maxRequestsInflight + d.maxMutatingRequestsInflight;
  const controller = d.flowController ?? new FlowController(total);
  controller.setServerConcurrencyLimit(total);
  if (d.metrics) controller.metrics = createFlowControlMetrics(d.metrics);
  const requestMetrics = d.requestMetrics;
  return withPriorityAndFairness(handler, { controller, waitLimitMs: d.requestTimeoutMs / 4, observe: requestMetrics && ((kind, n) => requestMetrics.setInflight(kind, n)) });
}

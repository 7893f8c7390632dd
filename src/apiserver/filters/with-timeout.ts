// --request-timeout: a non-long-running request still unanswered at its deadline gets a 504
// Timeout Status. ?timeout= may shorten the deadline. A watch gets a randomised deadline in
// [min-request-timeout, 2*min-request-timeout), or its timeoutSeconds, at which its signal is
// aborted so the watch handler ends the stream normally. Only long-running requests get a signal:
// nothing else waits on one, and an AbortController per request is not free.
import { badRequest, timeout } from '../../machinery/status.ts';
import { requestContext, type Handler } from '../../component-base/serving/request-context.ts';
import { writeStatus } from '../../component-base/serving/responses.ts';
import { requestURL } from './with-request-info.ts';
import { onResponseDone } from '../server/response-done.ts';

export interface TimeoutDeps {
  requestTimeoutMs: number;
  minRequestTimeoutSeconds: number;
}

/** Parses Go durations as ?timeout= takes them: 30s, 1m0s, 500ms, 1h. */
export function parseGoDuration(text: string): number | undefined {
  const re = /(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/gy;
  const units: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  if (text === '0') return 0;
  let total = 0;
  let matched = 0;
  for (const m of text.matchAll(re)) {
    total += Number(m[1]) * units[m[2]!]!;
    matched += m[0].length;
  }
  return matched === text.length && text.length > 0 ? total : undefined;
}

/** Deadline of a watch: timeoutSeconds if given, else uniformly in [min, 2*min) seconds. */
export function watchTimeoutMs(query: URLSearchParams, minRequestTimeoutSeconds: number): number {
  const given = query.get('timeoutSeconds');
  // Capped at the longest delay a timer holds: a longer one would fire at once.
  if (given !== null && /^\d+$/.test(given) && Number(given) > 0) return Math.min(Number(given) * 1000, 2 ** 31 - 1);
  return (minRequestTimeoutSeconds + Math.random() * minRequestTimeoutSeconds) * 1000;
}

export function withTimeout(handler: Handler, deps: TimeoutDeps): Handler {
  return (req, res) => {
    const ctx = requestContext(req);
    let controller: AbortController | undefined;
    if (ctx.longRunning) {
      controller = new AbortController();
      // An outer filter (shutdown tracking) may already hold a signal for this request: honour both.
      ctx.signal = ctx.signal ? AbortSignal.any([ctx.signal, controller.signal]) : controller.signal;
    }
    let timer: NodeJS.Timeout | undefined;
    // Once the response is done the deadline no longer matters; the client going away ends the work too.
    onResponseDone(res, () => {
      if (timer) clearTimeout(timer);
      if (!res.writableEnded) controller?.abort(new Error('client went away'));
    });

    const query = requestURL(req).searchParams;
    let deadlineMs: number;
    if (ctx.longRunning) {
      deadlineMs = ctx.requestInfo?.verb === 'watch' ? watchTimeoutMs(query, deps.minRequestTimeoutSeconds) : 0;
    } else {
      deadlineMs = deps.requestTimeoutMs;
      const userTimeout = query.get('timeout');
      if (userTimeout !== null && userTimeout !== '') {
        const parsed = parseGoDuration(userTimeout);
        if (parsed === undefined) {
          writeStatus(req, res, badRequest(`invalid timeout specified in the request URL: time: invalid duration ${JSON.stringify(userTimeout)}`));
          return;
        }
        if (parsed > 0 && (deadlineMs <= 0 || parsed < deadlineMs)) deadlineMs = parsed;
      }
    }
    if (deadlineMs > 0) {
      timer = setTimeout(() => {
        if (!ctx.longRunning && !res.headersSent) {
          writeStatus(req, res, timeout('Timeout: request did not complete within requested timeout - context deadline exceeded'));
        }
        controller?.abort(new Error('request deadline exceeded'));
      }, deadlineMs);
      timer.unref();
    }
    return handler(req, res);
  };
}

// Tracks requests for graceful shutdown: non-long-running requests are counted so shutdown can
// wait for them; long-running ones are registered so they can be told to end. While draining
// with --shutdown-send-retry-after, new requests get 429 with Retry-After and Connection: close
// (health probes and /metrics excepted, as in Kubernetes).
import { tooManyRequests } from '../../machinery/status.ts';
import type { ServerLifecycle } from '../server/lifecycle.ts';
import { requestContext, type Handler } from '../../component-base/serving/request-context.ts';
import { writeStatus } from '../../component-base/serving/responses.ts';
import { onResponseDone } from '../server/response-done.ts';

const EXEMPT = /^\/(healthz|livez|readyz|metrics)(\/|$)/;

export function withShutdownTracking(handler: Handler, deps: { lifecycle: ServerLifecycle }): Handler {
  const { lifecycle } = deps;
  return (req, res) => {
    const ctx = requestContext(req);
    if (lifecycle.draining && !EXEMPT.test(ctx.requestInfo?.path ?? req.url ?? '/')) {
      if ('httpVersionMajor' in req && req.httpVersionMajor < 2) res.setHeader('Connection', 'close');
      writeStatus(req, res, tooManyRequests('The apiserver is shutting down, please try again later.', 5));
      return;
    }
    if (lifecycle.listenersClosed && 'httpVersionMajor' in req && req.httpVersionMajor < 2) res.setHeader('Connection', 'close');

    if (ctx.longRunning) {
      let finish!: () => void;
      // The timeout filter joins this signal with its own deadline, so a watch handler sees one signal.
      const controller = new AbortController();
      ctx.signal = controller.signal;
      const entry = {
        done: new Promise<void>((resolve) => (finish = resolve)),
        end: () => controller.abort(new Error('the server is shutting down')),
        forceEnd: () => {
          if (!res.writableEnded) res.end();
        },
      };
      lifecycle.longRunning.add(entry);
      const remove = () => {
        lifecycle.longRunning.delete(entry);
        finish();
      };
      onResponseDone(res, remove);
      return handler(req, res);
    }

    lifecycle.requestStarted();
    let done = false;
    const release = () => {
      if (done) return;
      done = true;
      lifecycle.requestFinished();
    };
    onResponseDone(res, release);
    return handler(req, res);
  };
}

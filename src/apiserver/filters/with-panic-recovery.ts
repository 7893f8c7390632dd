// The outermost filter: a thrown StatusError becomes its Status, anything else a 500 that is
// logged as a bug with its stack, never shown to the client, which sees only the correlation id.
import { isStatusError } from '../../machinery/status.ts';
import { klog } from '../../component-base/logs/klog.ts';
import { reportInternalError } from '../../component-base/logs/internal-error.ts';
import type { Handler, Request, Response } from '../../component-base/serving/request-context.ts';
import { writeStatus } from '../../component-base/serving/responses.ts';

const log = klog('filters/panic-recovery');

export function withPanicRecovery(handler: Handler): Handler {
  return (req, res) => {
    // A client that goes away mid-write must not turn into an unhandled 'error' event.
    res.on('error', () => {});
    const recover = (err: unknown) => recoverFrom(err, req, res);
    let pending: void | Promise<void>;
    try {
      pending = handler(req, res);
    } catch (err) {
      return recover(err);
    }
    return pending ? pending.catch(recover) : undefined;
  };
}

function recoverFrom(err: unknown, req: Request, res: Response): void {
  if (isStatusError(err)) {
    writeStatus(req, res, err);
    return;
  }
  if (res.headersSent && (err as NodeJS.ErrnoException)?.code === 'ERR_HTTP_HEADERS_SENT') return;
  const status = reportInternalError(log, 'Observed a panic: unexpected error while serving a request (this is a bug)', err, {
    method: req.method,
    URI: req.url,
  });
  if (res.headersSent) {
    // Part of a response is out: the only honest signal left is to cut the stream.
    res.destroy();
    return;
  }
  writeStatus(req, res, status);
}

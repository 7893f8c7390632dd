// Counts every request and its latency once its response is done (or the client went away).
import type { RequestMetrics } from '../../component-base/metrics/apiserver-requests.ts';
import { requestContext, type Handler } from '../server/request-context.ts';
import { requestURL } from './with-request-info.ts';

export function withRequestMetrics(handler: Handler, deps: { metrics: RequestMetrics }): Handler {
  return (req, res) => {
    const started = performance.now();
    let recorded = false;
    const record = () => {
      if (recorded) return;
      recorded = true;
      const ctx = requestContext(req);
      const contentType = req.headers['content-type'];
      deps.metrics.observe({
        method: req.method ?? 'GET',
        info: ctx.requestInfo,
        contentType: typeof contentType === 'string' ? contentType : undefined,
        dryRun: requestURL(req).searchParams.getAll('dryRun').includes('All'),
        code: res.statusCode,
        seconds: (performance.now() - started) / 1000,
      });
    };
    res.once('finish', record);
    res.once('close', record);
    return handler(req, res);
  };
}

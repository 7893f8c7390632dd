// Counts every request and its latency once its response is done (or the client went away).
import type { RequestMetrics } from '../server/request-metrics.ts';
import { requestContext, type Handler } from '../../component-base/serving/request-context.ts';
import { requestURL } from './with-request-info.ts';
import { onResponseDone } from '../server/response-done.ts';

export function withRequestMetrics(handler: Handler, deps: { metrics: RequestMetrics }): Handler {
  return (req, res) => {
    const started = performance.now();
    const record = () => {
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
    onResponseDone(res, record);
    return handler(req, res);
  };
}

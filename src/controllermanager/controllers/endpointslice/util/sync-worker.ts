// The worker loop of the service networking controllers: a failed key is retried with the
// queue's back-off up to maxRetries times (Kubernetes' 15), then dropped until its next event.
import type { RateLimitingQueue } from '../../../../client/workqueue/rate-limiting-queue.ts';
import { klog } from '../../../../component-base/logs/klog.ts';

const log = klog('controllermanager/endpoints-worker');

export const MAX_RETRIES = 15;

export async function runRetryingWorker(name: string, queue: RateLimitingQueue<string>, sync: (key: string) => Promise<void>, signal: AbortSignal): Promise<void> {
  for (;;) {
    const next = await queue.get();
    if (next.shutdown) return;
    const key = next.item;
    try {
      await sync(key);
      queue.forget(key);
    } catch (err) {
      if (signal.aborted) {
        // Shutting down: the error is the aborted request.
      } else if (queue.numRequeues(key) < MAX_RETRIES) {
        log.info('Error syncing; retrying', { controller: name, key, err: (err as Error).message }, 2);
        queue.addRateLimited(key);
      } else {
        log.info('Dropping key out of the queue', { controller: name, key, err: (err as Error).message });
        queue.forget(key);
      }
    } finally {
      queue.done(key);
    }
  }
}

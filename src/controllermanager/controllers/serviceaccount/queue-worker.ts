// The worker loop the controllers share: wait for the informers' first lists, then take keys
// from a rate-limited queue until it shuts down, retrying a failed key with back-off.
import type { RateLimitingQueue } from '../../../client/workqueue/rate-limiting-queue.ts';
import { klog } from '../../../component-base/logs/klog.ts';

const log = klog('controllermanager/worker');

export async function waitForSync(signal: AbortSignal, ...informers: Array<{ waitForSync(): Promise<void> }>): Promise<void> {
  await Promise.race([
    Promise.all(informers.map((i) => i.waitForSync())),
    new Promise<void>((resolve) => (signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true }))),
  ]);
}

/** One worker: takes keys until the queue shuts down; a failed key is retried with back-off. */
export async function runWorker(name: string, queue: RateLimitingQueue<string>, sync: (key: string) => Promise<void>, signal: AbortSignal): Promise<void> {
  for (;;) {
    const next = await queue.get();
    if (next.shutdown) return;
    const key = next.item;
    try {
      await sync(key);
      queue.forget(key);
    } catch (err) {
      if (!signal.aborted) {
        log.error('Sync failed; retrying', { controller: name, key, err: (err as Error).message });
        queue.addRateLimited(key);
      }
    } finally {
      queue.done(key);
    }
  }
}

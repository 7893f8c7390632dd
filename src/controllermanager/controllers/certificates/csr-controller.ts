// The loop the approving and signing controllers share, as Kubernetes' CertificateController: every
// CertificateSigningRequest added, updated or deleted is queued by name; a worker hands a copy of
// the cached request to the handler unless it is gone or already holds a certificate. A failed
// handler is retried with back-off (200 ms doubling to 1000 s per request, 10 per second
// overall); an IgnorableError is retried too but logged only at a high verbosity.
import type { CertificateSigningRequest } from '../../../api/certificates/v1/types.ts';
import type { Clock } from '../../../client/clock/clock.ts';
import type { SharedInformer } from '../../../client/cache/shared-informer.ts';
import { BucketRateLimiter, ItemExponentialFailureRateLimiter, MaxOfRateLimiter } from '../../../client/workqueue/rate-limiters.ts';
import { RateLimitingQueue } from '../../../client/workqueue/rate-limiting-queue.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import { waitForSync } from '../serviceaccount/queue-worker.ts';

const log = klog('controllermanager/certificates');

export const CSRS = { group: 'certificates.orch.io', version: 'v1', resource: 'certificatesigningrequests' };

/** A failure that is expected to clear by itself (a request not approved yet): retried quietly. */
export class IgnorableError extends Error {}

export type CSRHandler = (csr: CertificateSigningRequest, signal: AbortSignal) => Promise<void>;

export interface CertificateLoopOptions {
  /** Named in logs (Kubernetes: csrapproving, csrsigning-kube-apiserver-client, ...). */
  name: string;
  informer: SharedInformer<CertificateSigningRequest>;
  handler: CSRHandler;
  workers: number;
  clock: Clock;
  signal: AbortSignal;
}

export function certificateQueue(clock: Clock): RateLimitingQueue<string> {
  return new RateLimitingQueue<string>(clock, new MaxOfRateLimiter<string>(new ItemExponentialFailureRateLimiter<string>(200, 1000 * 1000), new BucketRateLimiter<string>(10, 100, clock)));
}

/** Runs the loop until the signal aborts. */
export async function runCertificateLoop(opts: CertificateLoopOptions): Promise<void> {
  const { informer, signal } = opts;
  const queue = certificateQueue(opts.clock);
  const enqueue = (csr: CertificateSigningRequest) => csr.metadata?.name && queue.add(csr.metadata.name);
  informer.addEventHandler({ onAdd: enqueue, onUpdate: (_old, csr) => enqueue(csr), onDelete: enqueue });
  signal.addEventListener('abort', () => queue.shutDown(), { once: true });
  log.info('Starting certificate controller', { name: opts.name });
  await waitForSync(signal, informer);
  if (signal.aborted) return;

  const sync = async (name: string) => {
    const cached = informer.indexer.get(name);
    // Gone, or already signed: nothing left to do.
    if (!cached || cached.status?.certificate) return;
    await opts.handler(structuredClone(cached), signal);
  };
  const worker = async () => {
    for (;;) {
      const next = await queue.get();
      if (next.shutdown) return;
      const name = next.item;
      try {
        await sync(name);
        queue.forget(name);
      } catch (err) {
        if (!signal.aborted) {
          if (err instanceof IgnorableError) log.info('Sync certificate request failed', { name: opts.name, csr: name, err: err.message }, 4);
          else log.error('Sync failed', { name: opts.name, csr: name, err: (err as Error).message });
          queue.addRateLimited(name);
        }
      } finally {
        queue.done(name);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, opts.workers) }, worker));
  log.info('Shutting down certificate controller', { name: opts.name });
}

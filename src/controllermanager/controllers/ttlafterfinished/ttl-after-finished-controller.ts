// The ttl-after-finished controller, as Kubernetes 1.35 runs it: a finished job with
// spec.ttlSecondsAfterFinished is deleted that long after it finished, with its dependents
// (Foreground propagation, as Kubernetes deletes it) and a uid precondition. A job whose time has
// not come is queued again for when it comes; before deleting, the job is read again from the
// server and its TTL checked once more, since the TTL may have been changed meanwhile.
// --concurrent-ttl-after-finished-syncs workers share the queue.
import type { Job } from '../../../api/batch/v1/types.ts';
import { realClock, type Clock } from '../../../client/clock/clock.ts';
import { collectionPath, ResourceClient } from '../../../client/rest/resource.ts';
import { RateLimitingQueue } from '../../../client/workqueue/rate-limiting-queue.ts';
import { isNotFound } from '../../../machinery/status.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import type { ControllerContext, ControllerRun } from '../../controller.ts';
import { runWorker, waitForSync } from '../serviceaccount/queue-worker.ts';
import { needsCleanup, timeLeft } from './job-ttl.ts';

const log = klog('controllermanager/ttlafterfinished');

export const CONTROLLER_NAME = 'ttl-after-finished-controller';
const JOBS = { group: 'batch', version: 'v1', resource: 'jobs' };

/** How an expired job is deleted: with its dependents, before it goes (Kubernetes' choice). */
export const CLEANUP_PROPAGATION = 'Foreground';

export interface TTLAfterFinishedOptions {
  /** --concurrent-ttl-after-finished-syncs. */
  workers: number;
  clock?: Clock;
}

const keyOf = (job: Job) => `${job.metadata.namespace ?? ''}/${job.metadata.name ?? ''}`;

export function ttlAfterFinishedController(opts: TTLAfterFinishedOptions): ControllerRun {
  return async (ctx: ControllerContext) => {
    const client = ctx.client;
    if (!client || !ctx.informers) throw new Error('the ttl-after-finished controller needs an API client and informers');
    const clock = opts.clock ?? realClock;
    const jobs = ctx.informers.informerFor<Job>(JOBS);
    const queue = new RateLimitingQueue<string>(clock);
    const enqueue = (job: Job) => {
      if (job.metadata.deletionTimestamp || !needsCleanup(job)) return;
      log.info('Add job to cleanup', { job: keyOf(job) }, 4);
      queue.add(keyOf(job));
    };
    jobs.addEventHandler({ onAdd: enqueue, onUpdate: (_old, job) => enqueue(job) });
    ctx.signal.addEventListener('abort', () => queue.shutDown(), { once: true });
    log.info('Starting controller', { controller: CONTROLLER_NAME });
    await waitForSync(ctx.signal, jobs);
    if (ctx.signal.aborted) return;
    log.info('TTL after finished controller synced; starting workers', { workers: opts.workers });

    /** The expiry time when the job's TTL has run out; otherwise it is queued for when it will. */
    const expiredAt = (key: string, job: Job): number | undefined => {
      if (job.metadata.deletionTimestamp || !needsCleanup(job)) return undefined;
      const now = clock.now();
      const left = timeLeft(job, now);
      if (left.finishedAt > now) log.info('Warning: Found Job finished in the future. This is likely due to time skew in the cluster. Job cleanup will be deferred.', { job: key });
      log.info('Found Job finished', { job: key, remainingTTL: `${left.remainingMs}ms` }, 4);
      if (left.remainingMs <= 0) return left.expiresAt;
      queue.addAfter(key, left.remainingMs);
      return undefined;
    };

    const processJob = async (key: string) => {
      const job = jobs.indexer.get(key);
      log.info('Checking if Job is ready for cleanup', { job: key }, 4);
      if (!job || expiredAt(key, job) === undefined) return;
      // The cached TTL may be stale: the job as the server has it decides.
      const [namespace = '', name = ''] = key.split('/');
      let fresh: Job;
      try {
        fresh = await new ResourceClient<Job>(client, JOBS, namespace).get(name, ctx.signal);
      } catch (err) {
        if (isNotFound(err)) return;
        throw err;
      }
      const expired = expiredAt(key, fresh);
      if (expired === undefined) return;
      log.info('Cleaning up Job', { job: key }, 4);
      await client.request({
        method: 'DELETE',
        path: `${collectionPath(JOBS, namespace)}/${encodeURIComponent(name)}`,
        body: { apiVersion: 'v1', kind: 'DeleteOptions', propagationPolicy: CLEANUP_PROPAGATION, preconditions: { uid: fresh.metadata.uid } },
        signal: ctx.signal,
      });
      log.info('Deleted expired Job', { job: key, lateBy: `${clock.now() - expired}ms` }, 2);
    };
    await Promise.all(Array.from({ length: opts.workers }, () => runWorker(CONTROLLER_NAME, queue, processJob, ctx.signal)));
  };
}

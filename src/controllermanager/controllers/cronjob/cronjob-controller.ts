// The cron job controller (Kubernetes' CronJob controller v2): each CronJob is synced when it or
// one of its jobs changes, and again at its next scheduled time (plus 100 ms), through a delaying
// queue rather than a periodic scan. A changed schedule or time zone queues the cron job for its
// new next time; other changes queue it at once. --concurrent-cron-job-syncs workers sync cron jobs
// (sync-cronjob.ts); a failed sync is retried with the default controller back-off.
import type { CronJob, Job } from '../../../api/batch/v1/types.ts';
import { realClock, type Clock } from '../../../client/clock/clock.ts';
import type { SharedInformer } from '../../../client/cache/shared-informer.ts';
import { NAMESPACE_INDEX } from '../../../client/cache/store.ts';
import { controllerEventRecorder } from '../../../client/record/index.ts';
import { collectionPath, ResourceClient } from '../../../client/rest/resource.ts';
import { RateLimitingQueue } from '../../../client/workqueue/rate-limiting-queue.ts';
import { ScheduleError } from '../../../machinery/cron/cron-schedule.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import type { CronJobControllerOptions } from '../../../options/controllermanager/controller-options.ts';
import type { ControllerContext, ControllerRun } from '../../controller.ts';
import { waitForSync } from '../serviceaccount/queue-worker.ts';
import { controllerRefOf } from '../workload/pod-state.ts';
import type { CronJobSyncDeps } from './deps.ts';
import { cronJobReference } from './job-from-template.ts';
import { cronJobSchedule, nextScheduleDelay } from './schedule-times.ts';
import { syncCronJobKey } from './sync-cronjob.ts';

const log = klog('controllermanager/cronjob');

export const CONTROLLER_NAME = 'cronjob-controller';
const CRONJOBS = { group: 'batch', version: 'v1', resource: 'cronjobs' };
const JOBS = { group: 'batch', version: 'v1', resource: 'jobs' };

export interface CronJobControllerSettings extends CronJobControllerOptions {
  clock?: Clock;
}

const keyOf = (obj: { metadata: { namespace?: string; name?: string } }) => `${obj.metadata.namespace ?? ''}/${obj.metadata.name ?? ''}`;

export function cronJobController(settings: CronJobControllerSettings): ControllerRun {
  return async (ctx: ControllerContext) => {
    const client = ctx.client;
    if (!client || !ctx.informers) throw new Error('the cronjob controller needs an API client and informers');
    const clock = settings.clock ?? realClock;
    const cronJobs: SharedInformer<CronJob> = ctx.informers.informerFor<CronJob>(CRONJOBS);
    const jobs: SharedInformer<Job> = ctx.informers.informerFor<Job>(JOBS);
    const queue = new RateLimitingQueue<string>(clock);
    const events = controllerEventRecorder(client, CONTROLLER_NAME, { clock });
    const jobsIn = (ns: string) => new ResourceClient<Job>(client, JOBS, ns);

    const deps: CronJobSyncDeps = {
      clock,
      recorder: events.recorder,
      cachedCronJob: (key) => cronJobs.indexer.get(key),
      jobsInNamespace: (ns) => jobs.indexer.byIndex(NAMESPACE_INDEX, ns),
      liveCronJob: (ns, name) => new ResourceClient<CronJob>(client, CRONJOBS, ns).get(name, ctx.signal),
      liveJob: (ns, name) => jobsIn(ns).get(name, ctx.signal),
      createJob: (ns, job) => jobsIn(ns).create(job, ctx.signal),
      deleteJob: async (ns, name) => {
        await client.request({
          method: 'DELETE',
          path: `${collectionPath(JOBS, ns)}/${encodeURIComponent(name)}`,
          body: { apiVersion: 'v1', kind: 'DeleteOptions', propagationPolicy: 'Background' },
          signal: ctx.signal,
        });
      },
      updateStatus: (cj) =>
        client.request<CronJob>({ method: 'PUT', path: `${collectionPath(CRONJOBS, cj.metadata.namespace)}/${encodeURIComponent(cj.metadata.name ?? '')}/status`, body: cj, signal: ctx.signal }),
    };

    // A job's controller reference resolves to a cached cron job of that name and uid.
    const ownerOf = (job: Job) => {
      const ref = controllerRefOf(job);
      if (!ref || ref.kind !== 'CronJob') return undefined;
      const cj = cronJobs.indexer.get(`${job.metadata.namespace ?? ''}/${ref.name}`);
      return cj && cj.metadata.uid === ref.uid ? cj : undefined;
    };
    const enqueueOwner = (job: Job) => {
      const cj = ownerOf(job);
      if (cj) queue.add(keyOf(cj));
    };
    jobs.addEventHandler({
      onAdd: enqueueOwner,
      onUpdate: (old, cur) => {
        if (old.metadata.resourceVersion === cur.metadata.resourceVersion) return;
        const oldRef = controllerRefOf(old);
        const curRef = controllerRefOf(cur);
        if (oldRef && oldRef.uid !== curRef?.uid) enqueueOwner(old);
        if (curRef) enqueueOwner(cur);
      },
      onDelete: enqueueOwner,
    });
    cronJobs.addEventHandler({
      onAdd: (cj) => queue.add(keyOf(cj)),
      onUpdate: (old, cur) => {
        if (old.spec?.schedule === cur.spec?.schedule && old.spec?.timeZone === cur.spec?.timeZone) return queue.add(keyOf(cur));
        // A new schedule: look again at its next time (sooner than a time queued for the old one, if it is).
        try {
          queue.addAfter(keyOf(cur), nextScheduleDelay(cur, clock.now(), cronJobSchedule(cur)));
        } catch (err) {
          if (!(err instanceof ScheduleError)) throw err;
          log.info('Unparseable schedule for cronjob', { cronjob: keyOf(cur), schedule: cur.spec?.schedule, err: err.message }, 2);
          events.recorder.eventf(cronJobReference(cur), undefined, 'Warning', 'UnParseableCronJobSchedule', 'SyncCronJob', `unparseable schedule for cronjob: ${cur.spec?.schedule ?? ''}`);
        }
      },
      onDelete: (cj) => queue.add(keyOf(cj)),
    });

    ctx.signal.addEventListener('abort', () => queue.shutDown(), { once: true });
    await waitForSync(ctx.signal, cronJobs, jobs);
    if (ctx.signal.aborted) return await events.broadcaster.shutdown();
    const workers = Math.max(1, settings.workers);
    log.info('Cron job controller synced; starting workers', { controller: CONTROLLER_NAME, workers }, 2);

    // A sync that asks to be looked at again is requeued for then; a failure is retried with back-off.
    const worker = async () => {
      for (;;) {
        const next = await queue.get();
        if (next.shutdown) return;
        const key = next.item;
        try {
          const requeueAfter = await syncCronJobKey(deps, key);
          if (requeueAfter !== undefined) {
            queue.forget(key);
            log.info('Re-queuing cronjob', { cronjob: key, requeueAfterMs: requeueAfter }, 4);
            queue.addAfter(key, requeueAfter);
          }
        } catch (err) {
          if (!ctx.signal.aborted) {
            log.error('error syncing CronJobController, requeuing', { cronjob: key, err: (err as Error).message });
            queue.addRateLimited(key);
          }
        } finally {
          queue.done(key);
        }
      }
    };
    await Promise.all(Array.from({ length: workers }, worker));
    await events.broadcaster.shutdown();
  };
}

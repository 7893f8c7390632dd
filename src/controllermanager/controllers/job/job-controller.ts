// The job controller (Kubernetes' pkg/controller/job): runs each Job's pods until enough succeed,
// or the job fails, tracking finished pods with the batch.orch.io/job-tracking finalizer. Job
// events queue the job at once (a status-only change after the one-second batch period); pod events
// queue the owning job after the batch period, or, for an orphan, every job whose selector matches;
// a pod with the finalizer that no unfinished job owns goes to a second queue that takes the
// finalizer off. --concurrent-job-syncs workers sync jobs (sync-job.ts), one worker orphans.
import type { Job } from '../../../api/batch/v1/types.ts';
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import { realClock, type Clock } from '../../../client/clock/clock.ts';
import type { SharedInformer } from '../../../client/cache/shared-informer.ts';
import { NAMESPACE_INDEX } from '../../../client/cache/store.ts';
import { controllerEventRecorder } from '../../../client/record/index.ts';
import { collectionPath, ResourceClient } from '../../../client/rest/resource.ts';
import { ItemExponentialFailureRateLimiter } from '../../../client/workqueue/rate-limiters.ts';
import { RateLimitingQueue } from '../../../client/workqueue/rate-limiting-queue.ts';
import { labelSelectorMatches } from '../../../machinery/selectors/label-selector.ts';
import { deepEqual } from '../../../machinery/validation/immutable.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import type { JobControllerOptions } from '../../../options/controllermanager/controller-options.ts';
import type { ControllerContext, ControllerRun } from '../../controller.ts';
import { runWorker, waitForSync } from '../serviceaccount/queue-worker.ts';
import { BackoffStore } from './backoff.ts';
import { DEFAULT_JOB_TIMINGS, type JobSyncDeps, type JobTimings } from './deps.ts';
import { ControllerExpectations } from '../workload/expectations.ts';
import { RestPodControl } from '../workload/pod-control.ts';
import { controllerRefOf, podKey } from '../workload/pod-state.ts';
import { FinalizerExpectations } from './finalizer-expectations.ts';
import { hasTrackingFinalizer, isJobFinished, jobKey } from './job-state.ts';
import { resolveJobRef, syncOrphanPod } from './orphan-pods.ts';
import { syncJob } from './sync-job.ts';

const log = klog('controllermanager/job');

export const CONTROLLER_NAME = 'job-controller';
const JOBS = { group: 'batch', version: 'v1', resource: 'jobs' };
const PODS = { group: '', version: 'v1', resource: 'pods' };

/** Kubernetes' DefaultJobApiBackOff and MaxJobApiBackOff: a failed sync is retried after 1 s, doubling up to a minute. */
const API_BACKOFF_MS = 1000;
const MAX_API_BACKOFF_MS = 60_000;

export interface JobControllerSettings extends JobControllerOptions {
  clock?: Clock;
  /** Kubernetes' timings unless a test shortens them. */
  timings?: Partial<JobTimings>;
}

export function jobController(settings: JobControllerSettings): ControllerRun {
  return async (ctx: ControllerContext) => {
    const client = ctx.client;
    if (!client || !ctx.informers) throw new Error('the job controller needs an API client and informers');
    const clock = settings.clock ?? realClock;
    const timings: JobTimings = { ...DEFAULT_JOB_TIMINGS, ...settings.timings };
    const jobs: SharedInformer<Job> = ctx.informers.informerFor<Job>(JOBS);
    const pods: SharedInformer<Pod> = ctx.informers.informerFor<Pod>(PODS);
    const apiLimiter = () => new ItemExponentialFailureRateLimiter<string>(API_BACKOFF_MS, MAX_API_BACKOFF_MS);
    const queue = new RateLimitingQueue<string>(clock, apiLimiter());
    const orphanQueue = new RateLimitingQueue<string>(clock, apiLimiter());
    const events = controllerEventRecorder(client, CONTROLLER_NAME, { clock });
    const podControl = new RestPodControl(client, events.recorder, ctx.signal);

    const deps: JobSyncDeps = {
      clock,
      timings,
      podControl,
      recorder: events.recorder,
      expectations: new ControllerExpectations(clock),
      finalizerExpectations: new FinalizerExpectations(),
      backoff: new BackoffStore(),
      cachedJob: (key) => jobs.indexer.get(key),
      liveJob: (ns, name) => new ResourceClient<Job>(client, JOBS, ns).get(name, ctx.signal),
      updateStatus: (job) =>
        client.request<Job>({ method: 'PUT', path: `${collectionPath(JOBS, job.metadata.namespace)}/${encodeURIComponent(job.metadata.name ?? '')}/status`, body: job, signal: ctx.signal }),
      podsInNamespace: (ns) => pods.indexer.byIndex(NAMESPACE_INDEX, ns),
      enqueueAfter: (key, delayMs) => queue.addAfter(key, delayMs),
    };
    const { expectations, finalizerExpectations } = deps;

    const enqueueNow = (job: Job) => queue.add(jobKey(job));
    const enqueueBatched = (job: Job) => queue.addAfter(jobKey(job), timings.syncBatchPeriodMs);
    const enqueueOrphan = (pod: Pod) => orphanQueue.add(podKey(pod));
    const resolve = (ns: string | undefined, ref: ReturnType<typeof controllerRefOf>) => (ref ? resolveJobRef(deps.cachedJob, ns ?? '', ref) : undefined);
    // GetPodJobs: the namespace's jobs whose (non-empty) selector matches the pod.
    const jobsSelecting = (pod: Pod) =>
      jobs.indexer.byIndex(NAMESPACE_INDEX, pod.metadata.namespace ?? '').filter((job) => {
        const selector = job.spec?.selector;
        if (!selector || (!Object.keys(selector.matchLabels ?? {}).length && !(selector.matchExpressions ?? []).length)) return false;
        try {
          return labelSelectorMatches(selector, pod.metadata.labels);
        } catch {
          return false;
        }
      });
    // The job's own pods that still carry the finalizer go to the orphan queue once it is finished or gone.
    const cleanupPodFinalizers = (job: Job) => {
      for (const pod of deps.podsInNamespace(job.metadata.namespace ?? '')) {
        if (controllerRefOf(pod)?.uid === job.metadata.uid && hasTrackingFinalizer(pod)) enqueueOrphan(pod);
      }
    };

    const onPodDeleted = (pod: Pod, final: boolean) => {
      const ref = controllerRefOf(pod);
      const withFinalizer = hasTrackingFinalizer(pod);
      if (!ref) {
        // Its job may have been removed as its owner by the garbage collector.
        if (withFinalizer) enqueueOrphan(pod);
        return;
      }
      const job = resolve(pod.metadata.namespace, ref);
      if (!job || isJobFinished(job)) {
        if (withFinalizer) enqueueOrphan(pod);
        return;
      }
      const key = jobKey(job);
      expectations.deletionObserved(key, podKey(pod));
      if (final || !withFinalizer) finalizerExpectations.removalObserved(key, pod.metadata.uid ?? '');
      enqueueBatched(job);
    };
    pods.addEventHandler({
      onAdd: (pod) => {
        // A pod already being deleted (seen after a restart) is no creation to observe.
        if (pod.metadata.deletionTimestamp) return onPodDeleted(pod, false);
        const ref = controllerRefOf(pod);
        if (ref) {
          const job = resolve(pod.metadata.namespace, ref);
          if (!job) return;
          expectations.creationObserved(jobKey(job));
          return enqueueBatched(job);
        }
        if (hasTrackingFinalizer(pod)) enqueueOrphan(pod);
        for (const job of jobsSelecting(pod)) enqueueBatched(job);
      },
      onUpdate: (old, cur) => {
        // A resync: nothing changed.
        if (old.metadata.resourceVersion === cur.metadata.resourceVersion) return;
        if (cur.metadata.deletionTimestamp) return onPodDeleted(cur, false);
        const finalizerRemoved = !hasTrackingFinalizer(cur);
        const curRef = controllerRefOf(cur);
        const oldRef = controllerRefOf(old);
        const refChanged = !deepEqual(curRef, oldRef);
        const touch = (job: Job) => {
          if (finalizerRemoved) finalizerExpectations.removalObserved(jobKey(job), cur.metadata.uid ?? '');
          enqueueBatched(job);
        };
        if (refChanged && oldRef) {
          const oldJob = resolve(old.metadata.namespace, oldRef);
          if (oldJob) touch(oldJob);
        }
        if (curRef) {
          const job = resolve(cur.metadata.namespace, curRef);
          if (job) touch(job);
          return;
        }
        if (hasTrackingFinalizer(cur)) enqueueOrphan(cur);
        if (refChanged || !deepEqual(cur.metadata.labels ?? {}, old.metadata.labels ?? {})) for (const job of jobsSelecting(cur)) enqueueBatched(job);
      },
      onDelete: (pod) => onPodDeleted(pod, true),
    });
    jobs.addEventHandler({
      onAdd: enqueueNow,
      onUpdate: (old, cur) => {
        // A new spec is synced at once; status writes (mostly this controller's) after the batch period.
        if (cur.metadata.generation === old.metadata.generation) enqueueBatched(cur);
        else enqueueNow(cur);
        // Finalizers are removed before a job is marked finished; this is a backstop.
        if (isJobFinished(cur)) cleanupPodFinalizers(cur);
        const deadline = cur.spec?.activeDeadlineSeconds;
        const start = cur.status?.startTime;
        if (start && deadline !== undefined && deadline !== null && old.spec?.activeDeadlineSeconds !== deadline) {
          const left = deadline * 1000 - (clock.now() - Date.parse(start));
          log.info('The job\'s activeDeadlineSeconds changed; syncing it again then', { job: jobKey(cur), inMs: left }, 4);
          queue.addAfter(jobKey(cur), left);
        }
      },
      onDelete: (job) => {
        enqueueNow(job);
        cleanupPodFinalizers(job);
      },
    });

    ctx.signal.addEventListener('abort', () => {
      queue.shutDown();
      orphanQueue.shutDown();
    }, { once: true });
    await waitForSync(ctx.signal, jobs, pods);
    if (ctx.signal.aborted) return await events.broadcaster.shutdown();
    const workers = Math.max(1, settings.workers);
    log.info('Job controller synced; starting workers', { controller: CONTROLLER_NAME, workers }, 2);
    await Promise.all([
      ...Array.from({ length: workers }, () => runWorker(CONTROLLER_NAME, queue, (key) => syncJob(deps, key), ctx.signal)),
      runWorker(`${CONTROLLER_NAME}/orphans`, orphanQueue, (key) => syncOrphanPod(pods.indexer.get(key), deps.cachedJob, podControl), ctx.signal),
    ]);
    await events.broadcaster.shutdown();
  };
}

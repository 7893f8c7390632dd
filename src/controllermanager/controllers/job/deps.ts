// What a job sync works with, as one object so that tests can hand in fakes: the clock, the
// timings, pod operations with their events, the expectations and back-off kept in memory, the
// job and pod caches, status writes and the queue. The timings are Kubernetes' (a one-second batch
// of pod events, a 10 s back-off doubling up to 10 minutes per failure, at most 500 uncounted pods
// and 500 pod operations per sync); the back-off base may be lowered for tests.
import type { Job } from '../../../api/batch/v1/types.ts';
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import type { Clock } from '../../../client/clock/clock.ts';
import type { EventRecorder } from '../../../client/record/index.ts';
import type { ControllerExpectations } from '../workload/expectations.ts';
import type { PodControl } from '../workload/pod-control.ts';
import type { ClaimingOwner } from '../workload/controller-ref-manager.ts';
import type { BackoffStore } from './backoff.ts';
import type { FinalizerExpectations } from './finalizer-expectations.ts';

export interface JobTimings {
  /** Pod events and status writes are synced this long after (syncJobBatchPeriod). */
  syncBatchPeriodMs: number;
  /** The first pod failure's back-off (DefaultJobPodFailureBackOff). */
  podFailureBackoffMs: number;
  /** The longest back-off (MaxJobPodFailureBackOff). */
  maxPodFailureBackoffMs: number;
  /** MaxUncountedPods. */
  maxUncountedPods: number;
  /** MaxPodCreateDeletePerSync. */
  maxPodCreateDeletePerSync: number;
}

export const DEFAULT_JOB_TIMINGS: JobTimings = {
  syncBatchPeriodMs: 1000,
  podFailureBackoffMs: 10_000,
  maxPodFailureBackoffMs: 10 * 60_000,
  maxUncountedPods: 500,
  maxPodCreateDeletePerSync: 500,
};

export interface JobSyncDeps {
  clock: Clock;
  timings: JobTimings;
  podControl: PodControl;
  recorder: EventRecorder;
  expectations: ControllerExpectations;
  finalizerExpectations: FinalizerExpectations;
  backoff: BackoffStore;
  /** The cached job of a `namespace/name` key. */
  cachedJob(key: string): Job | undefined;
  /** A live read of a job (adoption checks it still exists and is not being deleted). */
  liveJob(namespace: string, name: string): Promise<Job>;
  /** Writes the job's status (PUT /status); resolves with the stored job. */
  updateStatus(job: Job): Promise<Job>;
  /** Every cached pod of a namespace. */
  podsInNamespace(namespace: string): Pod[];
  /** Queues a job key after a delay. */
  enqueueAfter(key: string, delayMs: number): void;
}

/** A job with its type, as an owner and as the regarding object of events (cached objects may lack it). */
export function jobReference(job: Job): ClaimingOwner & { metadata: Job['metadata'] } {
  return { apiVersion: 'batch/v1', kind: 'Job', metadata: job.metadata };
}

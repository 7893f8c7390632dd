// What one sync of a job works from and builds up (Kubernetes' syncJobCtx): the job copy being
// changed, its pods and active pods, the counts so far, the indexes succeeded and failed, the
// back-off record, the pods whose finalizer removal is still awaited, and the finished condition
// once one is decided.
import type { Job, JobCondition } from '../../../api/batch/v1/types.ts';
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import type { BackoffRecord } from './backoff.ts';
import type { Interval } from './intervals.ts';

export interface SyncJobContext {
  job: Job;
  pods: Pod[];
  activePods: Pod[];
  succeeded: number;
  failed: number;
  prevSucceededIndexes: Interval[];
  succeededIndexes: Interval[];
  /** Only with backoffLimitPerIndex. */
  failedIndexes?: Interval[];
  newBackoffRecord: BackoffRecord;
  /** Pods whose tracking finalizer this controller removed and has not yet seen go. */
  expectedRemovedFinalizers: ReadonlySet<string>;
  uncounted: { succeeded: Set<string>; failed: Set<string> };
  /** backoffLimitPerIndex: the failed pod of each index kept until its replacement exists. */
  podsWithDelayedDeletionPerIndex: Map<number, Pod>;
  terminating: number;
  ready: number;
  finishedCondition?: JobCondition;
}

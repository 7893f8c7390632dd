// When a finished job's time to live runs out, as Kubernetes' ttl-after-finished controller reads
// it: a job needs cleaning up once it has spec.ttlSecondsAfterFinished and a Complete or Failed
// condition that is True; it finished at that condition's lastTransitionTime and expires
// ttlSecondsAfterFinished later.
import type { Job } from '../../../api/batch/v1/types.ts';
import { timeToDate } from '../../../api/meta/v1/time.ts';

export function isJobFinished(job: Job): boolean {
  return (job.status?.conditions ?? []).some((c) => (c.type === 'Complete' || c.type === 'Failed') && c.status === 'True');
}

export function needsCleanup(job: Job): boolean {
  return job.spec?.ttlSecondsAfterFinished !== undefined && job.spec.ttlSecondsAfterFinished !== null && isJobFinished(job);
}

/** When the job finished (ms since the epoch); throws when its finishing condition has no time. */
export function jobFinishTime(job: Job): number {
  const ns = job.metadata.namespace;
  const name = job.metadata.name;
  for (const c of job.status?.conditions ?? []) {
    if ((c.type === 'Complete' || c.type === 'Failed') && c.status === 'True') {
      const at = timeToDate(c.lastTransitionTime);
      if (!at) throw new Error(`unable to find the time when the Job ${ns}/${name} finished`);
      return at.getTime();
    }
  }
  throw new Error(`unable to find the status of the finished Job ${ns}/${name}`);
}

export interface TimeLeft {
  finishedAt: number;
  expiresAt: number;
  /** Milliseconds until it expires; zero or less: expired. */
  remainingMs: number;
}

/** How long the job has left at `now`; throws for a job that needs no cleaning up. */
export function timeLeft(job: Job, now: number): TimeLeft {
  if (!needsCleanup(job)) throw new Error(`job ${job.metadata.namespace}/${job.metadata.name} should not be cleaned up`);
  const finishedAt = jobFinishTime(job);
  const expiresAt = finishedAt + (job.spec!.ttlSecondsAfterFinished as number) * 1000;
  return { finishedAt, expiresAt, remainingMs: expiresAt - now };
}

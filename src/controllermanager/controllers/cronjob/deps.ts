// What a cron job sync works with, as one object so that tests can hand in fakes: the clock, the
// event recorder, the caches, and the API calls the controller makes (live reads of a cron job and
// a job, creating and deleting jobs, writing a cron job's status).
import type { CronJob, Job } from '../../../api/batch/v1/types.ts';
import type { Clock } from '../../../client/clock/clock.ts';
import type { EventRecorder } from '../../../client/record/index.ts';

export interface CronJobSyncDeps {
  clock: Clock;
  recorder: EventRecorder;
  cachedCronJob(key: string): CronJob | undefined;
  /** Every cached job of a namespace. */
  jobsInNamespace(namespace: string): Job[];
  liveCronJob(namespace: string, name: string): Promise<CronJob>;
  liveJob(namespace: string, name: string): Promise<Job>;
  createJob(namespace: string, job: Job): Promise<Job>;
  /** Deletes a job and, in the background, its pods. */
  deleteJob(namespace: string, name: string): Promise<void>;
  /** Writes the cron job's status (PUT /status). */
  updateStatus(cronJob: CronJob): Promise<CronJob>;
}

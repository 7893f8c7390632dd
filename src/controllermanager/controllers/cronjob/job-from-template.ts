// The job a cron job makes for a scheduled time, as Kubernetes' getJobFromTemplate2 makes it:
// named `<cron job>-<minutes since the epoch>` so that one scheduled time never makes two jobs,
// with the template's labels and annotations plus batch.orch.io/cronjob-scheduled-timestamp (the
// time in the cron job's time zone, UTC without one), the cron job as its controller, and a copy
// of the template's spec.
import type { CronJob, Job } from '../../../api/batch/v1/types.ts';
import { CRONJOB_SCHEDULED_TIMESTAMP_ANNOTATION } from '../../../api/batch/v1/types.ts';
import { formatRFC3339InZone } from '../../../machinery/cron/zoned-time.ts';
import { newControllerRef } from '../workload/controller-ref-manager.ts';

export function cronJobReference(cronJob: CronJob) {
  return { apiVersion: 'batch/v1', kind: 'CronJob', metadata: cronJob.metadata };
}

/** getJobName: `<name>-<scheduled time in minutes since the epoch>`. */
export function jobNameFor(cronJob: CronJob, scheduledTime: number): string {
  return `${cronJob.metadata.name}-${Math.floor(scheduledTime / 60_000)}`;
}

export function jobFromTemplate(cronJob: CronJob, scheduledTime: number): Job {
  const template = cronJob.spec?.jobTemplate ?? {};
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: {
      name: jobNameFor(cronJob, scheduledTime),
      labels: { ...(template.metadata?.labels ?? {}) },
      annotations: { ...(template.metadata?.annotations ?? {}), [CRONJOB_SCHEDULED_TIMESTAMP_ANNOTATION]: formatRFC3339InZone(scheduledTime, cronJob.spec?.timeZone ?? '') },
      ownerReferences: [newControllerRef(cronJobReference(cronJob))],
    },
    spec: structuredClone(template.spec ?? ({} as NonNullable<Job['spec']>)),
  };
}

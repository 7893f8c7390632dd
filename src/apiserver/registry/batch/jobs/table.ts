// The columns `kubectl get jobs` shows, as Kubernetes prints them: NAME, STATUS (Complete, Failed,
// Terminating, Suspended, FailureTarget, SuccessCriteriaMet or Running), COMPLETIONS (succeeded
// over completions, or over 1 "of" the parallelism), DURATION (start to completion, or to now),
// AGE; -o wide adds the template's CONTAINERS and IMAGES and the SELECTOR.
import type { Job } from '../../../../api/batch/v1/types.ts';
import { timeToDate } from '../../../../api/meta/v1/time.ts';
import { formatLabelSelector } from '../../../../machinery/selectors/format-label-selector.ts';
import { humanDuration, timestampSince } from '../../human-duration.ts';
import type { ResourceTable, TableColumnDefinition } from '../../resource.ts';
import { AGE_COLUMN, NAME_COLUMN } from '../../simple-table.ts';
import { containerCells } from '../../core/pods/template-cells.ts';
import { isConditionTrue } from './status-validation.ts';

const column = (name: string, description: string, priority = 0): TableColumnDefinition => ({ name, type: 'string', format: '', priority, description });

/** The template columns jobs and cron jobs share in -o wide. */
export const TEMPLATE_COLUMNS: readonly TableColumnDefinition[] = [
  column('Containers', 'The names of the template\'s containers.', 1),
  column('Images', 'The images of the template\'s containers.', 1),
  column('Selector', 'The labels a pod must have to be counted by the job.', 1),
];

function jobStatus(job: Job): string {
  const s = job.status;
  if (isConditionTrue(s, 'Complete')) return 'Complete';
  if (isConditionTrue(s, 'Failed')) return 'Failed';
  if (job.metadata.deletionTimestamp) return 'Terminating';
  if (isConditionTrue(s, 'Suspended')) return 'Suspended';
  if (isConditionTrue(s, 'FailureTarget')) return 'FailureTarget';
  if (isConditionTrue(s, 'SuccessCriteriaMet')) return 'SuccessCriteriaMet';
  return 'Running';
}

function completions(job: Job): string {
  const succeeded = job.status?.succeeded ?? 0;
  if (job.spec?.completions !== undefined) return `${succeeded}/${job.spec.completions}`;
  const parallelism = job.spec?.parallelism ?? 0;
  return parallelism > 1 ? `${succeeded}/1 of ${parallelism}` : `${succeeded}/1`;
}

function duration(job: Job, now: Date): string {
  const start = timeToDate(job.status?.startTime);
  if (!start) return '';
  const end = timeToDate(job.status?.completionTime);
  return end ? humanDuration(end.getTime() - start.getTime()) : timestampSince(job.status!.startTime, now);
}

export function jobTable(): ResourceTable<Job> {
  return {
    columns: [
      NAME_COLUMN,
      column('Status', 'Status of the job.'),
      column('Completions', 'The pods that succeeded, over the completions asked for.'),
      column('Duration', 'Time the job took, or has taken so far.'),
      AGE_COLUMN,
      ...TEMPLATE_COLUMNS,
    ],
    row(job) {
      const now = new Date();
      const [names, images] = containerCells(job.spec?.template?.spec?.containers);
      return [
        job.metadata.name ?? '',
        jobStatus(job),
        completions(job),
        duration(job, now),
        timestampSince(job.metadata.creationTimestamp, now),
        names,
        images,
        formatLabelSelector(job.spec?.selector),
      ];
    },
  };
}

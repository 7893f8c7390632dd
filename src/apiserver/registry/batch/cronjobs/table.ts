// The columns `kubectl get cronjobs` shows, as Kubernetes prints them: NAME, SCHEDULE, TIMEZONE
// (<none> when unset), SUSPEND, ACTIVE (jobs running), LAST SCHEDULE (<none> before the first),
// AGE; -o wide adds the job template's CONTAINERS, IMAGES and SELECTOR.
import type { CronJob } from '../../../../api/batch/v1/types.ts';
import { formatLabelSelector } from '../../../../machinery/selectors/format-label-selector.ts';
import { timestampSince } from '../../human-duration.ts';
import type { ResourceTable, TableColumnDefinition } from '../../resource.ts';
import { AGE_COLUMN, NAME_COLUMN } from '../../simple-table.ts';
import { containerCells } from '../../core/pods/template-cells.ts';
import { TEMPLATE_COLUMNS } from '../jobs/table.ts';

const column = (name: string, type: string, description: string): TableColumnDefinition => ({ name, type, format: '', priority: 0, description });

export function cronJobTable(): ResourceTable<CronJob> {
  return {
    columns: [
      NAME_COLUMN,
      column('Schedule', 'string', 'The schedule in cron form.'),
      column('Timezone', 'string', 'The time zone the schedule is read in.'),
      column('Suspend', 'boolean', 'Whether new jobs are held back.'),
      column('Active', 'integer', 'The jobs running now.'),
      column('Last Schedule', 'string', 'When a job was last made.'),
      AGE_COLUMN,
      ...TEMPLATE_COLUMNS,
    ],
    row(cj) {
      const now = new Date();
      const spec = cj.spec;
      const suspend = spec?.suspend === undefined ? '<unset>' : spec.suspend ? 'True' : 'False';
      const last = cj.status?.lastScheduleTime ? timestampSince(cj.status.lastScheduleTime, now) : '<none>';
      const jobSpec = spec?.jobTemplate?.spec;
      const [names, images] = containerCells(jobSpec?.template?.spec?.containers);
      return [
        cj.metadata.name ?? '',
        spec?.schedule ?? '',
        spec?.timeZone ?? '<none>',
        suspend,
        cj.status?.active?.length ?? 0,
        last,
        timestampSince(cj.metadata.creationTimestamp, now),
        names,
        images,
        formatLabelSelector(jobSpec?.selector),
      ];
    },
  };
}

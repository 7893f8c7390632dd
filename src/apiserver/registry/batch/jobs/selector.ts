// The selector Kubernetes generates for a job that does not choose its own (manualSelector
// false): the template is labelled with the job's name and uid under both the batch.orch.io/
// keys and the legacy unprefixed ones (labels the user set are kept, and validation refuses
// them if they disagree), and the selector matches batch.orch.io/controller-uid.
import { CONTROLLER_UID_LABEL, JOB_NAME_LABEL, LEGACY_CONTROLLER_UID_LABEL, LEGACY_JOB_NAME_LABEL, type Job } from '../../../../api/batch/v1/types.ts';

export function generateSelector(job: Job): void {
  const spec = job.spec!;
  const template = (spec.template ??= {});
  const meta = (template.metadata ??= {});
  const labels = (meta.labels ??= {});
  const name = job.metadata.name ?? '';
  const uid = job.metadata.uid ?? '';
  for (const key of [LEGACY_JOB_NAME_LABEL, JOB_NAME_LABEL]) if (!(key in labels)) labels[key] = name;
  for (const key of [LEGACY_CONTROLLER_UID_LABEL, CONTROLLER_UID_LABEL]) if (!(key in labels)) labels[key] = uid;
  // Kubernetes writes maps with their keys sorted.
  meta.labels = Object.fromEntries(Object.entries(labels).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const selector = (spec.selector ??= {});
  const matchLabels = (selector.matchLabels ??= {});
  if (!(CONTROLLER_UID_LABEL in matchLabels)) matchLabels[CONTROLLER_UID_LABEL] = uid;
}

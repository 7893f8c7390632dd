// batch/v1 CronJob: namespaced, short name cj, in category all, with /status. Bodies get the
// CronJob defaults as they are decoded; selected by metadata only.
import type { CronJob } from '../../../../api/batch/v1/types.ts';
import { BATCH_GROUP, BATCH_VERSION } from '../../../../api/batch/v1/types.ts';
import { objectMetaFieldSet } from '../../../../machinery/selectors/fields.ts';
import { kindSchema } from '../../../../machinery/openapi/kind-schemas.ts';
import { cloneJson } from '../../../../machinery/patch/json-value.ts';
import { servedAsStoredNames } from '../../declaration-names.ts';
import { ALL_VERBS, type ResourceDeclaration } from '../../resource.ts';
import { cronJobStatusStrategy, cronJobStrategy, defaultCronJob } from './strategy.ts';
import { cronJobTable } from './table.ts';

export function cronJobsDeclaration() {
  return {
    ...servedAsStoredNames(BATCH_GROUP, BATCH_VERSION, 'CronJob', 'cronjobs'),
    singular: 'cronjob',
    shortNames: ['cj'],
    categories: ['all'],
    namespaced: true,
    strategy: cronJobStrategy,
    schema: kindSchema('io.orch.api.batch.v1.CronJob'),
    decode: (raw) => defaultCronJob(raw as CronJob),
    toStored: (cj: CronJob) => cj,
    fromStored: (cj: CronJob) => cloneJson(cj),
    fieldSet: (cj: CronJob) => objectMetaFieldSet(cj.metadata, true),
    allowedFieldSelectors: ['metadata.name', 'metadata.namespace'],
    table: cronJobTable(),
    verbs: ALL_VERBS,
    openapiDefinition: 'io.orch.api.batch.v1.CronJob',
    protobuf: true,
    subresources: { status: { verbs: ['get', 'patch', 'update'], strategy: cronJobStatusStrategy } },
  } satisfies ResourceDeclaration<CronJob, CronJob>;
}

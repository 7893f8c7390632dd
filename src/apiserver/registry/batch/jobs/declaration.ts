// batch/v1 Job: namespaced, in category all, with /status. Bodies get the Job defaults as they
// are decoded; selected by metadata and status.successful.
import type { Job } from '../../../../api/batch/v1/types.ts';
import { BATCH_GROUP, BATCH_VERSION } from '../../../../api/batch/v1/types.ts';
import { objectMetaFieldSet } from '../../../../machinery/selectors/fields.ts';
import { kindSchema } from '../../../../machinery/openapi/kind-schemas.ts';
import { cloneJson } from '../../../../machinery/patch/json-value.ts';
import { servedAsStoredNames } from '../../declaration-names.ts';
import { ALL_VERBS, type ResourceDeclaration } from '../../resource.ts';
import { defaultJob } from './defaults.ts';
import { jobStatusStrategy, jobStrategy } from './strategy.ts';
import { jobTable } from './table.ts';

export function jobsDeclaration() {
  return {
    ...servedAsStoredNames(BATCH_GROUP, BATCH_VERSION, 'Job', 'jobs'),
    singular: 'job',
    shortNames: [],
    categories: ['all'],
    namespaced: true,
    strategy: jobStrategy,
    schema: kindSchema('io.orch.api.batch.v1.Job'),
    decode: (raw) => defaultJob(raw as Job),
    toStored: (job: Job) => job,
    fromStored: (job: Job) => cloneJson(job),
    fieldSet: (job: Job) => ({ ...objectMetaFieldSet(job.metadata, true), 'status.successful': String(job.status?.succeeded ?? 0) }),
    allowedFieldSelectors: ['metadata.name', 'metadata.namespace', 'status.successful'],
    table: jobTable(),
    verbs: ALL_VERBS,
    openapiDefinition: 'io.orch.api.batch.v1.Job',
    protobuf: true,
    subresources: { status: { verbs: ['get', 'patch', 'update'], strategy: jobStatusStrategy } },
  } satisfies ResourceDeclaration<Job, Job>;
}

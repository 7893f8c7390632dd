// apps/v1 ControllerRevision: namespaced, no short name and not in category all; its data is
// fixed at create. Selected by metadata only.
import type { ControllerRevision } from '../../../../api/apps/v1/types.ts';
import { objectMetaFieldSet } from '../../../../machinery/selectors/fields.ts';
import { kindSchema } from '../../../../machinery/openapi/kind-schemas.ts';
import { cloneJson } from '../../../../machinery/patch/json-value.ts';
import { ALL_VERBS, validatingStrategy, type ResourceDeclaration } from '../../resource.ts';
import { servedAsStoredNames } from '../../declaration-names.ts';
import { controllerRevisionTable } from './table.ts';
import { validateControllerRevision, validateControllerRevisionUpdate } from './validation.ts';

export function controllerRevisionsDeclaration() {
  return {
    ...servedAsStoredNames('apps', 'v1', 'ControllerRevision', 'controllerrevisions'),
    singular: 'controllerrevision',
    shortNames: [],
    categories: [],
    namespaced: true,
    strategy: validatingStrategy({ validate: validateControllerRevision, validateUpdate: validateControllerRevisionUpdate, allowCreateOnUpdate: false }),
    schema: kindSchema('io.orch.api.apps.v1.ControllerRevision'),
    toStored: (rev: ControllerRevision) => rev,
    fromStored: (rev: ControllerRevision) => cloneJson(rev),
    fieldSet: (rev: ControllerRevision) => objectMetaFieldSet(rev.metadata, true),
    allowedFieldSelectors: ['metadata.name', 'metadata.namespace'],
    table: controllerRevisionTable(),
    verbs: ALL_VERBS,
    openapiDefinition: 'io.orch.api.apps.v1.ControllerRevision',
    protobuf: true,
  } satisfies ResourceDeclaration<ControllerRevision, ControllerRevision>;
}

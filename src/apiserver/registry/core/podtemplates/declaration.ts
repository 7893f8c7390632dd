// core/v1 PodTemplate: namespaced, no short name or categories; its template is defaulted and
// validated as a pod template spec.
import type { PodTemplate } from '../../../../api/core/v1/pod-types.ts';
import { objectMetaFieldSet } from '../../../../machinery/selectors/fields.ts';
import { kindSchema } from '../../../../machinery/openapi/kind-schemas.ts';
import { cloneJson } from '../../../../machinery/patch/json-value.ts';
import { ALL_VERBS, type ResourceDeclaration } from '../../resource.ts';
import { defaultPodTemplate, podTemplateStrategy } from './strategy.ts';
import { podTemplateTable } from './table.ts';

export function podTemplatesDeclaration() {
  return {
    group: '',
    version: 'v1',
    kind: 'PodTemplate',
    listKind: 'PodTemplateList',
    plural: 'podtemplates',
    singular: 'podtemplate',
    shortNames: [],
    categories: [],
    namespaced: true,
    storageResource: { group: '', resource: 'podtemplates' },
    storageVersion: { group: '', version: 'v1', kind: 'PodTemplate' },
    strategy: podTemplateStrategy,
    schema: kindSchema('io.orch.api.core.v1.PodTemplate'),
    decode: (raw) => defaultPodTemplate(raw as PodTemplate),
    toStored: (tpl: PodTemplate) => tpl,
    fromStored: (tpl: PodTemplate) => cloneJson(tpl),
    fieldSet: (tpl: PodTemplate) => objectMetaFieldSet(tpl.metadata, true),
    allowedFieldSelectors: ['metadata.name', 'metadata.namespace'],
    table: podTemplateTable(),
    verbs: ALL_VERBS,
    openapiDefinition: 'io.orch.api.core.v1.PodTemplate',
    protobuf: true,
  } satisfies ResourceDeclaration<PodTemplate, PodTemplate>;
}

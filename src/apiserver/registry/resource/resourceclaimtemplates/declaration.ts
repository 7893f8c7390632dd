// resource.orch.io/v1 ResourceClaimTemplate: namespaced, immutable spec, NAME AGE table; its
// claim's requests are defaulted when decoded as a claim's are.
import type { ResourceClaimTemplate } from '../../../../api/resource/v1/types.ts';
import { RESOURCE_GROUP } from '../../../../api/resource/v1/types.ts';
import { objectMetaFieldSet } from '../../../../machinery/selectors/fields.ts';
import { kindSchema } from '../../../../machinery/openapi/kind-schemas.ts';
import { cloneJson } from '../../../../machinery/patch/json-value.ts';
import { ALL_VERBS, validatingStrategy, type ResourceDeclaration } from '../../resource.ts';
import { nameAgeTable } from '../../simple-table.ts';
import { defaultDeviceClaim } from '../defaults.ts';
import { validateResourceClaimTemplate, validateResourceClaimTemplateUpdate } from './validation.ts';

export function resourceClaimTemplatesDeclaration() {
  return {
    group: RESOURCE_GROUP,
    version: 'v1',
    kind: 'ResourceClaimTemplate',
    listKind: 'ResourceClaimTemplateList',
    plural: 'resourceclaimtemplates',
    singular: 'resourceclaimtemplate',
    shortNames: [],
    categories: [],
    namespaced: true,
    storageResource: { group: RESOURCE_GROUP, resource: 'resourceclaimtemplates' },
    storageVersion: { group: RESOURCE_GROUP, version: 'v1', kind: 'ResourceClaimTemplate' },
    strategy: validatingStrategy<ResourceClaimTemplate>({ validate: validateResourceClaimTemplate, validateUpdate: validateResourceClaimTemplateUpdate, allowCreateOnUpdate: false }),
    schema: kindSchema('io.orch.api.resource.v1.ResourceClaimTemplate'),
    decode: (raw) => {
      const tpl = raw as ResourceClaimTemplate;
      defaultDeviceClaim(tpl.spec?.spec?.devices);
      return tpl;
    },
    toStored: (tpl: ResourceClaimTemplate) => tpl,
    fromStored: (tpl: ResourceClaimTemplate) => cloneJson(tpl),
    fieldSet: (tpl: ResourceClaimTemplate) => objectMetaFieldSet(tpl.metadata, true),
    allowedFieldSelectors: ['metadata.name', 'metadata.namespace'],
    table: nameAgeTable<ResourceClaimTemplate>([], () => []),
    verbs: ALL_VERBS,
    openapiDefinition: 'io.orch.api.resource.v1.ResourceClaimTemplate',
    protobuf: true,
  } satisfies ResourceDeclaration<ResourceClaimTemplate, ResourceClaimTemplate>;
}

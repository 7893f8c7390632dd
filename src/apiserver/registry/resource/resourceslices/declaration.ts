// resource.orch.io/v1 ResourceSlice: cluster-scoped, selected by spec.nodeName and spec.driver
// (what node agents and drivers list their own slices by); NAME NODE DRIVER POOL AGE table.
import type { ResourceSlice } from '../../../../api/resource/v1/types.ts';
import { RESOURCE_GROUP } from '../../../../api/resource/v1/types.ts';
import { objectMetaFieldSet } from '../../../../machinery/selectors/fields.ts';
import { kindSchema } from '../../../../machinery/openapi/kind-schemas.ts';
import { cloneJson } from '../../../../machinery/patch/json-value.ts';
import { ALL_VERBS, type ResourceDeclaration } from '../../resource.ts';
import { nameAgeTable } from '../../simple-table.ts';
import { defaultResourceSliceSpec } from '../defaults.ts';
import { resourceSliceStrategy } from './strategy.ts';

export function resourceSlicesDeclaration() {
  return {
    group: RESOURCE_GROUP,
    version: 'v1',
    kind: 'ResourceSlice',
    listKind: 'ResourceSliceList',
    plural: 'resourceslices',
    singular: 'resourceslice',
    shortNames: [],
    categories: [],
    namespaced: false,
    storageResource: { group: RESOURCE_GROUP, resource: 'resourceslices' },
    storageVersion: { group: RESOURCE_GROUP, version: 'v1', kind: 'ResourceSlice' },
    strategy: resourceSliceStrategy,
    schema: kindSchema('io.orch.api.resource.v1.ResourceSlice'),
    decode: (raw) => {
      const slice = raw as ResourceSlice;
      defaultResourceSliceSpec(slice.spec);
      return slice;
    },
    toStored: (slice: ResourceSlice) => slice,
    fromStored: (slice: ResourceSlice) => cloneJson(slice),
    fieldSet: (slice: ResourceSlice) => ({
      ...objectMetaFieldSet(slice.metadata, false),
      'spec.nodeName': slice.spec?.nodeName ?? '',
      'spec.driver': slice.spec?.driver ?? '',
    }),
    allowedFieldSelectors: ['metadata.name', 'spec.nodeName', 'spec.driver'],
    table: nameAgeTable<ResourceSlice>(
      [
        { name: 'Node', type: 'string', format: '', priority: 0, description: 'The node that provides the devices of the pool, if one node does.' },
        { name: 'Driver', type: 'string', format: '', priority: 0, description: 'The driver that publishes the slice.' },
        { name: 'Pool', type: 'string', format: '', priority: 0, description: 'The pool the slice belongs to.' },
      ],
      (slice) => [slice.spec?.nodeName ?? '', slice.spec?.driver ?? '', slice.spec?.pool?.name ?? ''],
    ),
    verbs: ALL_VERBS,
    openapiDefinition: 'io.orch.api.resource.v1.ResourceSlice',
    protobuf: true,
  } satisfies ResourceDeclaration<ResourceSlice, ResourceSlice>;
}

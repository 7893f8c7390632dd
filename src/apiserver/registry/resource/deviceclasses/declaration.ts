// resource.orch.io/v1 DeviceClass: cluster-scoped, no short names; NAME AGE table.
import type { DeviceClass } from '../../../../api/resource/v1/types.ts';
import { RESOURCE_GROUP } from '../../../../api/resource/v1/types.ts';
import { objectMetaFieldSet } from '../../../../machinery/selectors/fields.ts';
import { kindSchema } from '../../../../machinery/openapi/kind-schemas.ts';
import { cloneJson } from '../../../../machinery/patch/json-value.ts';
import { ALL_VERBS, type ResourceDeclaration } from '../../resource.ts';
import { nameAgeTable } from '../../simple-table.ts';
import { deviceClassStrategy } from './strategy.ts';

export function deviceClassesDeclaration() {
  return {
    group: RESOURCE_GROUP,
    version: 'v1',
    kind: 'DeviceClass',
    listKind: 'DeviceClassList',
    plural: 'deviceclasses',
    singular: 'deviceclass',
    shortNames: [],
    categories: [],
    namespaced: false,
    storageResource: { group: RESOURCE_GROUP, resource: 'deviceclasses' },
    storageVersion: { group: RESOURCE_GROUP, version: 'v1', kind: 'DeviceClass' },
    strategy: deviceClassStrategy,
    schema: kindSchema('io.orch.api.resource.v1.DeviceClass'),
    toStored: (dc: DeviceClass) => dc,
    fromStored: (dc: DeviceClass) => cloneJson(dc),
    fieldSet: (dc: DeviceClass) => objectMetaFieldSet(dc.metadata, false),
    allowedFieldSelectors: ['metadata.name'],
    table: nameAgeTable<DeviceClass>([], () => []),
    verbs: ALL_VERBS,
    openapiDefinition: 'io.orch.api.resource.v1.DeviceClass',
    protobuf: true,
  } satisfies ResourceDeclaration<DeviceClass, DeviceClass>;
}

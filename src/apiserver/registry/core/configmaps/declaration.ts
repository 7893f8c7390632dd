// core/v1 ConfigMap: namespaced, short name cm; immutable once `immutable: true`, 1 MiB of values.
import type { ConfigMap } from '../../../../api/core/v1/configmap-types.ts';
import { objectMetaFieldSet } from '../../../../machinery/selectors/fields.ts';
import { ALL_VERBS, validatingStrategy, type ResourceDeclaration, type ResourceStrategy } from '../../resource.ts';
import { nameAgeTable } from '../../simple-table.ts';
import { validateConfigMap, validateConfigMapUpdate } from './validation.ts';
import { kindSchema } from '../../../../machinery/openapi/kind-schemas.ts';

export const configMapStrategy: ResourceStrategy<ConfigMap> = validatingStrategy({ validate: validateConfigMap, validateUpdate: validateConfigMapUpdate, allowCreateOnUpdate: false });

export function configMapsDeclaration() {
  return {
    group: '',
    version: 'v1',
    kind: 'ConfigMap',
    listKind: 'ConfigMapList',
    plural: 'configmaps',
    singular: 'configmap',
    shortNames: ['cm'],
    categories: [],
    namespaced: true,
    storageResource: { group: '', resource: 'configmaps' },
    storageVersion: { group: '', version: 'v1', kind: 'ConfigMap' },
    strategy: configMapStrategy,
    toStored: (cm: ConfigMap) => cm,
    fromStored: (cm: ConfigMap) => structuredClone(cm),
    fieldSet: (cm: ConfigMap) => objectMetaFieldSet(cm.metadata, true),
    allowedFieldSelectors: ['metadata.name', 'metadata.namespace'],
    table: nameAgeTable<ConfigMap>(
      [{ name: 'Data', type: 'string', format: '', priority: 0, description: 'Number of keys in data and binaryData.' }],
      (cm) => [Object.keys(cm.data ?? {}).length + Object.keys(cm.binaryData ?? {}).length],
    ),
    verbs: ALL_VERBS,
    openapiDefinition: 'io.orch.api.core.v1.ConfigMap',
    schema: kindSchema('io.orch.api.core.v1.ConfigMap'),
    protobuf: true,
  } satisfies ResourceDeclaration<ConfigMap, ConfigMap>;
}

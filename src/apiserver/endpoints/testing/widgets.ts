// A small resource used by the REST machinery's own tests: widgets.test.orch.io/v1.
import type { ApiObject } from '../../../api/meta/v1/types.ts';
import type { StatusCause } from '../../../machinery/status.ts';
import type { ResourceDeclaration } from '../../registry/resource.ts';
import { ALL_VERBS } from '../../registry/resource.ts';
import { objectMetaSchema } from '../../../machinery/patch/index.ts';
import type { StructuralSchema } from '../../../machinery/schema/structural.ts';

export interface Widget extends ApiObject {
  spec?: { size?: number; color?: string };
}

const schema: StructuralSchema = {
  type: 'object',
  properties: {
    apiVersion: { type: 'string' },
    kind: { type: 'string' },
    metadata: objectMetaSchema,
    spec: { type: 'object', properties: { size: { type: 'integer' }, color: { type: 'string' } } },
  },
  goType: 'v1.Widget',
};

function validate(w: Widget): StatusCause[] {
  const size = w.spec?.size;
  if (size !== undefined && (typeof size !== 'number' || size < 0)) {
    return [{ reason: 'FieldValueInvalid', field: 'spec.size', message: `Invalid value: ${JSON.stringify(size)}: must be greater than or equal to 0` }];
  }
  return [];
}

export function widgetDeclaration(opts: { ttlSeconds?: number } = {}) {
  return {
    group: 'test.orch.io',
    version: 'v1',
    kind: 'Widget',
    listKind: 'WidgetList',
    plural: 'widgets',
    singular: 'widget',
    shortNames: ['wd'],
    categories: ['all'],
    namespaced: true,
    storageResource: { group: 'test.orch.io', resource: 'widgets' },
    storageVersion: { group: 'test.orch.io', version: 'v1', kind: 'Widget' },
    strategy: {
      prepareForCreate: () => {},
      prepareForUpdate: () => {},
      validate,
      validateUpdate: (w) => validate(w),
      warningsOnCreate: (w) => (w.spec?.color === 'mauve' ? ['mauve is deprecated'] : []),
      warningsOnUpdate: () => [],
      canonicalize: () => {},
      allowCreateOnUpdate: true,
      allowUnconditionalUpdate: true,
    },
    toStored: (w) => w,
    fromStored: (w) => structuredClone(w),
    fieldSet: (w) => ({ 'metadata.name': w.metadata.name ?? '', 'metadata.namespace': w.metadata.namespace ?? '', 'spec.color': w.spec?.color ?? '' }),
    allowedFieldSelectors: ['metadata.name', 'metadata.namespace', 'spec.color'],
    table: {
      columns: [
        { name: 'Name', type: 'string', format: 'name', description: 'Name', priority: 0 },
        { name: 'Color', type: 'string', format: '', description: 'Color', priority: 0 },
      ],
      row: (w) => [w.metadata.name, w.spec?.color ?? ''],
    },
    ttlSeconds: opts.ttlSeconds ? () => opts.ttlSeconds : undefined,
    verbs: ALL_VERBS,
    openapiDefinition: 'Widget',
    schema,
  } satisfies ResourceDeclaration<Widget, Widget>;
}

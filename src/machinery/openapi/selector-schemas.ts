// meta/v1 LabelSelector, which RBAC aggregation rules and admission configuration refer to, and
// FieldSelectorRequirement, which access reviews carry. Field numbers are Kubernetes' (apimachinery
// meta/v1 generated.proto).
import { META_V1 } from './names.ts';
import { tag } from './protobuf-extension.ts';
import { object, refArray, str, stringList, stringMap, type Dialect, type Schema } from './schema-builder.ts';

const m = (n: string) => `${META_V1}.${n}`;

export function selectorSchemas(d: Dialect): Record<string, Schema> {
  return {
    [m('LabelSelectorRequirement')]: object(
      'A selector requirement: a key, an operator and values.',
      {
        key: tag(1, str('The label key the selector applies to.', { default: '' })),
        operator: tag(2, str('In, NotIn, Exists or DoesNotExist.', { default: '' })),
        values: tag(3, stringList('Values for In and NotIn; empty for Exists and DoesNotExist.', { 'x-kubernetes-list-type': 'atomic' })),
      },
      { required: ['key', 'operator'] },
    ),
    [m('FieldSelectorRequirement')]: object(
      'A field selector requirement: a key, an operator and values.',
      {
        key: tag(1, str('The field selector key the requirement applies to.', { default: '' })),
        operator: tag(2, str('In, NotIn, Exists or DoesNotExist.', { default: '' })),
        values: tag(3, stringList('Values for In and NotIn; empty for Exists and DoesNotExist.', { 'x-kubernetes-list-type': 'atomic' })),
      },
      { required: ['key', 'operator'] },
    ),
    [m('LabelSelector')]: object(
      'A label query over a set of resources; the requirements are ANDed. An empty selector matches everything.',
      {
        matchExpressions: tag(2, refArray(d, m('LabelSelectorRequirement'), 'Label selector requirements, ANDed.', { 'x-kubernetes-list-type': 'atomic' })),
        matchLabels: tag(1, stringMap('Label key/value pairs, each equivalent to an In requirement with one value.')),
      },
      { extra: { 'x-kubernetes-map-type': 'atomic' } },
    ),
  };
}

// meta/v1 LabelSelector, which RBAC aggregation rules and admission configuration refer to.
import { META_V1 } from './names.ts';
import { object, refArray, str, stringList, stringMap, type Dialect, type Schema } from './schema-builder.ts';

const m = (n: string) => `${META_V1}.${n}`;

export function selectorSchemas(d: Dialect): Record<string, Schema> {
  return {
    [m('LabelSelectorRequirement')]: object(
      'A selector requirement: a key, an operator and values.',
      {
        key: str('The label key the selector applies to.', { default: '' }),
        operator: str('In, NotIn, Exists or DoesNotExist.', { default: '' }),
        values: stringList('Values for In and NotIn; empty for Exists and DoesNotExist.', { 'x-kubernetes-list-type': 'atomic' }),
      },
      { required: ['key', 'operator'] },
    ),
    [m('LabelSelector')]: object(
      'A label query over a set of resources; the requirements are ANDed. An empty selector matches everything.',
      {
        matchExpressions: refArray(d, m('LabelSelectorRequirement'), 'Label selector requirements, ANDed.', { 'x-kubernetes-list-type': 'atomic' }),
        matchLabels: stringMap('Label key/value pairs, each equivalent to an In requirement with one value.'),
      },
      { extra: { 'x-kubernetes-map-type': 'atomic' } },
    ),
  };
}

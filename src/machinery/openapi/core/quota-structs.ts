// core/v1's namespace policy kinds: LimitRange (per-object bounds and defaults for compute and
// storage) and ResourceQuota (aggregate limits, with scopes and a scope selector). Field numbers
// and tags are Kubernetes' (k8s.io/api core/v1); descriptions are our own.
import type { StructDecl } from '../go-structs.ts';

const RESOURCE_LIST = 'map[string]Quantity:ResourceList';

export const quotaStructs: Record<string, StructDecl> = {
  LimitRangeItem: {
    doc: 'The bounds and defaults for one kind of object (Pod, Container or PersistentVolumeClaim).',
    fields: [
      ['type', 1, 'string:LimitType', 'The kind of object these limits apply to.'],
      ['max,omitempty', 2, RESOURCE_LIST, 'The most of each resource an object of this kind may use.'],
      ['min,omitempty', 3, RESOURCE_LIST, 'The least of each resource an object of this kind must ask for.'],
      ['default,omitempty', 4, RESOURCE_LIST, 'The limit a container gets for each resource it sets no limit for.'],
      ['defaultRequest,omitempty', 5, RESOURCE_LIST, 'The request a container gets for each resource it sets no request for.'],
      ['maxLimitRequestRatio,omitempty', 6, RESOURCE_LIST, 'For each resource, the largest allowed ratio of limit to request; both must then be set and non-zero.'],
    ],
  },
  LimitRangeSpec: {
    doc: 'The limits a limit range enforces.',
    fields: [['limits', 1, '[]LimitRangeItem', 'The limits, at most one per kind of object.', { listType: 'atomic' }]],
  },
  LimitRange: {
    doc: 'LimitRange bounds the resources each pod, container or claim in its namespace may use, and gives containers default requests and limits.',
    kind: { group: '', version: 'v1', kind: 'LimitRange' },
    listDoc: 'A list of limit ranges.',
    fields: [
      ['metadata,omitempty', 1, 'meta.ObjectMeta', 'Standard object metadata.'],
      ['spec,omitempty', 2, 'LimitRangeSpec', 'The limits enforced.'],
    ],
  },
  ScopedResourceSelectorRequirement: {
    doc: 'One condition of a scope selector: a scope, an operator and the values it compares with.',
    fields: [
      ['scopeName', 1, 'string:ResourceQuotaScope', 'The scope the condition is about.'],
      ['operator', 2, 'string:ScopeSelectorOperator', 'How the scope relates to the values: In, NotIn, Exists or DoesNotExist.'],
      ['values,omitempty', 3, '[]string', 'The values to compare with: at least one for In and NotIn, none for Exists and DoesNotExist.', { listType: 'atomic' }],
    ],
  },
  ScopeSelector: {
    doc: 'Conditions, all of which an object must meet to be counted by the quota.',
    atomic: true,
    fields: [['matchExpressions,omitempty', 1, '[]ScopedResourceSelectorRequirement', 'The conditions, combined with AND.', { listType: 'atomic' }]],
  },
  ResourceQuotaSpec: {
    doc: 'The hard limits a quota asks for, and which objects it counts.',
    fields: [
      ['hard,omitempty', 1, RESOURCE_LIST, 'The limit for each named resource.'],
      ['scopes,omitempty', 2, '[]string:ResourceQuotaScope', 'Filters every counted object must match; without them the quota counts every object.', { listType: 'atomic' }],
      ['*scopeSelector,omitempty', 3, 'ScopeSelector', 'Conditions on scopes, combined with scopes: an object is counted only when it matches both.'],
    ],
  },
  ResourceQuotaStatus: {
    doc: 'The limits the quota enforces and what the namespace uses of them.',
    fields: [
      ['hard,omitempty', 1, RESOURCE_LIST, 'The limits enforced, for each named resource.'],
      ['used,omitempty', 2, RESOURCE_LIST, 'What the namespace currently uses of each resource.'],
    ],
  },
  ResourceQuota: {
    doc: 'ResourceQuota limits the total resources and object counts a namespace may use.',
    kind: { group: '', version: 'v1', kind: 'ResourceQuota' },
    listDoc: 'A list of resource quotas.',
    fields: [
      ['metadata,omitempty', 1, 'meta.ObjectMeta', 'Standard object metadata.'],
      ['spec,omitempty', 2, 'ResourceQuotaSpec', 'The quota asked for.'],
      ['status,omitempty', 3, 'ResourceQuotaStatus', 'The quota enforced and its current use; changed only through /status.'],
    ],
  },
};

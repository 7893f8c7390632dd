// Definitions of the namespace policy kinds of core/v1: LimitRange (per-object bounds and
// defaults for compute and storage) and ResourceQuota (aggregate limits, with scopes and a scope
// selector), and of resource.Quantity, which they hold. Shapes, defaults and list types are as
// Kubernetes publishes them; descriptions are our own. Field numbers are Kubernetes' (k8s.io/api
// core/v1 generated.proto); a Quantity is a message of its own on the wire.

import { CORE_V1, META_V1, QUANTITY } from './names.ts';
import { tag, wire } from './protobuf-extension.ts';
import { object, refArray, refProp, str, stringList, type Dialect, type Schema } from './schema-builder.ts';
import { API_VERSION_DOC as apiVersionDoc, KIND_DOC as kindDoc, listSchema } from './list-schema.ts';

const meta = (n: string) => `${META_V1}.${n}`;
const core = (n: string) => `${CORE_V1}.${n}`;


function refPath(d: Dialect, name: string): string {
  return d.v3 ? `#/components/schemas/${name}` : `#/definitions/${name}`;
}

/** A ResourceList: quantities by resource name (a bare reference in both dialects). */
function quantityMap(d: Dialect, description: string): Schema {
  return { additionalProperties: { $ref: refPath(d, QUANTITY) }, description, type: 'object' };
}

const list = (d: Dialect, kind: string, item: string, doc: string): Schema => listSchema(d, { item: core(item), group: '', kind, doc });

const quantityDoc = 'A fixed-point number with an optional suffix: a decimal SI suffix (n, u, m, k, M, G, T, P, E), a binary one '
  + '(Ki, Mi, Gi, Ti, Pi, Ei) or a decimal exponent (e3, E-2). Values are exact and rounded up to nano units; the server '
  + 'writes them back in canonical form, e.g. 0.5 as 500m and 1024Mi as 1Gi.';

export function policySchemas(d: Dialect): Record<string, Schema> {
  return {
    [QUANTITY]: d.v3
      ? { description: quantityDoc, oneOf: [{ type: 'string' }, { type: 'number' }], ...wire('Quantity') }
      : { description: quantityDoc, type: 'string', ...wire('Quantity') },
    [core('LimitRangeItem')]: object('The bounds and defaults for one kind of object (Pod, Container or PersistentVolumeClaim).', {
      default: tag(4, quantityMap(d, 'The limit a container gets for each resource it sets no limit for.')),
      defaultRequest: tag(5, quantityMap(d, 'The request a container gets for each resource it sets no request for.')),
      max: tag(2, quantityMap(d, 'The most of each resource an object of this kind may use.')),
      maxLimitRequestRatio: tag(6, quantityMap(d, 'For each resource, the largest allowed ratio of limit to request; both must then be set and non-zero.')),
      min: tag(3, quantityMap(d, 'The least of each resource an object of this kind must ask for.')),
      type: tag(1, str('The kind of object these limits apply to.', { default: '' })),
    }, { required: ['type'] }),
    [core('LimitRangeSpec')]: object('The limits a limit range enforces.', {
      limits: tag(1, refArray(d, core('LimitRangeItem'), 'The limits, at most one per kind of object.', { 'x-kubernetes-list-type': 'atomic' })),
    }, { required: ['limits'] }),
    [core('LimitRange')]: object(
      'LimitRange bounds the resources each pod, container or claim in its namespace may use, and gives containers default requests and limits.',
      {
        apiVersion: str(apiVersionDoc),
        kind: str(kindDoc),
        metadata: tag(1, refProp(d, meta('ObjectMeta'), 'Standard object metadata.', true)),
        spec: tag(2, refProp(d, core('LimitRangeSpec'), 'The limits enforced.', true)),
      },
      { gvk: [{ group: '', kind: 'LimitRange', version: 'v1' }] },
    ),
    [core('LimitRangeList')]: list(d, 'LimitRangeList', 'LimitRange', 'A list of limit ranges.'),
    [core('ScopedResourceSelectorRequirement')]: object('One condition of a scope selector: a scope, an operator and the values it compares with.', {
      operator: tag(2, str('How the scope relates to the values: In, NotIn, Exists or DoesNotExist.', { default: '' })),
      scopeName: tag(1, str('The scope the condition is about.', { default: '' })),
      values: tag(3, stringList('The values to compare with: at least one for In and NotIn, none for Exists and DoesNotExist.', { 'x-kubernetes-list-type': 'atomic' })),
    }, { required: ['scopeName', 'operator'] }),
    [core('ScopeSelector')]: object('Conditions, all of which an object must meet to be counted by the quota.', {
      matchExpressions: tag(1, refArray(d, core('ScopedResourceSelectorRequirement'), 'The conditions, combined with AND.', { 'x-kubernetes-list-type': 'atomic' })),
    }, { extra: { 'x-kubernetes-map-type': 'atomic' } }),
    [core('ResourceQuotaSpec')]: object('The hard limits a quota asks for, and which objects it counts.', {
      hard: tag(1, quantityMap(d, 'The limit for each named resource.')),
      scopeSelector: tag(3, refProp(d, core('ScopeSelector'), 'Conditions on scopes, combined with scopes: an object is counted only when it matches both.')),
      scopes: tag(2, stringList('Filters every counted object must match; without them the quota counts every object.', { 'x-kubernetes-list-type': 'atomic' })),
    }),
    [core('ResourceQuotaStatus')]: object('The limits the quota enforces and what the namespace uses of them.', {
      hard: tag(1, quantityMap(d, 'The limits enforced, for each named resource.')),
      used: tag(2, quantityMap(d, 'What the namespace currently uses of each resource.')),
    }),
    [core('ResourceQuota')]: object(
      'ResourceQuota limits the total resources and object counts a namespace may use.',
      {
        apiVersion: str(apiVersionDoc),
        kind: str(kindDoc),
        metadata: tag(1, refProp(d, meta('ObjectMeta'), 'Standard object metadata.', true)),
        spec: tag(2, refProp(d, core('ResourceQuotaSpec'), 'The quota asked for.', true)),
        status: tag(3, refProp(d, core('ResourceQuotaStatus'), 'The quota enforced and its current use; changed only through /status.', true)),
      },
      { gvk: [{ group: '', kind: 'ResourceQuota', version: 'v1' }] },
    ),
    [core('ResourceQuotaList')]: list(d, 'ResourceQuotaList', 'ResourceQuota', 'A list of resource quotas.'),
  };
}

// Definitions of Namespace, ConfigMap (core/v1) and Lease (coordination.orch.io/v1), with the
// field descriptions kubectl explain shows, the GVK extensions kubectl's validation looks up and
// Kubernetes' field numbers (k8s.io/api core/v1 and coordination/v1 generated.proto). Every Lease
// spec field is a pointer in Go, so zero values on the wire are kept.
import { CORE_V1, META_V1 } from './names.ts';
import { tag, withoutProtobufFacts } from './protobuf-extension.ts';
import { bool, int32, object, refArray, refProp, str, stringList, stringMap, type Dialect, type Schema } from './schema-builder.ts';
import { API_VERSION_DOC as apiVersionDoc, KIND_DOC as kindDoc, METADATA_DOC as metadataDoc, listSchema } from './list-schema.ts';

export const COORDINATION_V1 = 'io.orch.api.coordination.v1';

const meta = (n: string) => `${META_V1}.${n}`;
const core = (n: string) => `${CORE_V1}.${n}`;
const coord = (n: string) => `${COORDINATION_V1}.${n}`;


const list = (d: Dialect, item: string, group: string, kind: string, doc: string): Schema => listSchema(d, { item, group, kind, doc });

export function clusterKindSchemas(d: Dialect): Record<string, Schema> {
  return {
    [core('NamespaceSpec')]: object('What a namespace asks for.', {
      finalizers: tag(1, stringList('Values that must be empty before the namespace is removed from storage.', { 'x-kubernetes-list-type': 'atomic' })),
    }),
    [core('NamespaceCondition')]: object('A condition of a namespace.', {
      lastTransitionTime: tag(4, refProp(d, meta('Time'), 'Last time the condition changed from one status to another.')),
      message: tag(6, str('Human-readable details of the last transition.')),
      reason: tag(5, str('Machine-readable reason of the last transition.')),
      status: tag(2, str('Status of the condition: True, False or Unknown.', { default: '' })),
      type: tag(1, str('Type of the namespace condition.', { default: '' })),
    }, { required: ['type', 'status'] }),
    [core('NamespaceStatus')]: object('The observed state of a namespace.', {
      conditions: tag(2, refArray(d, core('NamespaceCondition'), 'The latest observations of the state of the namespace.', { 'x-kubernetes-list-map-keys': ['type'], 'x-kubernetes-list-type': 'map', 'x-kubernetes-patch-merge-key': 'type', 'x-kubernetes-patch-strategy': 'merge' })),
      phase: tag(1, str('The current lifecycle phase of the namespace: Active, or Terminating once deleted.', { enum: ['Active', 'Terminating'] })),
    }),
    [core('Namespace')]: object(
      'Namespace provides a scope for names. Deleting a namespace deletes everything in it.',
      {
        apiVersion: str(apiVersionDoc),
        kind: str(kindDoc),
        metadata: tag(1, refProp(d, meta('ObjectMeta'), metadataDoc, true)),
        spec: tag(2, refProp(d, core('NamespaceSpec'), 'What the namespace asks for.', true)),
        status: tag(3, refProp(d, core('NamespaceStatus'), 'The observed state of the namespace; read-only through the main resource.', true)),
      },
      { gvk: [{ group: '', kind: 'Namespace', version: 'v1' }] },
    ),
    [core('NamespaceList')]: list(d, core('Namespace'), '', 'NamespaceList', 'A list of namespaces.'),
    [core('ConfigMap')]: object(
      'ConfigMap holds configuration data for other objects to consume.',
      {
        apiVersion: str(apiVersionDoc),
        binaryData: tag(3, { additionalProperties: { format: 'byte', type: 'string' }, description: 'Binary data, base64 encoded. Keys may not also appear in data.', type: 'object' }),
        data: tag(2, stringMap('Configuration data as UTF-8 strings. Keys may not also appear in binaryData.')),
        immutable: tag(4, bool('Once true, data and binaryData can no longer be changed (and immutable cannot be unset).')),
        kind: str(kindDoc),
        metadata: tag(1, refProp(d, meta('ObjectMeta'), metadataDoc, true)),
      },
      { gvk: [{ group: '', kind: 'ConfigMap', version: 'v1' }] },
    ),
    [core('ConfigMapList')]: list(d, core('ConfigMap'), '', 'ConfigMapList', 'A list of config maps.'),
    [coord('LeaseSpec')]: object('The lease record: who holds it, since when, and for how long.', {
      acquireTime: tag(3, refProp(d, meta('MicroTime'), 'When the current holder acquired the lease.')),
      holderIdentity: tag({ tag: 1, keepZero: true }, str('The identity of the current holder of the lease.')),
      leaseDurationSeconds: tag({ tag: 2, keepZero: true }, int32('How long candidates wait after the last renewal before they may take the lease.')),
      leaseTransitions: tag({ tag: 5, keepZero: true }, int32('How many times the lease changed holders.')),
      preferredHolder: tag({ tag: 7, keepZero: true }, str('The holder a coordinated strategy wants to hand the lease to; only with strategy.')),
      renewTime: tag(4, refProp(d, meta('MicroTime'), 'When the current holder last renewed the lease.')),
      strategy: tag({ tag: 6, keepZero: true }, str('How a coordinated leader election picks the holder.')),
    }),
    [coord('Lease')]: object(
      'Lease defines a lease concept: leader election and heartbeats use it.',
      {
        apiVersion: str(apiVersionDoc),
        kind: str(kindDoc),
        metadata: tag(1, refProp(d, meta('ObjectMeta'), metadataDoc, true)),
        spec: tag(2, refProp(d, coord('LeaseSpec'), 'The lease record.', true)),
      },
      { gvk: [{ group: 'coordination.orch.io', kind: 'Lease', version: 'v1' }] },
    ),
    [coord('LeaseList')]: list(d, coord('Lease'), 'coordination.orch.io', 'LeaseList', 'A list of leases.'),
  };
}

/** Adds these definitions to the schemas handed to the OpenAPI handler. */
export function withClusterKindSchemas<T extends { v2Definitions: Record<string, unknown>; v3Schemas: Record<string, unknown> }>(schemas: T): T {
  return {
    ...schemas,
    v2Definitions: { ...schemas.v2Definitions, ...withoutProtobufFacts(clusterKindSchemas({ v3: false })) },
    v3Schemas: { ...schemas.v3Schemas, ...withoutProtobufFacts(clusterKindSchemas({ v3: true })) },
  };
}

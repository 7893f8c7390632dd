// The protobuf messages of the meta types, the Event API and the core kinds, with Kubernetes' field
// numbers (k8s.io/api events/v1, core/v1 and apimachinery meta/v1 generated.proto), joined with
// the RBAC, review, Lease and core/v1 Event tables. Built once
// at module load into a protobufjs Root; the same table drives the JSON <-> message conversion.

import protobuf from 'protobufjs';
import { list, m, s, type MessageSpec } from './proto-field.ts';
import { coordinationMessages } from './proto-messages-coordination.ts';
import { coreEventMessages } from './proto-messages-core-events.ts';
import { rbacMessages } from './proto-messages-rbac.ts';
import { reviewMessages } from './proto-messages-reviews.ts';

export type { FieldSpec, MessageSpec } from './proto-field.ts';

export const messages: Record<string, MessageSpec> = {
  Time: { seconds: m(1, 'int64'), nanos: m(2, 'int32') },
  MicroTime: { seconds: m(1, 'int64'), nanos: m(2, 'int32') },
  FieldsV1: { Raw: m(1, 'bytes') },
  ListMeta: { selfLink: s(1), resourceVersion: s(2), continue: s(3), remainingItemCount: m(4, 'int64') },
  OwnerReference: { kind: s(1), name: s(3), uid: s(4), apiVersion: s(5), controller: m(6, 'bool'), blockOwnerDeletion: m(7, 'bool') },
  ManagedFieldsEntry: {
    manager: s(1),
    operation: s(2),
    apiVersion: s(3),
    time: m(4, 'Time'),
    fieldsType: s(6),
    fieldsV1: m(7, 'FieldsV1'),
    subresource: s(8),
  },
  ObjectMeta: {
    name: s(1),
    generateName: s(2),
    namespace: s(3),
    selfLink: s(4),
    uid: s(5),
    resourceVersion: s(6),
    generation: m(7, 'int64'),
    creationTimestamp: m(8, 'Time'),
    deletionTimestamp: m(9, 'Time'),
    deletionGracePeriodSeconds: m(10, 'int64'),
    labels: { id: 11, type: 'string', map: true },
    annotations: { id: 12, type: 'string', map: true },
    ownerReferences: list(13, 'OwnerReference'),
    finalizers: list(14, 'string'),
    managedFields: list(17, 'ManagedFieldsEntry'),
  },
  ObjectReference: { kind: s(1), namespace: s(2), name: s(3), uid: s(4), apiVersion: s(5), resourceVersion: s(6), fieldPath: s(7) },
  EventSource: { component: s(1), host: s(2) },
  EventSeries: { count: m(1, 'int32'), lastObservedTime: m(2, 'MicroTime') },
  Event: {
    metadata: m(1, 'ObjectMeta'),
    eventTime: m(2, 'MicroTime'),
    series: m(3, 'EventSeries'),
    reportingController: s(4),
    reportingInstance: s(5),
    action: s(6),
    reason: s(7),
    regarding: m(8, 'ObjectReference'),
    related: m(9, 'ObjectReference'),
    note: s(10),
    type: s(11),
    deprecatedSource: m(12, 'EventSource'),
    deprecatedFirstTimestamp: m(13, 'Time'),
    deprecatedLastTimestamp: m(14, 'Time'),
    deprecatedCount: m(15, 'int32'),
  },
  EventList: { metadata: m(1, 'ListMeta'), items: list(2, 'Event') },
  StatusCause: { reason: s(1), message: s(2), field: s(3) },
  StatusDetails: { name: s(1), group: s(2), kind: s(3), causes: list(4, 'StatusCause'), retryAfterSeconds: m(5, 'int32'), uid: s(6) },
  Status: { metadata: m(1, 'ListMeta'), status: s(2), message: s(3), reason: s(4), details: m(5, 'StatusDetails'), code: m(6, 'int32') },
  RawExtension: { raw: m(1, 'bytes') },
  WatchEvent: { type: s(1), object: m(2, 'RawExtension') },
  TypeMeta: { apiVersion: s(1), kind: s(2) },
  // core/v1 Secret and ServiceAccount, authentication/v1 TokenRequest (kubectl's typed clients send these as protobuf).
  Secret: { metadata: m(1, 'ObjectMeta'), data: { id: 2, type: 'bytes', map: true }, type: s(3), stringData: { id: 4, type: 'string', map: true }, immutable: m(5, 'bool') },
  SecretList: { metadata: m(1, 'ListMeta'), items: list(2, 'Secret') },
  LocalObjectReference: { name: s(1) },
  ServiceAccount: {
    metadata: m(1, 'ObjectMeta'),
    secrets: list(2, 'ObjectReference'),
    imagePullSecrets: list(3, 'LocalObjectReference'),
    automountServiceAccountToken: m(4, 'bool'),
  },
  ServiceAccountList: { metadata: m(1, 'ListMeta'), items: list(2, 'ServiceAccount') },
  BoundObjectReference: { kind: s(1), apiVersion: s(2), name: s(3), uid: s(4) },
  TokenRequestSpec: { audiences: list(1, 'string'), boundObjectRef: m(3, 'BoundObjectReference'), expirationSeconds: m(4, 'int64') },
  TokenRequestStatus: { token: s(1), expirationTimestamp: m(2, 'Time') },
  TokenRequest: { metadata: m(1, 'ObjectMeta'), spec: m(2, 'TokenRequestSpec'), status: m(3, 'TokenRequestStatus') },
  // core/v1 Namespace and ConfigMap (kubectl create namespace/configmap send them as protobuf).
  NamespaceSpec: { finalizers: list(1, 'string') },
  NamespaceCondition: { type: s(1), status: s(2), lastTransitionTime: m(4, 'Time'), reason: s(5), message: s(6) },
  NamespaceStatus: { phase: s(1), conditions: list(2, 'NamespaceCondition') },
  Namespace: { metadata: m(1, 'ObjectMeta'), spec: m(2, 'NamespaceSpec'), status: m(3, 'NamespaceStatus') },
  NamespaceList: { metadata: m(1, 'ListMeta'), items: list(2, 'Namespace') },
  ConfigMap: { metadata: m(1, 'ObjectMeta'), data: { id: 2, type: 'string', map: true }, binaryData: { id: 3, type: 'bytes', map: true }, immutable: m(4, 'bool') },
  ConfigMapList: { metadata: m(1, 'ListMeta'), items: list(2, 'ConfigMap') },
  Unknown: { typeMeta: m(1, 'TypeMeta'), raw: m(2, 'bytes'), contentEncoding: s(3), contentType: s(4) },
  ...rbacMessages,
  ...reviewMessages,
  ...coordinationMessages,
  ...coreEventMessages,
};

function descriptor(): protobuf.INamespace {
  const nested: Record<string, protobuf.AnyNestedObject> = {};
  for (const [name, fields] of Object.entries(messages)) {
    const out: Record<string, protobuf.IField & { keyType?: string }> = {};
    for (const [fieldName, f] of Object.entries(fields)) {
      out[fieldName] = f.map ? { id: f.id, type: f.type, keyType: 'string' } : { id: f.id, type: f.type, ...(f.repeated ? { rule: 'repeated' } : {}) };
    }
    // proto2, as Kubernetes' messages: a field set to its zero value is still written and read
    // back (a pointer's 0 or false), where proto3 would drop it.
    nested[name] = { edition: 'proto2', fields: out } as protobuf.AnyNestedObject;
  }
  return { nested: { orch: { nested } } };
}

const root = protobuf.Root.fromJSON(descriptor());

/** The protobufjs type of a message of the table. */
export function messageType(name: string): protobuf.Type {
  return root.lookupType(`orch.${name}`);
}

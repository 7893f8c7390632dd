// meta/v1 definitions every resource refers to: ObjectMeta, ListMeta, Time, MicroTime,
// ManagedFieldsEntry, OwnerReference, Status and its details, DeleteOptions, WatchEvent. Field
// numbers are Kubernetes' (apimachinery meta/v1 and runtime generated.proto).

import { META_V1, RUNTIME, EVENTS_GROUP, INT_OR_STRING, QUANTITY } from './names.ts';
import { tag, wire } from './protobuf-extension.ts';
import { bool, int32, int64, object, refArray, refProp, str, stringList, stringMap, type Dialect, type Schema } from './schema-builder.ts';

const m = (n: string) => `${META_V1}.${n}`;
/** A Go pointer field: a zero it points to is kept. */
const POINTER = (n: number) => ({ tag: n, keepZero: true as const });
/** A Go field without omitempty: written even when zero. */
const ALWAYS = (n: number) => ({ tag: n, keepZero: true as const, always: true as const });

const apiVersionDoc = 'The versioned schema of this representation of an object. Servers convert recognized schemas to the latest internal value and may reject unrecognized values.';
const kindDoc = 'The REST resource this object represents, in CamelCase. Servers may infer it from the endpoint the client submits requests to. Cannot be updated.';

function metaGvks(kind: string) {
  return [
    { group: '', kind, version: 'v1' },
    { group: EVENTS_GROUP, kind, version: 'v1' },
  ];
}

const quantityDoc = 'A fixed-point number with an optional suffix: a decimal SI suffix (n, u, m, k, M, G, T, P, E), a binary one '
  + '(Ki, Mi, Gi, Ti, Pi, Ei) or a decimal exponent (e3, E-2). Values are exact and rounded up to nano units; the server '
  + 'writes them back in canonical form, e.g. 0.5 as 500m and 1024Mi as 1Gi.';

export function metaSchemas(d: Dialect): Record<string, Schema> {
  return {
    [m('Time')]: { description: 'A timestamp in RFC 3339 form with whole seconds, e.g. 2026-11-22T05:10:00Z.', format: 'date-time', type: 'string', ...wire('Time') },
    [m('MicroTime')]: { description: 'A timestamp with microsecond precision, RFC 3339 form, e.g. 2026-11-22T05:10:00.123456Z.', format: 'date-time', type: 'string', ...wire('MicroTime') },
    [m('FieldsV1')]: { description: 'The set of fields a manager owns, in the FieldsV1 trie format.', type: 'object', ...wire('FieldsV1') },
    [m('ObjectMeta')]: object('Metadata that every persisted resource has.', {
      annotations: tag(12, stringMap('Unstructured key/value data stored with the resource, set by external tools. Not queryable.')),
      creationTimestamp: tag(8, refProp(d, m('Time'), 'When the object was created, set by the server. Read-only.')),
      deletionGracePeriodSeconds: tag(10, int64('Seconds allowed for graceful termination before the object is removed. Read-only.')),
      deletionTimestamp: tag(9, refProp(d, m('Time'), 'When the object will be deleted, set by the server when deletion is requested. Read-only.')),
      finalizers: tag(14, stringList('Entries that must be empty before the object is deleted from storage.', {
        'x-kubernetes-list-type': 'set',
        'x-kubernetes-patch-strategy': 'merge',
      })),
      generateName: tag(2, str('Prefix the server uses to generate a unique name when name is not given.')),
      generation: tag(7, int64('Sequence number of a specific generation of the desired state, set by the server. Read-only.')),
      labels: tag(11, stringMap('Key/value pairs used to organize and select objects.')),
      managedFields: tag(17, refArray(d, m('ManagedFieldsEntry'), 'Which manager owns which fields, for server-side apply.', { 'x-kubernetes-list-type': 'atomic' })),
      name: tag(1, str('Unique within a namespace. Required on create unless generateName is given. Cannot be updated.')),
      namespace: tag(3, str('The namespace the object belongs to; empty for cluster-scoped objects. Cannot be updated.')),
      ownerReferences: tag(13, refArray(d, m('OwnerReference'), 'Objects this object depends on; it is garbage collected when they are gone.', {
        'x-kubernetes-list-map-keys': ['uid'],
        'x-kubernetes-list-type': 'map',
        'x-kubernetes-patch-merge-key': 'uid',
        'x-kubernetes-patch-strategy': 'merge',
      })),
      resourceVersion: tag(6, str('Opaque version of this object, used for optimistic concurrency and watches. Read-only.')),
      selfLink: tag(4, str('Deprecated and not set by the server.')),
      uid: tag(5, str('Unique identifier of this object in time and space, set by the server. Read-only.')),
    }),
    [m('ListMeta')]: object('Metadata of a list.', {
      continue: tag(3, str('Token to retrieve the next page of a paginated list; empty on the last page.')),
      remainingItemCount: tag(4, int64('Number of items left after this page, when known.')),
      resourceVersion: tag(2, str('The version of the collection the list was read at.')),
      selfLink: tag(1, str('Deprecated and not set by the server.')),
    }),
    [m('OwnerReference')]: object(
      'Identifies an owning object, which must be in the same namespace or cluster-scoped.',
      {
        apiVersion: tag(5, str('API version of the owner.')),
        blockOwnerDeletion: tag(7, bool('If true, the owner cannot be deleted from storage until this reference is removed (foreground deletion).')),
        controller: tag(6, bool('If true, this reference points to the managing controller.')),
        kind: tag(1, str('Kind of the owner.')),
        name: tag(3, str('Name of the owner.')),
        uid: tag(4, str('UID of the owner.')),
      },
      { required: ['apiVersion', 'kind', 'name', 'uid'], extra: { 'x-kubernetes-map-type': 'atomic' } },
    ),
    [m('ManagedFieldsEntry')]: object('A workflow id, the fields it manages, and when it last changed them.', {
      apiVersion: tag(3, str('Version of the resource the fields are expressed in.')),
      fieldsType: tag(6, str('Format of the fields; only FieldsV1.')),
      fieldsV1: tag(7, refProp(d, m('FieldsV1'), 'The fields managed by this entry.')),
      manager: tag(1, str('Name of the workflow managing these fields.')),
      operation: tag(2, str('Apply or Update.')),
      subresource: tag(8, str('The subresource the object was changed through, if any.')),
      time: tag(4, refProp(d, m('Time'), 'When the entry was last changed.')),
    }),
    [m('Condition')]: object(
      'One aspect of the current state of an object, as the controller that owns it last saw it.',
      {
        lastTransitionTime: tag(ALWAYS(4), refProp(d, m('Time'), 'When the condition last changed from one status to another.')),
        message: tag(ALWAYS(6), str('Human-readable details of the transition; may be empty.', { default: '' })),
        observedGeneration: tag(3, int64('The metadata.generation the condition was set for.')),
        reason: tag(ALWAYS(5), str('A CamelCase, machine-readable reason for the last transition.', { default: '' })),
        status: tag(ALWAYS(2), str('True, False or Unknown.', { default: '' })),
        type: tag(ALWAYS(1), str('The type of the condition, in CamelCase or as foo.example.com/CamelCase.', { default: '' })),
      },
      { required: ['type', 'status', 'lastTransitionTime', 'reason', 'message'] },
    ),
    [m('Preconditions')]: object('Conditions that must hold before an operation is carried out.', {
      resourceVersion: tag(POINTER(2), str('Target resourceVersion.')),
      uid: tag(POINTER(1), str('Target UID.')),
    }),
    [m('StatusCause')]: object('More information about a failure, possibly naming the field at fault.', {
      field: tag(3, str('The field of the resource that caused the error, in JSON path form, e.g. metadata.name.')),
      message: tag(2, str('A human-readable description of the cause.')),
      reason: tag(1, str('A machine-readable description of the cause; empty when unknown.')),
    }),
    [m('StatusDetails')]: object('Structured details of an error.', {
      causes: tag(4, refArray(d, m('StatusCause'), 'The causes of the error.', { 'x-kubernetes-list-type': 'atomic' })),
      group: tag(2, str('Group of the resource the error is about.')),
      kind: tag(3, str('Kind of the resource the error is about.')),
      name: tag(1, str('Name of the resource the error is about.')),
      retryAfterSeconds: tag(5, int32('Seconds the client should wait before retrying.')),
      uid: tag(6, str('UID of the resource the error is about.')),
    }),
    [m('Status')]: object(
      'The result of an operation that does not return an object.',
      {
        apiVersion: str(apiVersionDoc),
        code: tag(6, int32('HTTP status code of this status.')),
        details: tag(5, refProp(d, m('StatusDetails'), 'Extended data about the reason; depends on the reason.', false)),
        kind: str(kindDoc),
        message: tag(3, str('A human-readable description of the status.')),
        metadata: tag(1, refProp(d, m('ListMeta'), 'Standard list metadata.', true)),
        reason: tag(4, str('A machine-readable reason for a Failure status.')),
        status: tag(2, str('Success or Failure.')),
      },
      { gvk: [{ group: '', kind: 'Status', version: 'v1' }] },
    ),
    [m('DeleteOptions')]: object(
      'Options for a delete request.',
      {
        apiVersion: str(apiVersionDoc),
        dryRun: tag(5, stringList('When set (only "All"), the request is processed but not persisted.', { 'x-kubernetes-list-type': 'atomic' })),
        gracePeriodSeconds: tag(POINTER(1), int64('Seconds before the object is deleted; zero means immediately.')),
        ignoreStoreReadErrorWithClusterBreakingPotential: tag(POINTER(6), bool('Delete an object that cannot be read from storage. May break the cluster.')),
        kind: str(kindDoc),
        orphanDependents: tag(POINTER(3), bool('Deprecated: use propagationPolicy.')),
        preconditions: tag(POINTER(2), refProp(d, m('Preconditions'), 'Must be met before the deletion is carried out.')),
        propagationPolicy: tag(POINTER(4), str('Orphan, Background or Foreground garbage collection of dependents.')),
      },
      { gvk: metaGvks('DeleteOptions') },
    ),
    [QUANTITY]: d.v3
      ? { description: quantityDoc, oneOf: [{ type: 'string' }, { type: 'number' }], ...wire('Quantity') }
      : { description: quantityDoc, type: 'string', ...wire('Quantity') },
    [INT_OR_STRING]: {
      description: 'A value that is either a 32-bit integer or a string, such as a port given by number or by name.',
      format: 'int-or-string',
      ...(d.v3 ? { oneOf: [{ type: 'integer' }, { type: 'string' }] } : { type: 'string' }),
      ...wire('IntOrString'),
    },
    [`${RUNTIME}.RawExtension`]: { description: 'An embedded object in any of the served kinds.', type: 'object', ...wire('RawExtension') },
    [m('WatchEvent')]: object(
      'One event of a watch stream.',
      {
        object: tag(2, refProp(d, `${RUNTIME}.RawExtension`, 'The object: for ADDED, MODIFIED and DELETED its new state, for BOOKMARK only its resourceVersion, for ERROR a Status.', true)),
        type: tag(1, str('ADDED, MODIFIED, DELETED, BOOKMARK or ERROR.', { default: '' })),
      },
      { required: ['type', 'object'], gvk: metaGvks('WatchEvent') },
    ),
  };
}

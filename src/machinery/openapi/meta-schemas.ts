// meta/v1 definitions every resource refers to: ObjectMeta, ListMeta, Time, MicroTime,
// ManagedFieldsEntry, OwnerReference, Status and its details, DeleteOptions, WatchEvent.

import { META_V1, RUNTIME, EVENTS_GROUP } from './names.ts';
import { bool, int32, int64, object, refArray, refProp, str, stringList, stringMap, type Dialect, type Schema } from './schema-builder.ts';

const m = (n: string) => `${META_V1}.${n}`;

const apiVersionDoc = 'The versioned schema of this representation of an object. Servers convert recognized schemas to the latest internal value and may reject unrecognized values.';
const kindDoc = 'The REST resource this object represents, in CamelCase. Servers may infer it from the endpoint the client submits requests to. Cannot be updated.';

function metaGvks(kind: string) {
  return [
    { group: '', kind, version: 'v1' },
    { group: EVENTS_GROUP, kind, version: 'v1' },
  ];
}

export function metaSchemas(d: Dialect): Record<string, Schema> {
  return {
    [m('Time')]: { description: 'A timestamp in RFC 3339 form with whole seconds, e.g. 2026-11-22T05:10:00Z.', format: 'date-time', type: 'string' },
    [m('MicroTime')]: { description: 'A timestamp with microsecond precision, RFC 3339 form, e.g. 2026-11-22T05:10:00.123456Z.', format: 'date-time', type: 'string' },
    [m('FieldsV1')]: { description: 'The set of fields a manager owns, in the FieldsV1 trie format.', type: 'object' },
    [m('ObjectMeta')]: object('Metadata that every persisted resource has.', {
      annotations: stringMap('Unstructured key/value data stored with the resource, set by external tools. Not queryable.'),
      creationTimestamp: refProp(d, m('Time'), 'When the object was created, set by the server. Read-only.'),
      deletionGracePeriodSeconds: int64('Seconds allowed for graceful termination before the object is removed. Read-only.'),
      deletionTimestamp: refProp(d, m('Time'), 'When the object will be deleted, set by the server when deletion is requested. Read-only.'),
      finalizers: stringList('Entries that must be empty before the object is deleted from storage.', {
        'x-kubernetes-list-type': 'set',
        'x-kubernetes-patch-strategy': 'merge',
      }),
      generateName: str('Prefix the server uses to generate a unique name when name is not given.'),
      generation: int64('Sequence number of a specific generation of the desired state, set by the server. Read-only.'),
      labels: stringMap('Key/value pairs used to organize and select objects.'),
      managedFields: refArray(d, m('ManagedFieldsEntry'), 'Which manager owns which fields, for server-side apply.', { 'x-kubernetes-list-type': 'atomic' }),
      name: str('Unique within a namespace. Required on create unless generateName is given. Cannot be updated.'),
      namespace: str('The namespace the object belongs to; empty for cluster-scoped objects. Cannot be updated.'),
      ownerReferences: refArray(d, m('OwnerReference'), 'Objects this object depends on; it is garbage collected when they are gone.', {
        'x-kubernetes-list-map-keys': ['uid'],
        'x-kubernetes-list-type': 'map',
        'x-kubernetes-patch-merge-key': 'uid',
        'x-kubernetes-patch-strategy': 'merge',
      }),
      resourceVersion: str('Opaque version of this object, used for optimistic concurrency and watches. Read-only.'),
      selfLink: str('Deprecated and not set by the server.'),
      uid: str('Unique identifier of this object in time and space, set by the server. Read-only.'),
    }),
    [m('ListMeta')]: object('Metadata of a list.', {
      continue: str('Token to retrieve the next page of a paginated list; empty on the last page.'),
      remainingItemCount: int64('Number of items left after this page, when known.'),
      resourceVersion: str('The version of the collection the list was read at.'),
      selfLink: str('Deprecated and not set by the server.'),
    }),
    [m('OwnerReference')]: object(
      'Identifies an owning object, which must be in the same namespace or cluster-scoped.',
      {
        apiVersion: str('API version of the owner.'),
        blockOwnerDeletion: bool('If true, the owner cannot be deleted from storage until this reference is removed (foreground deletion).'),
        controller: bool('If true, this reference points to the managing controller.'),
        kind: str('Kind of the owner.'),
        name: str('Name of the owner.'),
        uid: str('UID of the owner.'),
      },
      { required: ['apiVersion', 'kind', 'name', 'uid'], extra: { 'x-kubernetes-map-type': 'atomic' } },
    ),
    [m('ManagedFieldsEntry')]: object('A workflow id, the fields it manages, and when it last changed them.', {
      apiVersion: str('Version of the resource the fields are expressed in.'),
      fieldsType: str('Format of the fields; only FieldsV1.'),
      fieldsV1: refProp(d, m('FieldsV1'), 'The fields managed by this entry.'),
      manager: str('Name of the workflow managing these fields.'),
      operation: str('Apply or Update.'),
      subresource: str('The subresource the object was changed through, if any.'),
      time: refProp(d, m('Time'), 'When the entry was last changed.'),
    }),
    [m('Condition')]: object(
      'One aspect of the current state of an object, as the controller that owns it last saw it.',
      {
        lastTransitionTime: refProp(d, m('Time'), 'When the condition last changed from one status to another.'),
        message: str('Human-readable details of the transition; may be empty.', { default: '' }),
        observedGeneration: int64('The metadata.generation the condition was set for.'),
        reason: str('A CamelCase, machine-readable reason for the last transition.', { default: '' }),
        status: str('True, False or Unknown.', { default: '' }),
        type: str('The type of the condition, in CamelCase or as foo.example.com/CamelCase.', { default: '' }),
      },
      { required: ['type', 'status', 'lastTransitionTime', 'reason', 'message'] },
    ),
    [m('Preconditions')]: object('Conditions that must hold before an operation is carried out.', {
      resourceVersion: str('Target resourceVersion.'),
      uid: str('Target UID.'),
    }),
    [m('StatusCause')]: object('More information about a failure, possibly naming the field at fault.', {
      field: str('The field of the resource that caused the error, in JSON path form, e.g. metadata.name.'),
      message: str('A human-readable description of the cause.'),
      reason: str('A machine-readable description of the cause; empty when unknown.'),
    }),
    [m('StatusDetails')]: object('Structured details of an error.', {
      causes: refArray(d, m('StatusCause'), 'The causes of the error.', { 'x-kubernetes-list-type': 'atomic' }),
      group: str('Group of the resource the error is about.'),
      kind: str('Kind of the resource the error is about.'),
      name: str('Name of the resource the error is about.'),
      retryAfterSeconds: int32('Seconds the client should wait before retrying.'),
      uid: str('UID of the resource the error is about.'),
    }),
    [m('Status')]: object(
      'The result of an operation that does not return an object.',
      {
        apiVersion: str(apiVersionDoc),
        code: int32('HTTP status code of this status.'),
        details: refProp(d, m('StatusDetails'), 'Extended data about the reason; depends on the reason.', false),
        kind: str(kindDoc),
        message: str('A human-readable description of the status.'),
        metadata: refProp(d, m('ListMeta'), 'Standard list metadata.', true),
        reason: str('A machine-readable reason for a Failure status.'),
        status: str('Success or Failure.'),
      },
      { gvk: [{ group: '', kind: 'Status', version: 'v1' }] },
    ),
    [m('DeleteOptions')]: object(
      'Options for a delete request.',
      {
        apiVersion: str(apiVersionDoc),
        dryRun: stringList('When set (only "All"), the request is processed but not persisted.', { 'x-kubernetes-list-type': 'atomic' }),
        gracePeriodSeconds: int64('Seconds before the object is deleted; zero means immediately.'),
        ignoreStoreReadErrorWithClusterBreakingPotential: bool('Delete an object that cannot be read from storage. May break the cluster.'),
        kind: str(kindDoc),
        orphanDependents: bool('Deprecated: use propagationPolicy.'),
        preconditions: refProp(d, m('Preconditions'), 'Must be met before the deletion is carried out.'),
        propagationPolicy: str('Orphan, Background or Foreground garbage collection of dependents.'),
      },
      { gvk: metaGvks('DeleteOptions') },
    ),
    [`${RUNTIME}.RawExtension`]: { description: 'An embedded object in any of the served kinds.', type: 'object' },
    [m('WatchEvent')]: object(
      'One event of a watch stream.',
      {
        object: refProp(d, `${RUNTIME}.RawExtension`, 'The object: for ADDED, MODIFIED and DELETED its new state, for BOOKMARK only its resourceVersion, for ERROR a Status.', true),
        type: str('ADDED, MODIFIED, DELETED, BOOKMARK or ERROR.', { default: '' }),
      },
      { required: ['type', 'object'], gvk: metaGvks('WatchEvent') },
    ),
  };
}

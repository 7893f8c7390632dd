// Event definitions of both versions (events.orch.io/v1 and core/v1), with the field
// descriptions of the Event resource specification and Kubernetes' field numbers (k8s.io/api
// events/v1 and core/v1 generated.proto).

import { CORE_V1, EVENTS_GROUP, EVENTS_V1, META_V1 } from './names.ts';
import { tag } from './protobuf-extension.ts';
import { int32, object, refArray, refProp, str, type Dialect, type Schema } from './schema-builder.ts';
import { API_VERSION_DOC as apiVersionDoc, KIND_DOC as kindDoc, METADATA_DOC as metadataDoc } from './list-schema.ts';

const meta = (n: string) => `${META_V1}.${n}`;
const core = (n: string) => `${CORE_V1}.${n}`;
const ev = (n: string) => `${EVENTS_V1}.${n}`;

const EVENT_DOC =
  'Event is a report of something that happened in the cluster, typically a state change of the system. Events are kept for a limited time, and their trigger and message may change over time. Consumers must not assume that events with the same reason reflect the same underlying trigger, or that events with a given reason continue to exist. Events are informational, best-effort supplementary data.';

export function eventSchemas(d: Dialect): Record<string, Schema> {
  return {
    [core('ObjectReference')]: object(
      'A reference to an object, with enough information to inspect or change it.',
      {
        apiVersion: tag(5, str('API version of the referent.')),
        fieldPath: tag(7, str('A part of the referent rather than the whole, e.g. spec.containers{name}.')),
        kind: tag(1, str('Kind of the referent.')),
        name: tag(3, str('Name of the referent.')),
        namespace: tag(2, str('Namespace of the referent.')),
        resourceVersion: tag(6, str('Specific resourceVersion the reference is to, if any.')),
        uid: tag(4, str('UID of the referent.')),
      },
      { extra: { 'x-kubernetes-map-type': 'atomic' } },
    ),
    [core('EventSource')]: object('The component that reported an event.', {
      component: tag(1, str('Component that generated the event.')),
      host: tag(2, str('Name of the node that produced the event.')),
    }),
    [core('EventSeries')]: object('Data about a series of recurring events.', {
      count: tag(1, int32('Number of occurrences in the series up to the last heartbeat time.')),
      lastObservedTime: tag(2, refProp(d, meta('MicroTime'), 'Time the last event of the series was seen before the last heartbeat.')),
    }),
    [core('Event')]: object(
      EVENT_DOC,
      {
        action: tag(12, str('What action was taken or failed regarding the involved object.')),
        apiVersion: str(apiVersionDoc),
        count: tag(8, int32('Number of times this event has occurred.')),
        eventTime: tag({ tag: 10, always: true }, refProp(d, meta('MicroTime'), 'Time the event was first observed.')),
        firstTimestamp: tag({ tag: 6, always: true }, refProp(d, meta('Time'), 'Time the event was first recorded.')),
        involvedObject: tag({ tag: 2, always: true }, refProp(d, core('ObjectReference'), 'The object this event is about.', true)),
        kind: str(kindDoc),
        lastTimestamp: tag({ tag: 7, always: true }, refProp(d, meta('Time'), 'Time the most recent occurrence of this event was recorded.')),
        message: tag(4, str('Human-readable description of the status of this operation.')),
        metadata: tag({ tag: 1, always: true }, refProp(d, meta('ObjectMeta'), metadataDoc, true)),
        reason: tag(3, str('Short, machine-understandable reason for the transition into the object\'s current status.')),
        related: tag(13, refProp(d, core('ObjectReference'), 'Optional secondary object for more complex actions.')),
        reportingComponent: tag({ tag: 14, always: true }, str('Name of the controller that emitted this event.', { default: '' })),
        reportingInstance: tag({ tag: 15, always: true }, str('ID of the controller instance.', { default: '' })),
        series: tag(11, refProp(d, core('EventSeries'), 'Data about the series this event represents; absent for a single event.')),
        source: tag({ tag: 5, always: true }, refProp(d, core('EventSource'), 'The component reporting this event.', true)),
        type: tag(9, str('Type of this event (Normal, Warning); new types may be added.')),
      },
      { required: ['metadata', 'involvedObject'], gvk: [{ group: '', kind: 'Event', version: 'v1' }] },
    ),
    [core('EventList')]: object(
      'A list of events.',
      {
        apiVersion: str(apiVersionDoc),
        items: tag(2, refArray(d, core('Event'), 'The events.')),
        kind: str(kindDoc),
        metadata: tag(1, refProp(d, meta('ListMeta'), 'Standard list metadata.', true)),
      },
      { required: ['items'], gvk: [{ group: '', kind: 'EventList', version: 'v1' }] },
    ),
    [ev('EventSeries')]: object(
      'Data about a series of events, i.e. something recurring over time. How often the series is updated is decided by the reporter.',
      {
        count: tag(1, { ...int32('Number of occurrences in the series up to the last heartbeat time.'), default: 0 }),
        lastObservedTime: tag(2, refProp(d, meta('MicroTime'), 'Time the last event of the series was seen before the last heartbeat.')),
      },
      { required: ['count', 'lastObservedTime'] },
    ),
    [ev('Event')]: object(
      EVENT_DOC,
      {
        action: tag(6, str('Machine-readable action taken or failed regarding the related object. For new Events must be non-empty, at most 128 characters.')),
        apiVersion: str(apiVersionDoc),
        deprecatedCount: tag(15, int32('Deprecated; kept for compatibility with the older core-group Event type.')),
        deprecatedFirstTimestamp: tag(13, refProp(d, meta('Time'), 'Deprecated; kept for compatibility with the older core-group Event type.')),
        deprecatedLastTimestamp: tag(14, refProp(d, meta('Time'), 'Deprecated; kept for compatibility with the older core-group Event type.')),
        deprecatedSource: tag(12, refProp(d, core('EventSource'), 'Deprecated; kept for compatibility with the older core-group Event type.', true)),
        eventTime: tag(2, refProp(d, meta('MicroTime'), 'Time the event was first observed. Required.')),
        kind: str(kindDoc),
        metadata: tag({ tag: 1, keepZero: true }, refProp(d, meta('ObjectMeta'), metadataDoc, true)),
        note: tag(10, str('Human-readable description of the action status. Maximum length 1 kB; libraries should be ready to handle values up to 64 kB.')),
        reason: tag(7, str('Human-readable reason for the action. For new Events must be non-empty, at most 128 characters.')),
        regarding: tag(8, refProp(
          d,
          core('ObjectReference'),
          'The object the event is about; usually an object implemented by the reporting controller (for example a replica set changed by its controller).',
          true,
        )),
        related: tag(9, refProp(d, core('ObjectReference'), 'Optional secondary object for complex actions, for example when the regarding object causes creation or deletion of the related object.')),
        reportingController: tag(4, str('Name of the controller that emitted the event (form <domain>/<component>). For new Events must be non-empty.')),
        reportingInstance: tag(5, str('ID of the controller instance (form <component>-<suffix>). For new Events must be non-empty, at most 128 characters.')),
        series: tag(3, refProp(d, ev('EventSeries'), 'Data about the series this event represents; absent for a single event.')),
        type: tag(11, str('Type of the event: Normal or Warning; new types may be added later. Machine-readable. For new Events must be non-empty.')),
      },
      { required: ['eventTime'], gvk: [{ group: EVENTS_GROUP, kind: 'Event', version: 'v1' }] },
    ),
    [ev('EventList')]: object(
      'A list of Event objects.',
      {
        apiVersion: str(apiVersionDoc),
        items: tag(2, refArray(d, ev('Event'), 'The Events.')),
        kind: str(kindDoc),
        metadata: tag(1, refProp(d, meta('ListMeta'), 'Standard list metadata.', true)),
      },
      { required: ['items'], gvk: [{ group: EVENTS_GROUP, kind: 'EventList', version: 'v1' }] },
    ),
  };
}

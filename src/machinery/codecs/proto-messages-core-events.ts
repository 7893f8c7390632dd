// core/v1 Event and EventList (the /api/v1 events), with Kubernetes' field numbers (k8s.io/api
// core/v1 generated.proto). They share the kind names of events.orch.io/v1, so the table holds
// them under their own names and the codec picks them by apiVersion (see protobufMessageName).
// ObjectReference, EventSource and EventSeries are the core/v1 messages already in the table.
import { always, list, m, s, type MessageSpec } from './proto-field.ts';

export const coreEventMessages: Record<string, MessageSpec> = {
  CoreEvent: {
    metadata: always(m(1, 'ObjectMeta')),
    involvedObject: always(m(2, 'ObjectReference')),
    reason: s(3),
    message: s(4),
    source: always(m(5, 'EventSource')),
    firstTimestamp: always(m(6, 'Time')),
    lastTimestamp: always(m(7, 'Time')),
    count: m(8, 'int32'),
    type: s(9),
    eventTime: always(m(10, 'MicroTime')),
    series: m(11, 'EventSeries'),
    action: s(12),
    related: m(13, 'ObjectReference'),
    reportingComponent: always(s(14)),
    reportingInstance: always(s(15)),
  },
  CoreEventList: { metadata: m(1, 'ListMeta'), items: list(2, 'CoreEvent') },
};

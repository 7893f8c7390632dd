// events.orch.io/v1 Event as it is on the wire. eventTime, regarding, deprecatedSource and the
// deprecated timestamps are always present (null or {} when empty), as Kubernetes serialises them.

import type { EventSource } from '../../core/v1/event-types.ts';
import type { ListMeta, MicroTime, ObjectMeta, ObjectReference, Time } from '../../meta/v1/types.ts';

export const GROUP = 'events.orch.io';
export const VERSION = 'v1';
export const API_VERSION = 'events.orch.io/v1';

export interface EventSeries {
  count: number;
  lastObservedTime: MicroTime;
}

export interface EventV1 {
  apiVersion?: typeof API_VERSION;
  kind?: 'Event';
  metadata: ObjectMeta;
  eventTime: MicroTime;
  series?: EventSeries;
  reportingController?: string;
  reportingInstance?: string;
  action?: string;
  reason?: string;
  regarding: ObjectReference;
  related?: ObjectReference;
  note?: string;
  type?: string;
  deprecatedSource: EventSource;
  deprecatedFirstTimestamp: Time;
  deprecatedLastTimestamp: Time;
  deprecatedCount?: number;
  [field: string]: unknown;
}

export interface EventListV1 {
  apiVersion: typeof API_VERSION;
  kind: 'EventList';
  metadata: ListMeta;
  items: EventV1[];
}

// The core/v1 Event as it is on the wire and in storage. Fields follow Kubernetes' JSON tags:
// involvedObject, source and the timestamps are always present (null when zero), and
// reportingComponent/reportingInstance are always present even when empty.

import type { MicroTime, ObjectMeta, ObjectReference, Time, ListMeta } from '../../meta/v1/types.ts';

export const EVENT_TYPE_NORMAL = 'Normal';
export const EVENT_TYPE_WARNING = 'Warning';

export interface EventSource {
  component?: string;
  host?: string;
}

export interface CoreEventSeries {
  count?: number;
  lastObservedTime?: MicroTime;
}

export interface CoreEvent {
  apiVersion?: 'v1';
  kind?: 'Event';
  metadata: ObjectMeta;
  involvedObject: ObjectReference;
  reason?: string;
  message?: string;
  source: EventSource;
  firstTimestamp: Time;
  lastTimestamp: Time;
  count?: number;
  type?: string;
  eventTime: MicroTime;
  series?: CoreEventSeries;
  action?: string;
  related?: ObjectReference;
  /** The reporting controller; named reportingComponent in core/v1. */
  reportingComponent: string;
  reportingInstance: string;
  [field: string]: unknown;
}

export interface CoreEventList {
  apiVersion: 'v1';
  kind: 'EventList';
  metadata: ListMeta;
  items: CoreEvent[];
}

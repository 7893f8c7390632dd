// Events are stored once, in core/v1 form (apiVersion `v1`, kind `Event`), under one key space
// that both /api/v1 events and /apis/events.orch.io/v1 events read and write. That is what
// Kubernetes does (core/v1 is the storage version of the shared events resource), so an event
// written through either group is visible through the other, and each path converts at most once.

import type { CoreEvent } from '../../../api/core/v1/event-types.ts';
import { coreToEventV1, eventV1ToCore } from './conversion.ts';
import type { EventV1 } from '../../../api/events/v1/types.ts';
import { cloneJson } from '../../../machinery/patch/json-value.ts';

export interface StoredFormCodec<T> {
  /** The object to write to storage for a request object of this version. */
  toStored(obj: T): CoreEvent;
  /** The object served at this version for a stored object. */
  fromStored(stored: CoreEvent): T;
  /** The same, sharing metadata with the stored object: for objects that are only serialized. */
  fromStoredForReading(stored: CoreEvent): T;
}

export const eventsV1StoredForm: StoredFormCodec<EventV1> = {
  // The request object is not used again once converted, so its metadata goes along as it is.
  toStored: (ev) => eventV1ToCore(ev, true),
  fromStored: (stored) => coreToEventV1(stored),
  fromStoredForReading: (stored) => coreToEventV1(stored, true),
};

export const coreV1StoredForm: StoredFormCodec<CoreEvent> = {
  // Already in Go's field order: the schema engine wrote the request object so, and the stored
  // form is written from such objects.
  toStored: (ev) => ({ ...ev, apiVersion: 'v1', kind: 'Event' }),
  fromStored: (stored) => ({ ...cloneJson(stored), apiVersion: 'v1', kind: 'Event' }),
  fromStoredForReading: (stored) => ({ ...stored, apiVersion: 'v1', kind: 'Event' }),
};

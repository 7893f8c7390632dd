// What the two Event declarations (events.orch.io/v1 and core v1) share: one stored form
// (core v1 under /registry/events/), the strategy switches, the TTL and the table.
import type { CoreEvent } from '../../../api/core/v1/event-types.ts';
import type { ApiObject } from '../../../api/meta/v1/types.ts';
import type { StatusCause } from '../../../machinery/status.ts';
import { ALL_VERBS, validatingStrategy, type ResourceStrategy } from '../resource.ts';
import { eventTableColumns, eventTableRow } from './table.ts';

export interface EventDeclarationOptions {
  /** --event-ttl in seconds: each write keeps the event that long; 0 keeps events forever. */
  ttlSeconds: number;
}

/** Kubernetes' default --event-ttl (1h). */
export const DEFAULT_EVENT_TTL_SECONDS = 3600;

export const EVENTS_STORAGE = {
  storageResource: { group: '', resource: 'events' },
  storageVersion: { group: '', version: 'v1', kind: 'Event' },
};

export function eventTtl(opts: EventDeclarationOptions): ((obj: CoreEvent) => number | undefined) | undefined {
  return opts.ttlSeconds > 0 ? () => opts.ttlSeconds : undefined;
}

/** Events keep what clients send: no defaults, no status, create-on-update and unconditional updates. */
export function eventStrategy<T extends ApiObject>(validate: (o: T) => StatusCause[], validateUpdate: (o: T, old: T) => StatusCause[]): ResourceStrategy<T> {
  return validatingStrategy({ validate, validateUpdate, allowCreateOnUpdate: true });
}

export function eventTable<T extends ApiObject>() {
  return {
    columns: eventTableColumns,
    row: (ev: T) => eventTableRow(ev as unknown as CoreEvent, new Date()),
  };
}

export const EVENT_VERBS = ALL_VERBS;

/** Names, scope, storage and verbs both Event declarations share; each adds its group and version. */
export const EVENT_RESOURCE = {
  kind: 'Event',
  listKind: 'EventList',
  plural: 'events',
  singular: 'event',
  shortNames: ['ev'],
  categories: [],
  namespaced: true,
  ...EVENTS_STORAGE,
  verbs: EVENT_VERBS,
};


// What the two Event declarations (events.orch.io/v1 and core v1) share: one stored form
// (core v1 under /registry/events/), the strategy switches, the TTL and the table.
import type { CoreEvent } from '../../../api/core/v1/event-types.ts';
import type { ApiObject } from '../../../storage/interface.ts';
import { ALL_VERBS, type ResourceStrategy, type TableColumnDefinition } from '../resource.ts';
import { eventTableColumns, eventTableRow } from './table.ts';
import { openapiV2Definitions } from '../../../machinery/openapi/definitions.ts';
import { unknownFieldFinder } from '../generic/unknown-fields.ts';

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
export function eventStrategy<T extends ApiObject>(validate: (o: T) => ReturnType<ResourceStrategy<T>['validate']>, validateUpdate: (o: T, old: T) => ReturnType<ResourceStrategy<T>['validate']>): ResourceStrategy<T> {
  return {
    prepareForCreate: () => {},
    prepareForUpdate: () => {},
    validate,
    validateUpdate,
    warningsOnCreate: () => [],
    warningsOnUpdate: () => [],
    canonicalize: () => {},
    allowCreateOnUpdate: true,
    allowUnconditionalUpdate: true,
  };
}

export function eventTable<T extends ApiObject>() {
  return {
    columns: eventTableColumns as readonly TableColumnDefinition[],
    row: (ev: T) => eventTableRow(ev as unknown as CoreEvent, new Date()),
  };
}

export const EVENT_VERBS = ALL_VERBS;

let definitions: Record<string, unknown> | undefined;

/** Unknown-field detection for fieldValidation, from the kind's OpenAPI definition (built once). */
export function eventUnknownFields(definition: string): (obj: Record<string, unknown>) => string[] {
  let find: ((obj: Record<string, unknown>) => string[]) | undefined;
  return (obj) => {
    definitions ??= openapiV2Definitions();
    find ??= unknownFieldFinder(definitions, definition);
    return find(obj);
  };
}

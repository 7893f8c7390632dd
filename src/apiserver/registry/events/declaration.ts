// events.orch.io/v1 Event: served in the v1 shape, stored in core v1 form with the core events.
import type { CoreEvent } from '../../../api/core/v1/event-types.ts';
import type { EventV1 } from '../../../api/events/v1/types.ts';
import type { ResourceDeclaration } from '../resource.ts';
import { EVENT_RESOURCE, eventStrategy, eventTable, eventTtl, type EventDeclarationOptions } from './declaration-common.ts';
import { kindSchema } from '../../../machinery/openapi/kind-schemas.ts';
import { EVENT_V1_SELECTABLE_FIELDS, eventV1FieldSet } from './field-sets.ts';
import { eventsV1StoredForm } from './stored-form.ts';
import { validateEventCreate, validateEventUpdate } from './validation.ts';

export function eventsV1Declaration(opts: EventDeclarationOptions) {
  return {
    group: 'events.orch.io',
    version: 'v1',
    ...EVENT_RESOURCE,
    strategy: eventStrategy<EventV1>(validateEventCreate, validateEventUpdate),
    toStored: eventsV1StoredForm.toStored,
    fromStored: eventsV1StoredForm.fromStored,
    fromStoredForReading: eventsV1StoredForm.fromStoredForReading,
    fieldSet: eventV1FieldSet,
    allowedFieldSelectors: [...EVENT_V1_SELECTABLE_FIELDS],
    table: eventTable<EventV1>(),
    ttlSeconds: eventTtl(opts),
    openapiDefinition: 'io.orch.api.events.v1.Event',
    schema: kindSchema('io.orch.api.events.v1.Event'),
    protobuf: true,
  } satisfies ResourceDeclaration<EventV1, CoreEvent>;
}

// core v1 Event (/api/v1 events): the legacy shape over the same stored objects.
import type { CoreEvent } from '../../../api/core/v1/event-types.ts';
import type { ResourceDeclaration } from '../resource.ts';
import { EVENT_RESOURCE, eventStrategy, eventTable, eventTtl, type EventDeclarationOptions } from './declaration-common.ts';
import { kindSchema } from '../../../machinery/openapi/kind-schemas.ts';
import { CORE_EVENT_SELECTABLE_FIELDS, coreEventFieldSet } from './field-sets.ts';
import { coreV1StoredForm } from './stored-form.ts';
import { validateCoreEventCreate, validateCoreEventUpdate } from './validation.ts';

export function coreEventsDeclaration(opts: EventDeclarationOptions) {
  return {
    group: '',
    version: 'v1',
    ...EVENT_RESOURCE,
    strategy: eventStrategy<CoreEvent>(validateCoreEventCreate, validateCoreEventUpdate),
    toStored: coreV1StoredForm.toStored,
    fromStored: coreV1StoredForm.fromStored,
    fromStoredForReading: coreV1StoredForm.fromStoredForReading,
    fieldSet: coreEventFieldSet,
    allowedFieldSelectors: [...CORE_EVENT_SELECTABLE_FIELDS],
    table: eventTable<CoreEvent>(),
    ttlSeconds: eventTtl(opts),
    openapiDefinition: 'io.orch.api.core.v1.Event',
    schema: kindSchema('io.orch.api.core.v1.Event'),
    protobuf: true,
  } satisfies ResourceDeclaration<CoreEvent, CoreEvent>;
}

// Both Event declarations installed over one store (they share the stored objects).
import type { CoreEvent } from '../../../api/core/v1/event-types.ts';
import type { Store } from '../../../storage/interface.ts';
import type { InstalledResource } from '../generic/context.ts';
import { eventsV1Declaration } from './declaration.ts';
import { coreEventsDeclaration } from './declaration-core.ts';
import type { EventDeclarationOptions } from './declaration-common.ts';
import { openapiV2Definitions, openapiV3Schemas } from '../../../machinery/openapi/definitions.ts';

/** The schemas /openapi/v2 and /openapi/v3 serve for the Event kinds (pass to buildApiHandler). */
export function eventsOpenApiSchemas(): { v2Definitions: Record<string, unknown>; v3Schemas: Record<string, unknown> } {
  return { v2Definitions: openapiV2Definitions(), v3Schemas: openapiV3Schemas() };
}

export function eventResources(store: Store<CoreEvent>, opts: EventDeclarationOptions & { storeName?: string }): InstalledResource<any, any>[] {
  const storeName = opts.storeName;
  return [
    { declaration: coreEventsDeclaration(opts), store, storeName },
    { declaration: eventsV1Declaration(opts), store, storeName },
  ];
}

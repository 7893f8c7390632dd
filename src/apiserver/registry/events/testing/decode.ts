// Event bodies decoded as the server decodes a request body (generic/decode.ts against the
// declaration's schema), for tests that start from a body rather than a stored event.
import type { CoreEvent } from '../../../../api/core/v1/event-types.ts';
import type { EventV1 } from '../../../../api/events/v1/types.ts';
import type { ApiObject } from '../../../../api/meta/v1/types.ts';
import { decodeObject } from '../../generic/decode.ts';
import { coreEventsDeclaration } from '../declaration-core.ts';
import { eventsV1Declaration } from '../declaration.ts';

const v1 = eventsV1Declaration({ ttlSeconds: 0 });
const core = coreEventsDeclaration({ ttlSeconds: 0 });

/** The body with the path's apiVersion and kind, as the body reader sets them. */
function typed(raw: unknown, apiVersion: string): ApiObject {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw as ApiObject;
  return { ...raw, apiVersion, kind: 'Event' } as ApiObject;
}

/** An events.orch.io/v1 Event body, decoded (the body is the caller's to give away). */
export function decodeEventV1(raw: unknown): EventV1 {
  return decodeObject(v1, typed(raw, 'events.orch.io/v1')).obj;
}

/** A core/v1 Event body, decoded. */
export function decodeCoreEvent(raw: unknown): CoreEvent {
  return decodeObject(core, typed(raw, 'v1')).obj;
}

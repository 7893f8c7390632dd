// An Event body of either version decoded as the server decodes it: the schema engine types it
// (Kubernetes' 400 for a wrong type or timestamp), drops unknown and empty `,omitempty` fields,
// fills defaults and null timestamps (events/schema.ts); the fields then take Kubernetes' order,
// which is what admission webhooks and validation see.
import type { CoreEvent } from '../../../api/core/v1/event-types.ts';
import type { EventV1 } from '../../../api/events/v1/types.ts';
import { compileSchema, decodeWithSchema, type CompiledSchema } from '../../../machinery/schema/decode.ts';
import { badRequest } from '../../../machinery/status.ts';
import { orderCore, orderV1 } from './conversion.ts';
import { coreEventSchema, eventV1Schema } from './schema.ts';

let v1: CompiledSchema | undefined;
let core: CompiledSchema | undefined;

function decode(schema: CompiledSchema, version: string, raw: unknown): Record<string, unknown> {
  const err = decodeWithSchema(schema, raw, { prune: true, defaults: true });
  if (err) throw badRequest(`Event in version "${version}" cannot be handled as a Event: ${err}`);
  return raw as Record<string, unknown>;
}

/** Decodes an events.orch.io/v1 Event body (the body is the caller's to give away). */
export function decodeEventV1(raw: unknown): EventV1 {
  const ev = decode((v1 ??= compileSchema(eventV1Schema())), 'events.orch.io/v1', raw);
  return orderV1({ ...ev, apiVersion: 'events.orch.io/v1', kind: 'Event' } as EventV1);
}

/** Decodes a core/v1 Event body. */
export function decodeCoreEvent(raw: unknown): CoreEvent {
  const ev = decode((core ??= compileSchema(coreEventSchema())), 'v1', raw);
  return orderCore({ ...ev, apiVersion: 'v1', kind: 'Event' } as CoreEvent);
}

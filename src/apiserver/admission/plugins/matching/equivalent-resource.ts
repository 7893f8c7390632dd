// The object of a request in the form of an equivalent resource, and back: hooks and policies
// matched through events.orch.io see core events and the other way round.
import type { CoreEvent } from '../../../../api/core/v1/event-types.ts';
import type { EventV1 } from '../../../../api/events/v1/types.ts';
import { coreToEventV1, eventV1ToCore } from '../../../registry/events/conversion.ts';
import type { GroupVersionKind } from './rules.ts';

export function convertObject<T>(obj: T, to: GroupVersionKind): T {
  if (!obj || to.kind !== 'Event') return obj;
  const apiVersion = (obj as { apiVersion?: string }).apiVersion;
  if (to.group === '' && apiVersion !== 'v1') return { ...eventV1ToCore(obj as unknown as EventV1), apiVersion: 'v1', kind: 'Event' } as T;
  if (to.group === 'events.orch.io' && apiVersion !== 'events.orch.io/v1') return { ...coreToEventV1(obj as unknown as CoreEvent), apiVersion: 'events.orch.io/v1', kind: 'Event' } as T;
  return obj;
}

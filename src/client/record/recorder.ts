// The recorder controllers call: builds an events.orch.io/v1 Event about an object, as client-go's
// events recorder does (name `<regarding>.<hex nanoseconds>`, in the regarded object's namespace or
// `default` for cluster-scoped objects, reportingController and reportingInstance of the source)
// and hands it to the broadcaster without waiting.
import { hostname } from 'node:os';
import type { EventV1 } from '../../api/events/v1/types.ts';
import type { ObjectReference } from '../../api/meta/v1/types.ts';
import { formatMicroTime } from '../../api/meta/v1/time.ts';
import { realClock, type Clock } from '../clock/clock.ts';
import type { RestClient } from '../rest/client.ts';
import { EventBroadcaster, type BroadcasterOptions } from './broadcaster.ts';
import { referenceTo, type ReferableObject } from './object-reference.ts';
import { restEventSink } from './sink.ts';

export type EventType = 'Normal' | 'Warning';

/** The longest note the API accepts (1 kB); longer notes are cut, not refused. */
const MAX_NOTE_BYTES = 1024;

export interface EventRecorder {
  /** Records an Event; never blocks and never throws. */
  eventf(regarding: ReferableObject | ObjectReference, related: ReferableObject | ObjectReference | undefined, type: EventType, reason: string, action: string, note: string): void;
}

function toReference(obj: ReferableObject | ObjectReference): ObjectReference {
  return 'metadata' in obj && obj.metadata ? referenceTo(obj as ReferableObject) : { ...(obj as ObjectReference) };
}

function truncateNote(note: string): string {
  if (Buffer.byteLength(note) <= MAX_NOTE_BYTES) return note;
  let cut = Buffer.from(note).subarray(0, MAX_NOTE_BYTES).toString('utf8');
  while (Buffer.byteLength(cut) > MAX_NOTE_BYTES || cut.endsWith('\uFFFD')) cut = cut.slice(0, -1);
  return cut;
}

let sequence = 0;

/** Nanoseconds since the epoch, unique within the process even for events in one millisecond. */
function uniqueNanos(clock: Clock): bigint {
  sequence = (sequence + 1) % 1_000_000;
  return BigInt(clock.now()) * 1_000_000n + BigInt(sequence);
}

export interface RecorderSource {
  /** e.g. `orch.io/serviceaccount-controller`. */
  reportingController: string;
  /** e.g. `serviceaccount-controller-<host>`. */
  reportingInstance: string;
}

export function newRecorder(broadcaster: EventBroadcaster, source: RecorderSource, clock: Clock = realClock): EventRecorder {
  return {
    eventf(regardingObj, relatedObj, type, reason, action, note) {
      try {
        const regarding = toReference(regardingObj);
        const nanos = uniqueNanos(clock);
        const event: EventV1 = {
          apiVersion: 'events.orch.io/v1',
          kind: 'Event',
          metadata: { name: `${regarding.name ?? ''}.${nanos.toString(16)}`, namespace: regarding.namespace || 'default' },
          eventTime: formatMicroTime(nanos / 1000n),
          reportingController: source.reportingController,
          reportingInstance: source.reportingInstance,
          action,
          reason,
          regarding,
          ...(relatedObj ? { related: toReference(relatedObj) } : {}),
          note: truncateNote(note),
          type,
          deprecatedSource: {},
          deprecatedFirstTimestamp: null,
          deprecatedLastTimestamp: null,
        };
        broadcaster.action(event);
      } catch {
        // A recorder must never fail its caller.
      }
    },
  };
}

/** A broadcaster writing through the client, and the recorder of one controller. */
export interface ControllerEvents {
  recorder: EventRecorder;
  broadcaster: EventBroadcaster;
}

/**
 * The recorder of a controller, as the controller manager sets one up: reportingController
 * `orch.io/<controller>` and reportingInstance `<controller>-<host>`.
 */
export function controllerEventRecorder(client: RestClient, controller: string, opts: BroadcasterOptions & { host?: string } = {}): ControllerEvents {
  const broadcaster = new EventBroadcaster(restEventSink(client), opts);
  const recorder = newRecorder(broadcaster, { reportingController: `orch.io/${controller}`, reportingInstance: `${controller}-${opts.host ?? hostname()}` }, opts.clock);
  return { recorder, broadcaster };
}

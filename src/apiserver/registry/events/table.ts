// The columns `kubectl get events` shows, computed on the server as Kubernetes' printer does
// (pkg/printers/internalversion, printEvent). Both versions share it, as they share the internal
// type upstream. The server always fills the wide cells; kubectl hides priority-1 columns unless
// `-o wide`.

import type { CoreEvent } from '../../../api/core/v1/event-types.ts';
import { eventV1ToCore } from '../../../api/events/v1/conversion.ts';
import type { EventV1 } from '../../../api/events/v1/types.ts';
import { timeToDate } from '../../../api/meta/v1/time.ts';

export interface TableColumnDefinition {
  name: string;
  type: string;
  format: string;
  description: string;
  priority: number;
}

export const eventTableColumns: readonly TableColumnDefinition[] = [
  { name: 'Last Seen', type: 'string', format: '', priority: 0, description: 'The time at which the most recent occurrence of this event was recorded.' },
  { name: 'Type', type: 'string', format: '', priority: 0, description: 'Type of this event (Normal, Warning), new types could be added in the future' },
  {
    name: 'Reason',
    type: 'string',
    format: '',
    priority: 0,
    description: "This should be a short, machine understandable string that gives the reason for the transition into the object's current status.",
  },
  { name: 'Object', type: 'string', format: '', priority: 0, description: 'The object that this event is about.' },
  {
    name: 'Subobject',
    type: 'string',
    format: '',
    priority: 1,
    description:
      'If referring to a piece of an object instead of an entire object, this string should contain a valid JSON/Go field access statement, such as desiredState.manifest.containers[2]. For example, if the object reference is to a container within a pod, this would take on a value like: "spec.containers{name}" (where "name" refers to the name of the container that triggered the event) or if no container name is specified "spec.containers[2]" (container with index 2 in this pod). This syntax is chosen only to have some well-defined way of referencing a part of an object.',
  },
  { name: 'Source', type: 'string', format: '', priority: 1, description: 'The component reporting this event. Should be a short machine understandable string.' },
  { name: 'Message', type: 'string', format: '', priority: 0, description: 'A human-readable description of the status of this operation.' },
  { name: 'First Seen', type: 'string', format: '', priority: 1, description: 'The time at which the event was first recorded. (Time of server receipt is in TypeMeta.)' },
  { name: 'Count', type: 'string', format: '', priority: 1, description: 'The number of times this event has occurred.' },
  {
    name: 'Name',
    type: 'string',
    format: 'name',
    priority: 1,
    description:
      'Name must be unique within a namespace. Is required when creating resources, although some resources may allow a client to request the generation of an appropriate name automatically. Name is primarily intended for creation idempotence and configuration definition. Cannot be updated.',
  },
];

/** Kubernetes' duration.HumanDuration: `45s`, `5m10s`, `2d3h`, `3y`; `<invalid>` for the future. */
export function humanDuration(ms: number): string {
  const seconds = Math.trunc(ms / 1000);
  if (seconds < -1) return '<invalid>';
  if (seconds < 0) return '0s';
  if (seconds < 60 * 2) return `${seconds}s`;
  const minutes = Math.trunc(seconds / 60);
  if (minutes < 10) {
    const s = seconds % 60;
    return s === 0 ? `${minutes}m` : `${minutes}m${s}s`;
  }
  if (minutes < 60 * 3) return `${minutes}m`;
  const hours = Math.trunc(minutes / 60);
  if (hours < 8) {
    const m = minutes % 60;
    return m === 0 ? `${hours}h` : `${hours}h${m}m`;
  }
  if (hours < 48) return `${hours}h`;
  if (hours < 24 * 8) {
    const h = hours % 24;
    return h === 0 ? `${Math.trunc(hours / 24)}d` : `${Math.trunc(hours / 24)}d${h}h`;
  }
  if (hours < 24 * 365 * 2) return `${Math.trunc(hours / 24)}d`;
  if (hours < 24 * 365 * 8) {
    const dy = Math.trunc(hours / 24) % 365;
    const years = Math.trunc(hours / 24 / 365);
    return dy === 0 ? `${years}y` : `${years}y${dy}d`;
  }
  return `${Math.trunc(hours / 24 / 365)}y`;
}

/** `<unknown>` for an unset time, else the age relative to now. */
export function timestampSince(t: string | null | undefined, now: Date): string {
  const d = timeToDate(t);
  return d ? humanDuration(now.getTime() - d.getTime()) : '<unknown>';
}

function formatSource(ev: CoreEvent): string {
  const component = ev.source?.component || ev.reportingComponent || '';
  const instance = ev.source?.host || ev.reportingInstance || '';
  return instance ? `${component}, ${instance}` : component;
}

/**
 * The cells of one row, in column order: Last Seen, Type, Reason, Object, Subobject, Source,
 * Message, First Seen, Count, Name. Accepts either version (or the stored core form).
 */
export function eventTableRow(ev: CoreEvent | EventV1, now: Date): unknown[] {
  const core = 'regarding' in ev ? eventV1ToCore(ev as EventV1) : (ev as CoreEvent);
  const firstSeen = timeToDate(core.firstTimestamp) ? timestampSince(core.firstTimestamp, now) : timestampSince(core.eventTime, now);
  let lastSeen = timeToDate(core.lastTimestamp) ? timestampSince(core.lastTimestamp, now) : firstSeen;
  let count = core.count ?? 0;
  if (core.series) {
    lastSeen = timestampSince(core.series.lastObservedTime, now);
    count = core.series.count ?? 0;
  } else if (count === 0) {
    count = 1; // A single event written through events.orch.io/v1 has no count.
  }
  const ref = core.involvedObject ?? {};
  const kind = (ref.kind ?? '').toLowerCase();
  const target = ref.name ? `${kind}/${ref.name}` : kind;
  return [
    lastSeen,
    core.type ?? '',
    core.reason ?? '',
    target,
    ref.fieldPath ?? '',
    formatSource(core),
    (core.message ?? '').trim(),
    firstSeen,
    count,
    core.metadata?.name ?? '',
  ];
}

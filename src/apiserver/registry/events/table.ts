// The columns `kubectl get events` shows, computed on the server as Kubernetes' printer does
// (pkg/printers/internalversion, printEvent). Both versions share it, as they share the internal
// type upstream. The server always fills the wide cells; kubectl hides priority-1 columns unless
// `-o wide`.

import type { CoreEvent } from '../../../api/core/v1/event-types.ts';
import { eventV1ToCore } from './conversion.ts';
import type { EventV1 } from '../../../api/events/v1/types.ts';
import { timeToDate } from '../../../api/meta/v1/time.ts';
import type { TableColumnDefinition } from '../resource.ts';
import { timestampSince } from '../human-duration.ts';

export const eventTableColumns: readonly TableColumnDefinition[] = [
  { name: 'Last Seen', type: 'string', format: '', priority: 0, description: 'When the latest occurrence of this event was recorded.' },
  { name: 'Type', type: 'string', format: '', priority: 0, description: 'Type of the event (Normal, Warning); more types may be added.' },
  { name: 'Reason', type: 'string', format: '', priority: 0, description: 'Short, machine-readable reason for the change the event reports.' },
  { name: 'Object', type: 'string', format: '', priority: 0, description: 'The object the event is about.' },
  { name: 'Subobject', type: 'string', format: '', priority: 1, description: 'The part of the object the event is about, e.g. spec.containers{name}.' },
  { name: 'Source', type: 'string', format: '', priority: 1, description: 'The component (and host) that reported the event.' },
  { name: 'Message', type: 'string', format: '', priority: 0, description: 'Human-readable description of what happened.' },
  { name: 'First Seen', type: 'string', format: '', priority: 1, description: 'When the event was first recorded.' },
  { name: 'Count', type: 'string', format: '', priority: 1, description: 'How many times the event has occurred.' },
  { name: 'Name', type: 'string', format: 'name', priority: 1, description: 'Name of the event object, unique within its namespace.' },
];

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
  const core = 'regarding' in ev ? eventV1ToCore(ev as EventV1, true) : (ev as CoreEvent);
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

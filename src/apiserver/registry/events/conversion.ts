// Field-by-field conversion between events.orch.io/v1 Event and core/v1 Event, as Kubernetes
// converts through its internal type: regarding↔involvedObject, note↔message,
// reportingController↔reportingComponent, deprecatedSource↔source,
// deprecatedFirstTimestamp/LastTimestamp/Count↔firstTimestamp/lastTimestamp/count; the other
// fields keep their names. Both directions emit the always-present fields as Kubernetes does.

import type { CoreEvent, CoreEventSeries, EventSource } from '../../../api/core/v1/event-types.ts';
import type { ObjectMeta, ObjectReference } from '../../../api/meta/v1/types.ts';
import { cloneJson, setOwn } from '../../../machinery/patch/json-value.ts';
import { API_VERSION, type EventSeries, type EventV1 } from '../../../api/events/v1/types.ts';

/** Copies an ObjectReference keeping only its known, non-empty fields, in Kubernetes' order. */
export function copyObjectReference(ref: ObjectReference | undefined): ObjectReference {
  const out: ObjectReference = {};
  if (!ref) return out;
  if (ref.kind) out.kind = ref.kind;
  if (ref.namespace) out.namespace = ref.namespace;
  if (ref.name) out.name = ref.name;
  if (ref.uid) out.uid = ref.uid;
  if (ref.apiVersion) out.apiVersion = ref.apiVersion;
  if (ref.resourceVersion) out.resourceVersion = ref.resourceVersion;
  if (ref.fieldPath) out.fieldPath = ref.fieldPath;
  return out;
}

export function copyEventSource(src: EventSource | undefined): EventSource {
  const out: EventSource = {};
  if (src?.component) out.component = src.component;
  if (src?.host) out.host = src.host;
  return out;
}

/**
 * A copy of metadata that shares the fieldsV1 trees of managedFields with the original: they are
 * most of its size and only ever read (the managedfields machinery decodes them into field sets
 * and writes new ones). Everything else is copied deeply; a recursive copy is several times
 * cheaper than structuredClone.
 */
function copyMeta(meta: ObjectMeta | undefined): ObjectMeta {
  const out: Record<string, unknown> = {};
  if (!meta) return out;
  for (const [k, v] of Object.entries(meta)) {
    setOwn(out, k, k === 'managedFields' && Array.isArray(v) ? v.map((entry: object) => ({ ...entry })) : cloneJson(v));
  }
  return out as ObjectMeta;
}

function coreSeries(series: EventSeries): CoreEventSeries {
  const out: CoreEventSeries = {};
  if (series.count) out.count = series.count;
  out.lastObservedTime = series.lastObservedTime ?? null;
  return out;
}

function v1Series(series: CoreEventSeries): EventSeries {
  return { count: series.count ?? 0, lastObservedTime: series.lastObservedTime ?? null };
}

/**
 * Built in core key order directly. With `shareMetadata` the result keeps the argument's metadata
 * object: for validating, and for the stored form of a request object that is not used again.
 */
export function eventV1ToCore(ev: EventV1, shareMetadata = false): CoreEvent {
  const metadata = shareMetadata ? (ev.metadata ?? {}) : copyMeta(ev.metadata);
  const out = { kind: 'Event', apiVersion: 'v1', metadata, involvedObject: copyObjectReference(ev.regarding) } as CoreEvent;
  if (ev.reason) out.reason = ev.reason;
  if (ev.note) out.message = ev.note;
  out.source = copyEventSource(ev.deprecatedSource);
  out.firstTimestamp = ev.deprecatedFirstTimestamp ?? null;
  out.lastTimestamp = ev.deprecatedLastTimestamp ?? null;
  if (ev.deprecatedCount) out.count = ev.deprecatedCount;
  if (ev.type) out.type = ev.type;
  out.eventTime = ev.eventTime ?? null;
  if (ev.series) out.series = coreSeries(ev.series);
  if (ev.action) out.action = ev.action;
  if (ev.related) out.related = copyObjectReference(ev.related);
  out.reportingComponent = ev.reportingController ?? '';
  out.reportingInstance = ev.reportingInstance ?? '';
  return out;
}

/**
 * Built in v1 key order directly: lists convert every item, so no second, reordered copy. With
 * `shareMetadata` the result keeps the argument's metadata object, for a served form that is only
 * serialized.
 */
export function coreToEventV1(ev: CoreEvent, shareMetadata = false): EventV1 {
  const metadata = shareMetadata ? (ev.metadata ?? {}) : copyMeta(ev.metadata);
  const out = { kind: 'Event', apiVersion: API_VERSION, metadata, eventTime: ev.eventTime ?? null } as EventV1;
  if (ev.series) out.series = v1Series(ev.series);
  if (ev.reportingComponent) out.reportingController = ev.reportingComponent;
  if (ev.reportingInstance) out.reportingInstance = ev.reportingInstance;
  if (ev.action) out.action = ev.action;
  if (ev.reason) out.reason = ev.reason;
  out.regarding = copyObjectReference(ev.involvedObject);
  if (ev.related) out.related = copyObjectReference(ev.related);
  if (ev.message) out.note = ev.message;
  if (ev.type) out.type = ev.type;
  out.deprecatedSource = copyEventSource(ev.source);
  out.deprecatedFirstTimestamp = ev.firstTimestamp ?? null;
  out.deprecatedLastTimestamp = ev.lastTimestamp ?? null;
  if (ev.count) out.deprecatedCount = ev.count;
  return out;
}

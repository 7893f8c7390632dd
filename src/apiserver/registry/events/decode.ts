// Turns a request body (already parsed JSON) into a typed Event of either version, refusing
// values of the wrong JSON type and malformed timestamps as Kubernetes' decoder does (400
// BadRequest, `Event in version "v1" cannot be handled as a Event: ...`), and normalising
// timestamps: MicroTime to six fractional digits in UTC, Time to whole seconds.

import type { CoreEvent, CoreEventSeries, EventSource } from '../../../api/core/v1/event-types.ts';
import { orderCore, orderV1, copyObjectReference, copyEventSource } from './conversion.ts';
import type { EventSeries, EventV1 } from '../../../api/events/v1/types.ts';
import { normalizeMicroTime, normalizeTime, TimeParseError } from '../../../api/meta/v1/time.ts';
import type { ObjectMeta, ObjectReference } from '../../../api/meta/v1/types.ts';
import { badRequest, type StatusError } from '../../../machinery/status.ts';

type Json = Record<string, unknown>;

/** ObjectReference's fields in Kubernetes' order, with the Go field names its errors use. */
const REFERENCE_FIELDS = [
  ['kind', 'Kind'],
  ['namespace', 'Namespace'],
  ['name', 'Name'],
  ['uid', 'UID'],
  ['apiVersion', 'APIVersion'],
  ['resourceVersion', 'ResourceVersion'],
  ['fieldPath', 'FieldPath'],
] as const;

class DecodeContext {
  readonly version: string;
  constructor(version: string) {
    this.version = version;
  }

  fail(detail: string): StatusError {
    return badRequest(`Event in version "${this.version}" cannot be handled as a Event: ${detail}`);
  }

  private typeError(value: unknown, goField: string, goType: string): StatusError {
    const jsonType = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'object' ? 'object' : typeof value;
    return this.fail(`json: cannot unmarshal ${jsonType} into Go struct field ${goField} of type ${goType}`);
  }

  object(obj: Json, key: string, goField: string, goType: string): Json | undefined {
    const v = obj[key];
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'object' || Array.isArray(v)) throw this.typeError(v, goField, goType);
    return v as Json;
  }

  string(obj: Json, key: string, goField: string): string | undefined {
    const v = obj[key];
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'string') throw this.typeError(v, goField, 'string');
    return v;
  }

  int32(obj: Json, key: string, goField: string): number | undefined {
    const v = obj[key];
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'number' || !Number.isInteger(v) || v > 2147483647 || v < -2147483648) throw this.typeError(v, goField, 'int32');
    return v;
  }

  time(obj: Json, key: string, goField: string, micro: boolean): string | null {
    const v = this.string(obj, key, goField);
    try {
      return micro ? normalizeMicroTime(v) : normalizeTime(v);
    } catch (err) {
      if (err instanceof TimeParseError) throw this.fail(err.message);
      throw err;
    }
  }

  reference(obj: Json, key: string, goField: string): ObjectReference | undefined {
    const ref = this.object(obj, key, goField, 'v1.ObjectReference');
    if (!ref) return undefined;
    const out: ObjectReference = {};
    for (const [f, goName] of REFERENCE_FIELDS) {
      const s = this.string(ref, f, `${goField}.${goName}`);
      if (s !== undefined) out[f] = s;
    }
    return copyObjectReference(out);
  }

  source(obj: Json, key: string, goField: string): EventSource {
    const src = this.object(obj, key, goField, 'v1.EventSource') ?? {};
    return copyEventSource({ component: this.string(src, 'component', `${goField}.component`), host: this.string(src, 'host', `${goField}.host`) });
  }

  /** The body's own metadata: the body is the caller's to give away, so it is not copied. */
  metadata(obj: Json): ObjectMeta {
    const meta = this.object(obj, 'metadata', 'Event.metadata', 'v1.ObjectMeta');
    return (meta ?? {}) as ObjectMeta;
  }
}

function asObject(raw: unknown, ctx: DecodeContext): Json {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw ctx.fail('json: cannot unmarshal non-object into Go value of type v1.Event');
  return raw as Json;
}

/** Decodes an events.orch.io/v1 Event body. */
export function decodeEventV1(raw: unknown): EventV1 {
  const ctx = new DecodeContext('events.orch.io/v1');
  const obj = asObject(raw, ctx);
  const ev: EventV1 = {
    apiVersion: 'events.orch.io/v1',
    kind: 'Event',
    metadata: ctx.metadata(obj),
    eventTime: ctx.time(obj, 'eventTime', 'Event.eventTime', true),
    regarding: ctx.reference(obj, 'regarding', 'Event.regarding') ?? {},
    deprecatedSource: ctx.source(obj, 'deprecatedSource', 'Event.deprecatedSource'),
    deprecatedFirstTimestamp: ctx.time(obj, 'deprecatedFirstTimestamp', 'Event.deprecatedFirstTimestamp', false),
    deprecatedLastTimestamp: ctx.time(obj, 'deprecatedLastTimestamp', 'Event.deprecatedLastTimestamp', false),
  };
  const series = ctx.object(obj, 'series', 'Event.series', 'v1.EventSeries');
  if (series) {
    const s: EventSeries = {
      count: ctx.int32(series, 'count', 'Event.series.count') ?? 0,
      lastObservedTime: ctx.time(series, 'lastObservedTime', 'Event.series.lastObservedTime', true),
    };
    ev.series = s;
  }
  const strings = ['reportingController', 'reportingInstance', 'action', 'reason', 'note', 'type'] as const;
  for (const f of strings) {
    const v = ctx.string(obj, f, `Event.${f}`);
    if (v) ev[f] = v;
  }
  const related = ctx.reference(obj, 'related', 'Event.related');
  if (related) ev.related = related;
  const count = ctx.int32(obj, 'deprecatedCount', 'Event.deprecatedCount');
  if (count) ev.deprecatedCount = count;
  return orderV1(ev);
}

/** Decodes a core/v1 Event body. */
export function decodeCoreEvent(raw: unknown): CoreEvent {
  const ctx = new DecodeContext('v1');
  const obj = asObject(raw, ctx);
  const ev: CoreEvent = {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: ctx.metadata(obj),
    involvedObject: ctx.reference(obj, 'involvedObject', 'Event.involvedObject') ?? {},
    source: ctx.source(obj, 'source', 'Event.source'),
    firstTimestamp: ctx.time(obj, 'firstTimestamp', 'Event.firstTimestamp', false),
    lastTimestamp: ctx.time(obj, 'lastTimestamp', 'Event.lastTimestamp', false),
    eventTime: ctx.time(obj, 'eventTime', 'Event.eventTime', true),
    reportingComponent: ctx.string(obj, 'reportingComponent', 'Event.reportingComponent') ?? '',
    reportingInstance: ctx.string(obj, 'reportingInstance', 'Event.reportingInstance') ?? '',
  };
  for (const f of ['reason', 'message', 'type', 'action'] as const) {
    const v = ctx.string(obj, f, `Event.${f}`);
    if (v) ev[f] = v;
  }
  const count = ctx.int32(obj, 'count', 'Event.count');
  if (count) ev.count = count;
  const series = ctx.object(obj, 'series', 'Event.series', 'v1.EventSeries');
  if (series) {
    const s: CoreEventSeries = {};
    const c = ctx.int32(series, 'count', 'Event.series.count');
    if (c) s.count = c;
    s.lastObservedTime = ctx.time(series, 'lastObservedTime', 'Event.series.lastObservedTime', true);
    ev.series = s;
  }
  const related = ctx.reference(obj, 'related', 'Event.related');
  if (related) ev.related = related;
  return orderCore(ev);
}

// Event validation as Kubernetes 1.35 validates it (pkg/apis/core/validation/events.go).
// Kubernetes validates the internal form, whose field names are core/v1's, so causes name
// `message`, `involvedObject.namespace`, `firstTimestamp`, ... whichever version was written.
// Writes through core/v1 get only the legacy checks; writes through events.orch.io/v1 get the
// strict ones as well.

import type { CoreEvent, EventSource } from '../../../api/core/v1/event-types.ts';
import { EVENT_TYPE_NORMAL, EVENT_TYPE_WARNING } from '../../../api/core/v1/event-types.ts';
import { eventV1ToCore } from './conversion.ts';
import type { EventV1 } from '../../../api/events/v1/types.ts';
import { isZeroTime, normalizeMicroTime } from '../../../api/meta/v1/time.ts';
import type { ObjectReference } from '../../../api/meta/v1/types.ts';
import type { StatusCause } from '../../../machinery/status.ts';
import { invalid, RenderedValue, required, toStatusCauses, type FieldError } from '../../../machinery/validation/field-error.ts';
import { validateImmutableField } from '../../../machinery/validation/immutable.ts';
import { byteLength, isDNS1123Subdomain, isQualifiedName, nameIsDNSSubdomain } from '../../../machinery/validation/names.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from '../../../machinery/validation/object-meta.ts';

export const REPORTING_INSTANCE_LENGTH_LIMIT = 128;
export const ACTION_LENGTH_LIMIT = 128;
export const REASON_LENGTH_LIMIT = 128;
export const NOTE_LENGTH_LIMIT = 1024;

const NAMESPACE_DEFAULT = 'default';
const NAMESPACE_SYSTEM = 'orch-system';

/** The group/version a write came through; it decides which rules apply. */
export type EventRequestVersion = 'v1' | 'events.orch.io/v1';

// Immutable-field errors print the value as Kubernetes prints its internal Go structs (JSON with
// Go field names), so the messages match the reference server's.
function renderReference(ref: ObjectReference | undefined): RenderedValue {
  if (!ref) return new RenderedValue('null');
  return new RenderedValue(
    JSON.stringify({
      Kind: ref.kind ?? '',
      Namespace: ref.namespace ?? '',
      Name: ref.name ?? '',
      UID: ref.uid ?? '',
      APIVersion: ref.apiVersion ?? '',
      ResourceVersion: ref.resourceVersion ?? '',
      FieldPath: ref.fieldPath ?? '',
    }),
  );
}

function renderSource(src: EventSource | undefined): RenderedValue {
  return new RenderedValue(JSON.stringify({ Component: src?.component ?? '', Host: src?.host ?? '' }));
}

function renderTime(t: string | null | undefined): RenderedValue {
  return new RenderedValue(t ? JSON.stringify(t) : 'null');
}

function refOf(ref: ObjectReference | undefined): Required<ObjectReference> {
  return {
    kind: ref?.kind ?? '',
    namespace: ref?.namespace ?? '',
    name: ref?.name ?? '',
    uid: ref?.uid ?? '',
    apiVersion: ref?.apiVersion ?? '',
    resourceVersion: ref?.resourceVersion ?? '',
    fieldPath: ref?.fieldPath ?? '',
  };
}

function legacyValidate(ev: CoreEvent, version: EventRequestVersion): FieldError[] {
  const errs: FieldError[] = [];
  const namespace = ev.metadata?.namespace ?? '';
  const involvedNs = ev.involvedObject?.namespace ?? '';
  const controllerField = version === 'v1' ? 'reportingComponent' : 'reportingController';
  if (isZeroTime(ev.eventTime)) {
    // Old-style events: the event lives in its object's namespace (or `default` for cluster objects).
    if (involvedNs === '') {
      if (namespace !== '' && namespace !== NAMESPACE_DEFAULT) errs.push(invalid('involvedObject.namespace', involvedNs, 'does not match event.namespace'));
    } else if (namespace !== involvedNs) {
      errs.push(invalid('involvedObject.namespace', involvedNs, 'does not match event.namespace'));
    }
  } else {
    // A cluster-scoped object's events belong in `default` or the system namespace only.
    if (involvedNs === '' && namespace !== NAMESPACE_DEFAULT && namespace !== NAMESPACE_SYSTEM) {
      errs.push(invalid('involvedObject.namespace', involvedNs, 'does not match event.namespace'));
    }
    const controller = ev.reportingComponent ?? '';
    if (controller === '') errs.push(required(controllerField));
    for (const msg of isQualifiedName(controller)) errs.push(invalid(controllerField, controller, msg));
    const instance = ev.reportingInstance ?? '';
    if (instance === '') errs.push(required('reportingInstance'));
    if (byteLength(instance) > REPORTING_INSTANCE_LENGTH_LIMIT) {
      errs.push(invalid('reportingInstance', '', `can have at most ${REPORTING_INSTANCE_LENGTH_LIMIT} characters`));
    }
    const action = ev.action ?? '';
    if (action === '') errs.push(required('action'));
    if (byteLength(action) > ACTION_LENGTH_LIMIT) errs.push(invalid('action', '', `can have at most ${ACTION_LENGTH_LIMIT} characters`));
    const reason = ev.reason ?? '';
    if (reason === '') errs.push(required('reason'));
    if (byteLength(reason) > REASON_LENGTH_LIMIT) errs.push(invalid('reason', '', `can have at most ${REASON_LENGTH_LIMIT} characters`));
    if (byteLength(ev.message ?? '') > NOTE_LENGTH_LIMIT) errs.push(invalid('message', '', `can have at most ${NOTE_LENGTH_LIMIT} characters`));
  }
  for (const msg of isDNS1123Subdomain(namespace)) errs.push(invalid('namespace', namespace, msg));
  return errs;
}

function validateSeries(ev: CoreEvent): FieldError[] {
  const errs: FieldError[] = [];
  if (ev.series) {
    if ((ev.series.count ?? 0) < 2) errs.push(invalid('series.count', '', 'should be at least 2'));
    if (isZeroTime(ev.series.lastObservedTime)) errs.push(required('series.lastObservedTime'));
  }
  return errs;
}

/** Create-time validation of an event in internal (core) form. */
export function validateInternalEventCreate(ev: CoreEvent, version: EventRequestVersion): FieldError[] {
  const errs = legacyValidate(ev, version);
  if (version === 'v1') return errs;
  errs.push(...validateObjectMeta(ev.metadata, true, nameIsDNSSubdomain));
  errs.push(...validateSeries(ev));
  if (isZeroTime(ev.eventTime)) errs.push(required('eventTime'));
  if (ev.type !== EVENT_TYPE_NORMAL && ev.type !== EVENT_TYPE_WARNING) errs.push(invalid('type', '', `has invalid value: ${ev.type ?? ''}`));
  if (!isZeroTime(ev.firstTimestamp)) errs.push(invalid('firstTimestamp', '', 'needs to be unset'));
  if (!isZeroTime(ev.lastTimestamp)) errs.push(invalid('lastTimestamp', '', 'needs to be unset'));
  if (ev.count) errs.push(invalid('count', '', 'needs to be unset'));
  if (ev.source?.component || ev.source?.host) errs.push(invalid('source', '', 'needs to be unset'));
  return errs;
}

/** Update-time validation of an event in internal (core) form. */
export function validateInternalEventUpdate(ev: CoreEvent, old: CoreEvent, version: EventRequestVersion): FieldError[] {
  const errs = legacyValidate(ev, version);
  if (version === 'v1') return errs;
  errs.push(...validateObjectMetaUpdate(ev.metadata, old.metadata));
  const series = (s: CoreEvent['series']) => (s ? { count: s.count ?? 0, lastObservedTime: normalizeMicroTime(s.lastObservedTime) } : null);
  if (JSON.stringify(series(ev.series)) !== JSON.stringify(series(old.series))) errs.push(...validateSeries(ev));

  errs.push(...validateImmutableField(refOf(ev.involvedObject), refOf(old.involvedObject), 'involvedObject', renderReference(ev.involvedObject)));
  errs.push(...validateImmutableField(ev.reason ?? '', old.reason ?? '', 'reason'));
  errs.push(...validateImmutableField(ev.message ?? '', old.message ?? '', 'message'));
  const sourceOf = (src: EventSource | undefined) => ({ component: src?.component ?? '', host: src?.host ?? '' });
  errs.push(...validateImmutableField(sourceOf(ev.source), sourceOf(old.source), 'source', renderSource(ev.source)));
  errs.push(...validateImmutableField(ev.firstTimestamp ?? null, old.firstTimestamp ?? null, 'firstTimestamp', renderTime(ev.firstTimestamp)));
  errs.push(...validateImmutableField(ev.lastTimestamp ?? null, old.lastTimestamp ?? null, 'lastTimestamp', renderTime(ev.lastTimestamp)));
  errs.push(...validateImmutableField(ev.count ?? 0, old.count ?? 0, 'count'));
  // Kubernetes checks reason twice; the duplicate cause is part of its observable output.
  errs.push(...validateImmutableField(ev.reason ?? '', old.reason ?? '', 'reason'));
  errs.push(...validateImmutableField(ev.type ?? '', old.type ?? '', 'type'));
  // Times are compared at microsecond precision (both are already truncated to it).
  errs.push(...validateImmutableField(normalizeMicroTime(ev.eventTime), normalizeMicroTime(old.eventTime), 'eventTime', renderTime(ev.eventTime)));
  errs.push(...validateImmutableField(ev.action ?? '', old.action ?? '', 'action'));
  errs.push(
    ...validateImmutableField(ev.related ? refOf(ev.related) : null, old.related ? refOf(old.related) : null, 'related', renderReference(ev.related)),
  );
  errs.push(...validateImmutableField(ev.reportingComponent ?? '', old.reportingComponent ?? '', 'reportingController'));
  errs.push(...validateImmutableField(ev.reportingInstance ?? '', old.reportingInstance ?? '', 'reportingInstance'));
  return errs;
}

/** Validates an Event created through events.orch.io/v1. */
export function validateEventCreate(ev: EventV1): StatusCause[] {
  return toStatusCauses(validateInternalEventCreate(eventV1ToCore(ev, true), 'events.orch.io/v1'));
}

/** Validates an Event updated through events.orch.io/v1 against the stored one. */
export function validateEventUpdate(ev: EventV1, old: EventV1): StatusCause[] {
  return toStatusCauses(validateInternalEventUpdate(eventV1ToCore(ev, true), eventV1ToCore(old, true), 'events.orch.io/v1'));
}

/** Validates an Event created through core/v1 (legacy rules only). */
export function validateCoreEventCreate(ev: CoreEvent): StatusCause[] {
  return toStatusCauses(validateInternalEventCreate(ev, 'v1'));
}

/** Validates an Event updated through core/v1 (legacy rules only, nothing immutable). */
export function validateCoreEventUpdate(ev: CoreEvent, old: CoreEvent): StatusCause[] {
  return toStatusCauses(validateInternalEventUpdate(ev, old, 'v1'));
}

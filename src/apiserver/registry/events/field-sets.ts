// Field-selector attributes of events. Kubernetes' event store computes one set over the stored
// object (pkg/registry/core/event ToSelectableFields); events.k8s.io/v1 selectors are
// first renamed to core names (regarding.kind → involvedObject.kind, reportingController →
// reportingComponent). We expose each version's names directly over the same stored object.

import type { CoreEvent } from '../../../api/core/v1/event-types.ts';
import { objectMetaFieldSet } from '../../../machinery/selectors/fields.ts';

/** Selectable fields through core/v1 (`kubectl get events --field-selector ...`). */
export const CORE_EVENT_SELECTABLE_FIELDS: ReadonlySet<string> = new Set([
  'involvedObject.kind',
  'involvedObject.namespace',
  'involvedObject.name',
  'involvedObject.uid',
  'involvedObject.apiVersion',
  'involvedObject.resourceVersion',
  'involvedObject.fieldPath',
  'reason',
  'reportingComponent',
  'source',
  'type',
  'metadata.namespace',
  'metadata.name',
]);

/** events.orch.io/v1 selector names and the core names they stand for. */
export const EVENT_V1_FIELD_TO_CORE: Readonly<Record<string, string>> = {
  reason: 'reason',
  'regarding.kind': 'involvedObject.kind',
  'regarding.namespace': 'involvedObject.namespace',
  'regarding.name': 'involvedObject.name',
  'regarding.uid': 'involvedObject.uid',
  'regarding.apiVersion': 'involvedObject.apiVersion',
  'regarding.resourceVersion': 'involvedObject.resourceVersion',
  'regarding.fieldPath': 'involvedObject.fieldPath',
  reportingController: 'reportingComponent',
  type: 'type',
  'metadata.namespace': 'metadata.namespace',
  'metadata.name': 'metadata.name',
};

export const EVENT_V1_SELECTABLE_FIELDS: ReadonlySet<string> = new Set(Object.keys(EVENT_V1_FIELD_TO_CORE));

/** Core field values of a stored event. `source` falls back to the reporting controller. */
export function coreEventFieldSet(ev: CoreEvent): Record<string, string> {
  const ref = ev.involvedObject ?? {};
  return {
    'involvedObject.kind': ref.kind ?? '',
    'involvedObject.namespace': ref.namespace ?? '',
    'involvedObject.name': ref.name ?? '',
    'involvedObject.uid': ref.uid ?? '',
    'involvedObject.apiVersion': ref.apiVersion ?? '',
    'involvedObject.resourceVersion': ref.resourceVersion ?? '',
    'involvedObject.fieldPath': ref.fieldPath ?? '',
    reason: ev.reason ?? '',
    reportingComponent: ev.reportingComponent ?? '',
    source: ev.source?.component || ev.reportingComponent || '',
    type: ev.type ?? '',
    ...objectMetaFieldSet(ev.metadata ?? {}, true),
  };
}

/** events.orch.io/v1 field values of a stored (core form) event. */
export function eventV1FieldSet(ev: CoreEvent): Record<string, string> {
  const core = coreEventFieldSet(ev);
  const out: Record<string, string> = {};
  for (const [v1Name, coreName] of Object.entries(EVENT_V1_FIELD_TO_CORE)) out[v1Name] = core[coreName] ?? '';
  return out;
}

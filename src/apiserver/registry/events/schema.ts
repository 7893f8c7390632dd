// The structural schemas of both Event versions, with what Go's encoding of the Event structs adds
// (OpenAPI does not publish it): `,omitempty` fields whose zero value is left out, and non-pointer
// timestamps written as null when zero. Defaults ({} for involvedObject, regarding and the event
// sources, "" for the core reporting fields) and everything else come from the OpenAPI data.
import { kindSchema } from '../../../machinery/openapi/kind-schemas.ts';
import { under, withGoEncoding } from '../../../machinery/schema/go-encoding.ts';
import type { StructuralSchema } from '../../../machinery/schema/structural.ts';

/** corev1.ObjectReference: every field is `,omitempty`. */
const REFERENCE = ['kind', 'namespace', 'name', 'uid', 'apiVersion', 'resourceVersion', 'fieldPath'];
/** corev1.EventSource: both fields are `,omitempty`. */
const SOURCE = ['component', 'host'];

let v1: StructuralSchema | undefined;
let core: StructuralSchema | undefined;

/** events.orch.io/v1 Event. */
export function eventV1Schema(): StructuralSchema {
  return (v1 ??= withGoEncoding(kindSchema('io.orch.api.events.v1.Event'), {
    omitEmpty: [
      'reportingController', 'reportingInstance', 'action', 'reason', 'note', 'type', 'deprecatedCount',
      ...under('regarding', REFERENCE), ...under('related', REFERENCE), ...under('deprecatedSource', SOURCE),
    ],
    zeroTimeAsNull: ['eventTime', 'deprecatedFirstTimestamp', 'deprecatedLastTimestamp', 'series.lastObservedTime'],
  }));
}

/** core/v1 Event. */
export function coreEventSchema(): StructuralSchema {
  return (core ??= withGoEncoding(kindSchema('io.orch.api.core.v1.Event'), {
    omitEmpty: [
      'reason', 'message', 'type', 'action', 'count', 'series.count',
      ...under('involvedObject', REFERENCE), ...under('related', REFERENCE), ...under('source', SOURCE),
    ],
    zeroTimeAsNull: ['firstTimestamp', 'lastTimestamp', 'eventTime', 'series.lastObservedTime'],
  }));
}

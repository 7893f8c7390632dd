import { test } from 'node:test';
import assert from 'node:assert/strict';
import { coreToEventV1, eventV1ToCore } from './conversion.ts';
import { decodeCoreEvent, decodeEventV1 } from './testing/decode.ts';
import { coreV1StoredForm, eventsV1StoredForm } from './stored-form.ts';
import { CORE_EVENT_SELECTABLE_FIELDS, EVENT_V1_SELECTABLE_FIELDS, coreEventFieldSet, eventV1FieldSet } from './field-sets.ts';
import { parseFieldSelector } from '../../../machinery/selectors/fields.ts';
import { isStatusError } from '../../../machinery/status.ts';

const fullV1 = {
  apiVersion: 'events.orch.io/v1',
  kind: 'Event',
  metadata: { name: 'web.1', namespace: 'team-a', labels: { a: 'b' } },
  eventTime: '2026-11-22T05:10:00.123456Z',
  series: { count: 3, lastObservedTime: '2026-11-22T05:12:00.654321Z' },
  reportingController: 'orch.io/scheduler',
  reportingInstance: 'scheduler-1',
  action: 'Binding',
  reason: 'Scheduled',
  regarding: { kind: 'Pod', namespace: 'team-a', name: 'web', uid: 'u1', apiVersion: 'v1', resourceVersion: '9', fieldPath: 'spec.containers{a}' },
  related: { kind: 'Node', name: 'n1' },
  note: 'assigned',
  type: 'Normal',
  deprecatedSource: { component: 'kubelet', host: 'n1' },
  deprecatedFirstTimestamp: '2026-11-22T05:00:00Z',
  deprecatedLastTimestamp: '2026-11-22T05:01:00Z',
  deprecatedCount: 4,
};

test('v1 → core maps every field to its core name', () => {
  const core = eventV1ToCore(decodeEventV1(fullV1));
  assert.deepEqual(core, {
    kind: 'Event',
    apiVersion: 'v1',
    // ObjectMeta.creationTimestamp is a non-pointer metav1.Time: Go writes a zero one as null.
    metadata: { name: 'web.1', namespace: 'team-a', creationTimestamp: null, labels: { a: 'b' } },
    involvedObject: fullV1.regarding,
    reason: 'Scheduled',
    message: 'assigned',
    source: { component: 'kubelet', host: 'n1' },
    firstTimestamp: '2026-11-22T05:00:00Z',
    lastTimestamp: '2026-11-22T05:01:00Z',
    count: 4,
    type: 'Normal',
    eventTime: '2026-11-22T05:10:00.123456Z',
    series: { count: 3, lastObservedTime: '2026-11-22T05:12:00.654321Z' },
    action: 'Binding',
    related: { kind: 'Node', name: 'n1' },
    reportingComponent: 'orch.io/scheduler',
    reportingInstance: 'scheduler-1',
  });
  assert.deepEqual(Object.keys(core).slice(0, 3), ['kind', 'apiVersion', 'metadata']);
});

test('decoded events have the fields of Kubernetes\' Go structs, in their order', () => {
  const reversed = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).reverse()) as T;
  const v1 = decodeEventV1(reversed({ ...fullV1, regarding: reversed(fullV1.regarding), metadata: reversed(fullV1.metadata) }));
  assert.deepEqual(Object.keys(v1), [
    'kind', 'apiVersion', 'metadata', 'eventTime', 'series', 'reportingController', 'reportingInstance', 'action', 'reason',
    'regarding', 'related', 'note', 'type', 'deprecatedSource', 'deprecatedFirstTimestamp', 'deprecatedLastTimestamp', 'deprecatedCount',
  ]);
  assert.deepEqual(Object.keys(v1.regarding!), ['kind', 'namespace', 'name', 'uid', 'apiVersion', 'resourceVersion', 'fieldPath']);
  assert.deepEqual(Object.keys(v1.metadata), ['name', 'namespace', 'creationTimestamp', 'labels']);
  const core = decodeCoreEvent(reversed({ ...eventV1ToCore(decodeEventV1(fullV1)), apiVersion: 'v1' }));
  assert.deepEqual(Object.keys(core), [
    'kind', 'apiVersion', 'metadata', 'involvedObject', 'reason', 'message', 'source', 'firstTimestamp', 'lastTimestamp',
    'count', 'type', 'eventTime', 'series', 'action', 'related', 'reportingComponent', 'reportingInstance',
  ]);
});

test('v1 → core → v1 is the identity, microseconds kept', () => {
  const v1 = decodeEventV1(fullV1);
  assert.deepEqual(coreToEventV1(eventV1ToCore(v1)), v1);
  assert.equal(JSON.stringify(coreToEventV1(eventV1ToCore(v1))), JSON.stringify(v1));
  assert.equal(coreToEventV1(eventV1ToCore(v1)).eventTime, '2026-11-22T05:10:00.123456Z');
});

test('core → v1 of an old-style event shows empty fields as Kubernetes does', () => {
  const core = decodeCoreEvent({
    metadata: { name: 'x', namespace: 'default' },
    involvedObject: { kind: 'Node', name: 'n1' },
    reason: 'Starting',
    message: 'starting',
    source: { component: 'kubelet' },
    firstTimestamp: '2026-11-22T05:00:00Z',
    lastTimestamp: '2026-11-22T05:00:00Z',
    count: 1,
    type: 'Normal',
  });
  assert.deepEqual(core.eventTime, null);
  assert.equal(core.reportingComponent, '');
  const v1 = coreToEventV1(core);
  assert.deepEqual(JSON.parse(JSON.stringify(v1)), {
    kind: 'Event',
    apiVersion: 'events.orch.io/v1',
    metadata: { name: 'x', namespace: 'default', creationTimestamp: null },
    eventTime: null,
    reason: 'Starting',
    regarding: { kind: 'Node', name: 'n1' },
    note: 'starting',
    type: 'Normal',
    deprecatedSource: { component: 'kubelet' },
    deprecatedFirstTimestamp: '2026-11-22T05:00:00Z',
    deprecatedLastTimestamp: '2026-11-22T05:00:00Z',
    deprecatedCount: 1,
  });
  assert.deepEqual(eventV1ToCore(v1), core);
});

test('timestamps are normalised: MicroTime to 6 digits UTC, Time to seconds', () => {
  const v1 = decodeEventV1({ ...fullV1, eventTime: '2026-11-22T07:10:00.1+02:00', deprecatedFirstTimestamp: '2026-11-22T05:00:00.999Z' });
  assert.equal(v1.eventTime, '2026-11-22T05:10:00.100000Z');
  assert.equal(v1.deprecatedFirstTimestamp, '2026-11-22T05:00:00Z');
  assert.equal(decodeEventV1({ ...fullV1, eventTime: '2026-11-22T05:10:00.1234567Z' }).eventTime, '2026-11-22T05:10:00.123456Z');
  assert.equal(decodeEventV1({ ...fullV1, eventTime: '0001-01-01T00:00:00Z' }).eventTime, null);
});

test('decode refuses wrong types and bad timestamps with 400', () => {
  const refused = (body: unknown): string => {
    try {
      decodeEventV1(body);
    } catch (err) {
      assert.ok(isStatusError(err));
      assert.equal(err.code, 400);
      return err.status.message!;
    }
    assert.fail('expected refusal');
  };
  assert.equal(
    refused({ ...fullV1, reason: 5 }),
    'Event in version "v1" cannot be handled as a Event: json: cannot unmarshal number into Go struct field Event.reason of type string',
  );
  assert.match(refused({ ...fullV1, deprecatedCount: 'x' }), /cannot unmarshal string into Go struct field Event.deprecatedCount of type int32/);
  assert.match(refused({ ...fullV1, eventTime: 'yesterday' }), /^Event in version "v1" cannot be handled as a Event: parsing time "yesterday"/);
  assert.match(refused({ ...fullV1, regarding: 'pod' }), /cannot unmarshal string into Go struct field Event.regarding of type v1.ObjectReference/);
  assert.match(refused([]), /cannot be handled as a Event/);
});

test('stored form is core v1 for both paths', () => {
  const v1 = decodeEventV1(fullV1);
  const stored = eventsV1StoredForm.toStored(v1);
  assert.equal(stored.apiVersion, 'v1');
  assert.equal(stored.kind, 'Event');
  assert.deepEqual(eventsV1StoredForm.fromStored(stored), v1);
  const servedCore = coreV1StoredForm.fromStored(stored);
  assert.equal(servedCore.message, 'assigned');
  assert.equal(servedCore.reportingComponent, 'orch.io/scheduler');
  assert.deepEqual(coreV1StoredForm.toStored(servedCore), stored);
});

test('the served forms for reading equal the full ones, and leave a frozen stored object as it was', () => {
  const stored = eventsV1StoredForm.toStored(decodeEventV1({ ...fullV1, metadata: { ...fullV1.metadata, labels: { a: 'b' } } }));
  const freeze = (v: unknown): void => {
    if (v && typeof v === 'object' && !Object.isFrozen(v)) {
      Object.freeze(v);
      for (const k in v) freeze((v as Record<string, unknown>)[k]);
    }
  };
  freeze(stored);
  assert.deepEqual(eventsV1StoredForm.fromStoredForReading(stored), eventsV1StoredForm.fromStored(stored));
  assert.deepEqual(coreV1StoredForm.fromStoredForReading(stored), coreV1StoredForm.fromStored(stored));
  assert.equal(JSON.stringify(eventsV1StoredForm.fromStoredForReading(stored)), JSON.stringify(eventsV1StoredForm.fromStored(stored)), 'same key order');
  assert.equal(JSON.stringify(coreV1StoredForm.fromStoredForReading(stored)), JSON.stringify(coreV1StoredForm.fromStored(stored)), 'same key order');
});

test('field sets over the stored object, for each version', () => {
  const stored = eventV1ToCore(decodeEventV1(fullV1));
  assert.deepEqual(eventV1FieldSet(stored), {
    reason: 'Scheduled',
    'regarding.kind': 'Pod',
    'regarding.namespace': 'team-a',
    'regarding.name': 'web',
    'regarding.uid': 'u1',
    'regarding.apiVersion': 'v1',
    'regarding.resourceVersion': '9',
    'regarding.fieldPath': 'spec.containers{a}',
    reportingController: 'orch.io/scheduler',
    type: 'Normal',
    'metadata.namespace': 'team-a',
    'metadata.name': 'web.1',
  });
  const core = coreEventFieldSet(stored);
  assert.equal(core.source, 'kubelet');
  assert.equal(core.reportingComponent, 'orch.io/scheduler');
  assert.equal(core['involvedObject.name'], 'web');
  assert.deepEqual(new Set(Object.keys(core)), CORE_EVENT_SELECTABLE_FIELDS);
  assert.deepEqual(new Set(Object.keys(eventV1FieldSet(stored))), EVENT_V1_SELECTABLE_FIELDS);
  const noSource = { ...stored, source: {} };
  assert.equal(coreEventFieldSet(noSource).source, 'orch.io/scheduler', 'source falls back to the reporting controller');
  const sel = parseFieldSelector('regarding.name=web,reportingController=orch.io/scheduler', EVENT_V1_SELECTABLE_FIELDS, 'events.events.orch.io');
  assert.equal(sel.matches(eventV1FieldSet(stored)), true);
  assert.throws(() => parseFieldSelector('source=kubelet', EVENT_V1_SELECTABLE_FIELDS, 'x'), /field label not supported: source/);
  assert.throws(() => parseFieldSelector('regarding.name=x', CORE_EVENT_SELECTABLE_FIELDS, 'x'), /field label not supported: regarding.name/);
});

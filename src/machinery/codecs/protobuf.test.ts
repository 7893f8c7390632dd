import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeProtobuf, encodeProtobuf, messageOfDefinition } from './protobuf.ts';
import { decodeProtobufWatchFrames, encodeWatchFrame } from './watch-frame.ts';
import { unknownType } from './proto-envelope.ts';
import { StatusError } from '../status.ts';

const event = {
  apiVersion: 'events.orch.io/v1',
  kind: 'Event',
  metadata: {
    name: 'e1',
    namespace: 'default',
    uid: 'uid-1',
    resourceVersion: '42',
    generation: 3,
    creationTimestamp: '2026-01-02T03:04:05Z',
    labels: { app: 'web' },
    annotations: { note: 'x' },
    finalizers: ['f1'],
    ownerReferences: [{ apiVersion: 'v1', kind: 'Pod', name: 'p', uid: 'u1', controller: true }],
    managedFields: [
      {
        manager: 'kubectl',
        operation: 'Apply',
        apiVersion: 'events.orch.io/v1',
        time: '2026-01-02T03:04:05Z',
        fieldsType: 'FieldsV1',
        fieldsV1: { 'f:note': {}, 'f:metadata': { 'f:labels': { 'f:app': {} } } },
      },
    ],
  },
  eventTime: '2026-01-02T03:04:05.123456Z',
  series: { count: 4, lastObservedTime: '2026-01-02T03:05:06.000007Z' },
  reportingController: 'orch.io/test',
  reportingInstance: 'test-1',
  action: 'Pull',
  reason: 'Pulled',
  regarding: { kind: 'Pod', namespace: 'default', name: 'p', uid: 'u1', apiVersion: 'v1', fieldPath: 'spec.containers{a}' },
  related: { kind: 'Node', name: 'n1' },
  note: 'pulled image',
  type: 'Normal',
  deprecatedSource: { component: 'kubelet', host: 'n1' },
  deprecatedFirstTimestamp: '2026-01-02T03:04:05Z',
  deprecatedLastTimestamp: '2026-01-02T03:04:06Z',
  deprecatedCount: 2,
};

test('an Event round-trips through the Kubernetes envelope, microseconds included', () => {
  const bytes = encodeProtobuf(event);
  assert.deepEqual([...bytes.subarray(0, 4)], [0x6b, 0x38, 0x73, 0x00]);
  assert.deepEqual(decodeProtobuf(bytes), event);
});

test('the envelope carries typeMeta and Kubernetes field numbers', () => {
  const bytes = encodeProtobuf(event);
  const unknown = unknownType.decode(bytes.subarray(4)) as unknown as { typeMeta: { apiVersion: string; kind: string }; raw: Uint8Array };
  assert.deepEqual({ ...unknown.typeMeta }, { apiVersion: 'events.orch.io/v1', kind: 'Event' });
  // Field 2 (eventTime, a MicroTime) is length-delimited: tag 0x12 appears after metadata (field 1, tag 0x0a).
  assert.equal(unknown.raw[0], 0x0a);
  const eventMsg = messageOfDefinition('io.orch.api.events.v1.Event').type!.decode(unknown.raw) as unknown as { eventTime: { seconds: unknown; nanos: number } };
  assert.equal(eventMsg.eventTime.nanos, 123456000);
  assert.equal(Number(eventMsg.eventTime.seconds), Date.parse('2026-01-02T03:04:05Z') / 1000);
});

test('an EventList round-trips with its list metadata', () => {
  const list = {
    apiVersion: 'events.orch.io/v1',
    kind: 'EventList',
    metadata: { resourceVersion: '99', continue: 'tok', remainingItemCount: 5 },
    items: [
      { metadata: { name: 'a' }, eventTime: '2026-01-02T03:04:05.000001Z', note: 'one' },
      { metadata: { name: 'b' }, eventTime: '2026-01-02T03:04:05.999999Z', note: 'two' },
    ],
  };
  assert.deepEqual(decodeProtobuf(encodeProtobuf(list)), list);
});

test('a Status round-trips with its causes', () => {
  const status = {
    apiVersion: 'v1',
    kind: 'Status',
    metadata: {},
    status: 'Failure',
    message: 'Apply failed with 1 conflict',
    reason: 'Conflict',
    details: { causes: [{ reason: 'FieldManagerConflict', message: 'conflict with "x"', field: '.note' }] },
    code: 409,
  };
  assert.deepEqual(decodeProtobuf(encodeProtobuf(status)), status);
});

test('other kinds are refused as not acceptable; broken input is a 400', () => {
  assert.throws(() => encodeProtobuf({ apiVersion: 'nowhere.orch.io/v1', kind: 'Unknowable', metadata: {} }), (e: unknown) => e instanceof StatusError && e.code === 406);
  const truncated = encodeProtobuf(event).subarray(0, 40);
  assert.throws(() => decodeProtobuf(truncated), (e: unknown) => e instanceof StatusError && e.code === 400);
  assert.throws(() => decodeProtobuf(Buffer.from('nope')), (e: unknown) => e instanceof StatusError && e.code === 400);
});

test('watch frames: JSON lines, and length-delimited protobuf WatchEvents', () => {
  assert.equal(
    encodeWatchFrame('application/json', { type: 'ADDED', object: { kind: 'Event', metadata: { name: 'a' } } }).toString(),
    '{"type":"ADDED","object":{"kind":"Event","metadata":{"name":"a"}}}\n',
  );
  const f1 = encodeWatchFrame('application/vnd.orch.protobuf', { type: 'ADDED', object: event });
  const f2 = encodeWatchFrame('application/vnd.orch.protobuf', {
    type: 'ERROR',
    object: { apiVersion: 'v1', kind: 'Status', metadata: {}, status: 'Failure', message: 'too old', reason: 'Expired', code: 410 },
  });
  assert.equal(f1.readUInt32BE(0), f1.length - 4);
  const stream = Buffer.concat([f1, f2, f1.subarray(0, 10)]);
  const { events, rest } = decodeProtobufWatchFrames(stream);
  assert.deepEqual(events.map((e) => e.type), ['ADDED', 'ERROR']);
  assert.deepEqual(events[0]!.object, event);
  assert.equal(events[1]!.object.code, 410);
  assert.equal(rest.length, 10);
});

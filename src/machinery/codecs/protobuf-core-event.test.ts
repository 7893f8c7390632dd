import { test } from 'node:test';
import assert from 'node:assert/strict';
import protobuf from 'protobufjs';
import { decodeProtobuf, encodeProtobuf } from './protobuf.ts';
import { decodeProtobufWatchFrames, encodeWatchFrame } from './watch-frame.ts';
import { unknownType } from './proto-envelope.ts';
import { messageFor, protobufKinds } from './proto-kinds.ts';
import { StatusError } from '../status.ts';

// A core/v1 Event as the server writes it in JSON: every field in Kubernetes' key order.
const coreEvent = {
  apiVersion: 'v1',
  kind: 'Event',
  metadata: { name: 'web.1', namespace: 'default', uid: 'uid-1', resourceVersion: '7', creationTimestamp: '2026-01-02T03:04:05Z' },
  involvedObject: { kind: 'Pod', namespace: 'default', name: 'web', uid: 'pod-uid', apiVersion: 'v1', resourceVersion: '3', fieldPath: 'spec.containers{app}' },
  reason: 'Pulled',
  message: 'image pulled',
  source: { component: 'kubelet', host: 'node-1' },
  firstTimestamp: '2026-01-02T03:04:05Z',
  lastTimestamp: '2026-01-02T03:04:09Z',
  count: 3,
  type: 'Normal',
  eventTime: '2026-01-02T03:04:05.123456Z',
  series: { count: 2, lastObservedTime: '2026-01-02T03:04:08.000001Z' },
  action: 'Pull',
  related: { kind: 'Node', name: 'node-1', apiVersion: 'v1' },
  reportingComponent: 'kubelet',
  reportingInstance: 'node-1',
};

/** The raw message inside the envelope. */
function rawMessage(bytes: Buffer): Uint8Array {
  const unknown = unknownType.decode(bytes.subarray(4)) as unknown as { raw: Uint8Array };
  return unknown.raw;
}

/** Field number -> the bytes of each length-delimited field (varints as their value), in wire order. */
function wireFields(raw: Uint8Array): [number, Uint8Array | number][] {
  const reader = protobuf.Reader.create(raw);
  const out: [number, Uint8Array | number][] = [];
  while (reader.pos < reader.len) {
    const tag = reader.uint32();
    const wireType = tag & 7;
    out.push([tag >>> 3, wireType === 2 ? reader.bytes() : reader.int32()]);
  }
  return out;
}

test('a core Event round-trips, microseconds of eventTime and series included', () => {
  const decoded = decodeProtobuf(encodeProtobuf(coreEvent));
  assert.deepEqual(decoded, coreEvent);
  assert.deepEqual(Object.keys(decoded), Object.keys(coreEvent));
});

test('a core Event is written with core/v1 field numbers, not those of events.orch.io', () => {
  const fields = wireFields(rawMessage(encodeProtobuf(coreEvent)));
  assert.deepEqual(fields.map(([n]) => n), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
  const text = (n: number) => Buffer.from(fields.find(([f]) => f === n)![1] as Uint8Array).toString();
  assert.equal(text(3), 'Pulled');
  assert.equal(text(4), 'image pulled');
  assert.equal(text(9), 'Normal');
  assert.equal(text(12), 'Pull');
  assert.equal(text(14), 'kubelet');
  assert.equal(text(15), 'node-1');
  assert.equal(fields.find(([f]) => f === 8)![1], 3);
  // A MicroTime: seconds (1) and nanos (2).
  const eventTime = wireFields(fields.find(([f]) => f === 10)![1] as Uint8Array);
  assert.deepEqual(eventTime, [[1, Date.parse('2026-01-02T03:04:05Z') / 1000], [2, 123456000]]);
  const involved = wireFields(fields.find(([f]) => f === 2)![1] as Uint8Array);
  assert.deepEqual(involved.map(([n]) => n), [1, 2, 3, 4, 5, 6, 7]);
  assert.equal(Buffer.from(involved[6]![1] as Uint8Array).toString(), 'spec.containers{app}');
});

test('unset times are null in JSON and empty messages on the wire, as Go writes them', () => {
  const sparse = {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name: 'x', namespace: 'default' },
    involvedObject: {},
    reason: 'Started',
    source: {},
    firstTimestamp: null,
    lastTimestamp: null,
    eventTime: null,
    reportingComponent: '',
    reportingInstance: '',
  };
  const bytes = encodeProtobuf(sparse);
  const fields = new Map(wireFields(rawMessage(bytes)));
  for (const n of [2, 5, 6, 7, 10]) assert.deepEqual([...(fields.get(n) as Uint8Array)], [], `field ${n} is an empty message`);
  assert.equal(fields.has(8), false, 'count unset');
  assert.equal(fields.has(11), false, 'series unset');
  assert.deepEqual(decodeProtobuf(bytes), sparse);
});

test('a message missing the always-present fields still reads back with them, as Go fills its zero values', () => {
  const writer = protobuf.Writer.create();
  writer.uint32((1 << 3) | 2).fork().uint32((1 << 3) | 2).string('bare').ldelim();
  writer.uint32((3 << 3) | 2).string('Killing');
  const raw = writer.finish();
  const envelope = unknownType.encode(unknownType.fromObject({ typeMeta: { apiVersion: 'v1', kind: 'Event' }, raw })).finish();
  const decoded = decodeProtobuf(Buffer.concat([Buffer.from('k8s\0'), envelope]));
  assert.deepEqual(decoded, {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name: 'bare' },
    involvedObject: {},
    reason: 'Killing',
    source: {},
    firstTimestamp: null,
    lastTimestamp: null,
    eventTime: null,
    reportingComponent: '',
    reportingInstance: '',
  });
});

test('a core EventList round-trips; its items carry no apiVersion or kind', () => {
  const list = {
    apiVersion: 'v1',
    kind: 'EventList',
    metadata: { resourceVersion: '12', continue: 'next', remainingItemCount: 4 },
    items: [
      { ...coreEvent, apiVersion: undefined, kind: undefined },
      { ...coreEvent, metadata: { name: 'web.2', namespace: 'default' }, eventTime: null, series: undefined, apiVersion: undefined, kind: undefined },
    ].map((item) => JSON.parse(JSON.stringify(item)) as Record<string, unknown>),
  };
  assert.deepEqual(decodeProtobuf(encodeProtobuf(list)), list);
});

test('the message is chosen by apiVersion: events.orch.io/v1 Event keeps its own numbers', () => {
  const definition = (apiVersion: string, kind: string) => messageFor(protobufKinds(), apiVersion, kind)?.definition;
  assert.equal(definition('v1', 'Event'), 'io.orch.api.core.v1.Event');
  assert.equal(definition('v1', 'EventList'), 'io.orch.api.core.v1.EventList');
  assert.equal(definition('events.orch.io/v1', 'Event'), 'io.orch.api.events.v1.Event');
  assert.equal(definition('events.k8s.io/v1', 'Event'), 'io.orch.api.events.v1.Event');
  assert.equal(definition('v1', 'Secret'), 'io.orch.api.core.v1.Secret');
  const v1 = { apiVersion: 'events.orch.io/v1', kind: 'Event', metadata: { name: 'a' }, reason: 'Pulled', note: 'n' };
  const fields = new Map(wireFields(rawMessage(encodeProtobuf(v1))));
  assert.equal(Buffer.from(fields.get(7) as Uint8Array).toString(), 'Pulled', 'events.orch.io reason is field 7');
  assert.equal(Buffer.from(fields.get(10) as Uint8Array).toString(), 'n', 'events.orch.io note is field 10');
  assert.deepEqual(decodeProtobuf(encodeProtobuf(v1)), v1);
});

test('a core Event truncated mid-field, or with a time field holding garbage, is a 400', () => {
  const bytes = encodeProtobuf(coreEvent);
  const truncated = Buffer.concat([Buffer.from('k8s\0'), unknownType.encode(unknownType.fromObject({ typeMeta: { apiVersion: 'v1', kind: 'Event' }, raw: rawMessage(bytes).subarray(0, 30) })).finish()]);
  assert.throws(() => decodeProtobuf(truncated), (e: unknown) => e instanceof StatusError && e.code === 400 && /unable to decode protobuf Event/.test(e.message));
  const garbage = protobuf.Writer.create().uint32((10 << 3) | 2).bytes(Buffer.from([0xff, 0xff])).finish();
  const envelope = unknownType.encode(unknownType.fromObject({ typeMeta: { apiVersion: 'v1', kind: 'Event' }, raw: garbage })).finish();
  assert.throws(() => decodeProtobuf(Buffer.concat([Buffer.from('k8s\0'), envelope])), (e: unknown) => e instanceof StatusError && e.code === 400);
});

test('core Events stream through protobuf watch frames', () => {
  const frame = encodeWatchFrame('application/vnd.orch.protobuf', { type: 'MODIFIED', object: coreEvent });
  const { events, rest } = decodeProtobufWatchFrames(frame);
  assert.equal(rest.length, 0);
  assert.deepEqual(events, [{ type: 'MODIFIED', object: coreEvent }]);
});

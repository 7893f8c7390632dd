import { test } from 'node:test';
import assert from 'node:assert/strict';
import { codecFor, decodeAny, jsonCodec, protobufCodec, yamlCodec, CodecError } from './index.ts';
import type { ApiObject } from '../interface.ts';

const event: ApiObject = {
  apiVersion: 'events.orch.io/v1',
  kind: 'Event',
  metadata: { name: 'e1', namespace: 'default', labels: { app: 'yes' }, annotations: { mode: '0755' } },
  note: 'line one\nline two: "quoted"',
  series: { count: 3 },
  flags: [true, false, null],
  unicode: 'héllo ✓',
};

test('each codec round-trips an object exactly', () => {
  for (const codec of [jsonCodec, yamlCodec, protobufCodec]) {
    assert.deepEqual(codec.decode(codec.encode(event)), event, codec.mediaType);
  }
});

test('objects written under one media type stay readable after switching to another', () => {
  for (const writer of ['application/json', 'application/yaml', 'application/vnd.orch.protobuf']) {
    const bytes = codecFor(writer).encode(event);
    for (const reader of ['application/json', 'application/yaml', 'application/vnd.orch.protobuf']) {
      assert.deepEqual(codecFor(reader).decode(bytes), event, `${writer} read by ${reader}`);
    }
  }
});

test('codecs chosen by media type keep the JSON round-trip claim of their writer, and the claim holds', () => {
  // The store skips decoding its own writes on this claim; losing it costs a decode per watcher.
  const withUndefined = { ...event, metadata: { ...event.metadata, generateName: undefined } } as ApiObject;
  for (const mediaType of ['application/json', 'application/vnd.orch.protobuf']) {
    const codec = codecFor(mediaType);
    assert.equal(codec.jsonRoundTrip, true, mediaType);
    assert.deepEqual(codec.decode(codec.encode(withUndefined)), JSON.parse(JSON.stringify(withUndefined)), mediaType);
  }
  assert.ok(!codecFor('application/yaml').jsonRoundTrip, 'YAML does not claim it');
});

test('the protobuf form is the Kubernetes envelope: magic, then runtime.Unknown with JSON raw', () => {
  const bytes = protobufCodec.encode(event);
  assert.deepEqual([...bytes.subarray(0, 4)], [0x6b, 0x38, 0x73, 0x00]);
  const text = Buffer.from(bytes).toString('latin1');
  assert.ok(text.includes('events.orch.io/v1') && text.includes('Event'), 'typeMeta carries apiVersion and kind');
  assert.ok(text.includes('application/json'), 'contentType names the raw encoding');
  // Field 1 (typeMeta) is a length-delimited message: tag 0x0a right after the magic.
  assert.equal(bytes[4], 0x0a);
});

test('YAML keeps strings that look like other scalars as strings', () => {
  const back = yamlCodec.decode(yamlCodec.encode(event));
  assert.equal(back.metadata.labels?.app, 'yes');
  assert.equal(back.metadata.annotations?.mode, '0755');
});

test('codecFor accepts parameters and the Kubernetes protobuf name, and rejects unknown types', () => {
  assert.equal(codecFor('application/json; charset=utf-8').mediaType, 'application/json');
  assert.equal(codecFor('application/vnd.kubernetes.protobuf').mediaType, 'application/vnd.orch.protobuf');
  assert.throws(() => codecFor('application/cbor'), (err: unknown) => err instanceof CodecError && /application\/cbor/.test(err.message));
});

test('corrupt or non-object stored values fail with CodecError, never a raw parser error', () => {
  const bad = [
    new TextEncoder().encode('{"metadata": '),
    new TextEncoder().encode('[1, 2]'),
    new TextEncoder().encode('just a string'),
    new TextEncoder().encode('{"metadata": "nope"}'),
    Uint8Array.of(0x6b, 0x38, 0x73, 0x00, 0xff, 0xff, 0xff),
    Uint8Array.of(0xc3, 0x28),
  ];
  for (const bytes of bad) assert.throws(() => decodeAny(bytes), CodecError, Buffer.from(bytes).toString('hex'));
});

test('an object without metadata decodes with empty metadata', () => {
  assert.deepEqual(decodeAny(new TextEncoder().encode('{"kind":"X"}')), { kind: 'X', metadata: {} });
});

test('the protobuf envelope is byte for byte what protobufjs writes, across length boundaries', async () => {
  const { unknownMessageType, PROTOBUF_MAGIC } = await import('./protobuf.ts');
  const Unknown = unknownMessageType();
  const reference = (obj: ApiObject): Uint8Array => {
    const fields = { typeMeta: { apiVersion: obj.apiVersion ?? '', kind: obj.kind ?? '' }, raw: new TextEncoder().encode(JSON.stringify(obj)), contentEncoding: '', contentType: 'application/json' };
    const body = Unknown.encode(Unknown.fromObject(fields)).finish();
    return Buffer.concat([PROTOBUF_MAGIC, body]);
  };
  for (const padding of [0, 100, 127, 128, 16_383, 16_384, 2_097_152]) {
    for (const apiVersion of [undefined, 'v1', 'x'.repeat(130), 'é✓']) {
      const obj = { ...event, apiVersion, kind: padding % 2 ? undefined : 'Event', pad: 'y'.repeat(padding) } as ApiObject;
      assert.deepEqual(Buffer.from(protobufCodec.encode(obj)), Buffer.from(reference(obj)), `padding ${padding}, apiVersion ${apiVersion}`);
    }
  }
});

test('protobuf envelopes the fast reader does not expect are still read (extra varint field, field order)', async () => {
  const { unknownMessageType, PROTOBUF_MAGIC } = await import('./protobuf.ts');
  const Unknown = unknownMessageType();
  const raw = new TextEncoder().encode(JSON.stringify(event));
  // contentType before raw, and an unknown varint field 9 that protobufjs skips.
  const body = Buffer.concat([
    Buffer.from(Unknown.encode(Unknown.fromObject({ contentType: 'application/json' })).finish()),
    Buffer.from([0x48, 0x01]),
    Buffer.from(Unknown.encode(Unknown.fromObject({ typeMeta: { apiVersion: 'events.orch.io/v1', kind: 'Event' }, raw })).finish()),
  ]);
  assert.deepEqual(protobufCodec.decode(Buffer.concat([PROTOBUF_MAGIC, body])), event);
  // The envelope's type fills in what the payload leaves out.
  const bare = Buffer.from(Unknown.encode(Unknown.fromObject({ typeMeta: { apiVersion: 'v1', kind: 'Event' }, raw: new TextEncoder().encode('{"metadata":{"name":"x"}}') })).finish());
  assert.deepEqual(protobufCodec.decode(Buffer.concat([PROTOBUF_MAGIC, bare])), { apiVersion: 'v1', kind: 'Event', metadata: { name: 'x' } });
  // A truncated envelope is a CodecError, as before.
  const cut = protobufCodec.encode(event).subarray(0, 30);
  assert.throws(() => protobufCodec.decode(cut), CodecError);
});

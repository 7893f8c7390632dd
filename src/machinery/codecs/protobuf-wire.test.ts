// Every kind served as protobuf, on the wire: its messages write exactly the bytes recorded in
// testdata/protobuf-wire.json (captured from the hand-written message tables, with Kubernetes'
// field numbers, before the messages were derived from the definitions) and read them back to the
// same JSON, keys in Go's order. A change that moves a byte fails here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { decodeProtobuf, encodeProtobuf } from './protobuf.ts';
import { decodeProtobufWatchFrames, encodeWatchFrame } from './watch-frame.ts';
import { protobufSamples, watchSamples } from './testdata/protobuf-samples.ts';

interface Fixture {
  objects: { name: string; bytes: string; decoded: unknown }[];
  frames: { type: string; bytes: string; decoded: unknown }[];
}

const fixture = JSON.parse(readFileSync(new URL('./testdata/protobuf-wire.json', import.meta.url), 'utf8')) as Fixture;
// Compared as text, so that the order of keys (Go's field order) counts too.
const asJson = (v: unknown) => JSON.stringify(v);

test('each kind encodes to the recorded bytes and decodes them to the recorded JSON', () => {
  assert.equal(fixture.objects.length, protobufSamples.length);
  for (const [i, sample] of protobufSamples.entries()) {
    const recorded = fixture.objects[i]!;
    assert.equal(recorded.name, sample.name);
    assert.equal(encodeProtobuf(sample.object).toString('hex'), recorded.bytes, sample.name);
    assert.equal(asJson(decodeProtobuf(Buffer.from(recorded.bytes, 'hex'))), asJson(recorded.decoded), sample.name);
  }
});

test('watch frames encode to the recorded bytes and decode to the recorded events', () => {
  assert.equal(fixture.frames.length, watchSamples.length);
  for (const [i, event] of watchSamples.entries()) {
    const recorded = fixture.frames[i]!;
    assert.equal(encodeWatchFrame('application/vnd.orch.protobuf', event).toString('hex'), recorded.bytes, event.type);
    assert.equal(asJson(decodeProtobufWatchFrames(Buffer.from(recorded.bytes, 'hex')).events), asJson(recorded.decoded), event.type);
  }
});

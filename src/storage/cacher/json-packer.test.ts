import { test } from 'node:test';
import assert from 'node:assert/strict';
import { JsonPacker, unpack, unpackedLength, unpackInto } from './json-packer.ts';

const pod = (name: string, note = '') => JSON.stringify({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace: 'shop', labels: { app: 'web', tier: 'frontend' }, annotations: { note } },
  spec: {
    containers: ['web', 'sidecar', 'metrics', 'proxy', 'logs', 'init', 'cache', 'auth', 'db', 'queue'].map((c) => ({ name: c, image: `registry.example.com/shop/${c}:2.14.3`, args: ['--port', '8080', '--log-level=info', '--metrics-addr=:9090'], resources: { requests: { cpu: '250m', memory: '256Mi' } } })),
    restartPolicy: 'Always',
  },
});

const event = (i: number) => JSON.stringify({
  kind: 'Event',
  apiVersion: 'events.orch.io/v1',
  metadata: { name: `ev-${i.toString(36)}`, namespace: 'bench', uid: `0c7a1c52-1234-4567-89ab-${String(i).padStart(12, '0')}`, resourceVersion: String(1000 + i), creationTimestamp: '2026-11-22T05:00:00Z' },
  eventTime: '2026-11-22T05:00:00.000000Z',
  reportingController: 'orch.io/bench',
  reason: 'Benchmarked',
  regarding: { kind: 'Pod', namespace: 'bench', name: `pod-${i}`, apiVersion: 'v1' },
  note: 'benchmark event',
  type: 'Normal',
});

test('whatever is packed unpacks to the same bytes: small, large, before and after the dictionary, any UTF-8', () => {
  const packer = new JsonPacker();
  const texts = ['{}', JSON.stringify({ note: 'naïve — ✓ 🚀' }), JSON.stringify({ note: 'é'.repeat(1500) }), pod('web-1'), pod('web-2', 'ünïcödé ✓ 🚀'.repeat(50)), pod('x'.repeat(5000)), '{"a":"' + '\u00ff'.repeat(300) + '"}', event(1), event(2)];
  for (const text of texts) assert.equal(unpack(packer.pack(text)).toString(), text);
});

test('an object like an earlier one packs to a small fraction of its JSON; tiny ones are kept as they are', () => {
  const packer = new JsonPacker();
  const first = packer.pack(pod('web-7d4b9c8f6d-aaaaa'));
  assert.ok(first.dictionary, 'the first sizeable object becomes the dictionary');
  const second = pod('web-7d4b9c8f6d-bbbbb');
  const packed = packer.pack(second);
  assert.ok(packed.bytes.length * 20 < Buffer.byteLength(second), `${packed.bytes.length} of ${Buffer.byteLength(second)} bytes`);
  const events = new JsonPacker();
  events.pack(event(0));
  const seventh = events.pack(event(7));
  assert.ok(seventh.bytes.length * 4 < event(7).length, `an event: ${seventh.bytes.length} of ${event(7).length} bytes`);
  const tiny = packer.pack('{"a":1}');
  assert.equal(tiny.dictionary, undefined);
  assert.equal(tiny.bytes, '{"a":1}');
});

test('objects larger than a dictionary can be, and runs longer than one short reference, round-trip', () => {
  const packer = new JsonPacker();
  const huge = (tag: string) => JSON.stringify({ tag, data: 'abcdefghij'.repeat(9000), tail: tag });
  const first = huge('one');
  const second = huge('two');
  assert.equal(unpack(packer.pack(first)).toString(), first);
  const packed = packer.pack(second);
  assert.equal(unpack(packed).toString(), second);
  // The first 64 KiB are shared as long references; the rest of the run repeats inside them.
  assert.ok(packed.bytes.length * 10 < second.length, `${packed.bytes.length} of ${second.length} bytes`);
});

test('when the objects change shape for good, a later one becomes the dictionary', () => {
  const packer = new JsonPacker();
  packer.pack(event(0));
  const other = (i: number) => JSON.stringify({ kind: 'ConfigMap', data: { [`key-${i}`]: 'z'.repeat(40), payload: 'q1w2e3r4t5y6u7i8o9p0'.repeat(10) } });
  const packedOthers = Array.from({ length: 300 }, (_, i) => packer.pack(other(i)));
  const early = packedOthers[0]!;
  const late = packedOthers.at(-1)!;
  assert.ok(late.bytes.length * 4 < other(299).length, `after the change: ${late.bytes.length} of ${other(299).length} bytes`);
  assert.notEqual(early.dictionary, late.dictionary);
  // Objects packed against the old dictionary still read back.
  assert.equal(unpack(early).toString(), other(0));
  assert.equal(unpack(packer.pack(event(3))).toString(), event(3));
});

test('JSON kept unpacked at first (a fill) packs later to the same bytes', () => {
  const packer = new JsonPacker();
  for (const text of [event(1), pod('web-1', 'ünïcödé ✓ 🚀'), '{"a":1}']) {
    const kept = packer.unpacked(text);
    assert.equal(kept.dictionary, undefined);
    assert.equal(unpack(kept).toString(), text);
    const packed = packer.repack(kept);
    assert.equal(unpack(packed).toString(), text);
    assert.equal(packer.repack(packed), packed, 'packing twice changes nothing');
  }
  assert.ok(packer.repack(packer.unpacked(event(2))).bytes.length * 4 < event(2).length);
});

test('packed JSON unpacks straight into a larger buffer, one object after another, as a list does', () => {
  const packer = new JsonPacker();
  const texts = ['{"a":1}', event(1), pod('web-1', 'ünïcödé ✓'), event(2), JSON.stringify({ note: 'é'.repeat(40) })];
  const packed = texts.map((t) => packer.pack(t));
  const out = Buffer.alloc(packed.reduce((n, p) => n + unpackedLength(p), 0));
  let at = 0;
  for (const p of packed) at = unpackInto(p, out, at);
  assert.equal(at, out.length);
  assert.equal(out.toString(), texts.join(''));
});

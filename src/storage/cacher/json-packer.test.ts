import { test } from 'node:test';
import assert from 'node:assert/strict';
import { JsonPacker, unpack } from './json-packer.ts';

const pod = (name: string, note = '') => JSON.stringify({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace: 'shop', labels: { app: 'web', tier: 'frontend' }, annotations: { note } },
  spec: {
    containers: ['web', 'sidecar', 'metrics', 'proxy', 'logs', 'init', 'cache', 'auth', 'db', 'queue'].map((c) => ({ name: c, image: `registry.example.com/shop/${c}:2.14.3`, args: ['--port', '8080', '--log-level=info', '--metrics-addr=:9090'], resources: { requests: { cpu: '250m', memory: '256Mi' } } })),
    restartPolicy: 'Always',
  },
});

test('whatever is packed unpacks to the same bytes: small, large, before and after the dictionary, any UTF-8', () => {
  const packer = new JsonPacker();
  const texts = ['{}', JSON.stringify({ note: 'naïve — ✓ 🚀' }), JSON.stringify({ note: 'é'.repeat(1500) }), pod('web-1'), pod('web-2', 'ünïcödé ✓ 🚀'.repeat(50)), pod('x'.repeat(5000)), '{"a":"' + '\u00ff'.repeat(300) + '"}'];
  for (const text of texts) assert.equal(unpack(packer.pack(text)).toString(), text);
  // Packed before the dictionary was chosen, and after: both still read back.
  const early = new JsonPacker().pack(JSON.stringify({ small: 1 }));
  assert.equal(unpack(early).toString(), '{"small":1}');
});

test('an object like the first one packs to a small fraction of its JSON; tiny ones are kept as they are', () => {
  const packer = new JsonPacker();
  const first = packer.pack(pod('web-7d4b9c8f6d-aaaaa'));
  assert.ok(first.dictionary, 'the first sizeable object becomes the dictionary');
  const second = pod('web-7d4b9c8f6d-bbbbb');
  const packed = packer.pack(second);
  assert.ok(packed.bytes.length * 5 < Buffer.byteLength(second), `${packed.bytes.length} of ${Buffer.byteLength(second)} bytes`);
  const tiny = packer.pack('{"a":1}');
  assert.equal(tiny.dictionary, undefined);
  assert.equal(tiny.bytes, '{"a":1}');
});

// Messages derived from definitions: what the schema says becomes the wire (lists, maps, scalars,
// references, apimachinery wire types), and what a definition lacks is reported by field.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tag, wire } from '../openapi/protobuf-extension.ts';
import type { MessagePlan } from './proto-derive.ts';
import { deriveProtobufKinds } from './proto-kinds.ts';
import { decodeRawMessage, encodeRawMessage } from './protobuf.ts';

const ref = (name: string) => ({ $ref: `#/definitions/${name}` });
const gvk = (kind: string) => ({ 'x-kubernetes-group-version-kind': [{ group: 'example.orch.io', version: 'v1', kind }] });

const defs = {
  Quantity: { type: 'string', ...wire('Quantity') },
  IntOrString: { type: 'string', format: 'int-or-string', ...wire('IntOrString') },
  Port: { type: 'object', properties: { name: tag(1, { type: 'string' }), target: tag(2, ref('IntOrString')), inline: tag(3, { 'x-kubernetes-int-or-string': true }) } },
  Widget: {
    type: 'object',
    ...gvk('Widget'),
    properties: {
      apiVersion: { type: 'string' },
      kind: { type: 'string' },
      size: tag(1, ref('Quantity')),
      limits: tag(2, { type: 'object', additionalProperties: ref('Quantity') }),
      ports: tag(3, { type: 'array', items: ref('Port') }),
      extra: tag({ tag: 4, wrapped: true }, { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } }),
      blob: tag(5, { type: 'string', format: 'byte' }),
      replicas: tag({ tag: 6, keepZero: true }, { type: 'integer', format: 'int32' }),
      paused: tag(7, { type: 'boolean' }),
    },
  },
};

test('a kind derived from its definition writes what Kubernetes would and reads it back', () => {
  const kinds = deriveProtobufKinds(defs);
  assert.deepEqual(kinds.problems, []);
  const widget = kinds.byGvk.get('example.orch.io/v1/Widget')!;
  assert.deepEqual(widget.fields.map((f) => [f.name, f.id]), [['size', 1], ['limits', 2], ['ports', 3], ['extra', 4], ['blob', 5], ['replicas', 6], ['paused', 7]]);
  const obj = {
    size: '1500m',
    limits: { cpu: '2', memory: '1Gi' },
    ports: [{ name: 'http', target: 8080, inline: 'web' }, { target: 'metrics' }],
    extra: { scopes: ['a', 'b'] },
    blob: Buffer.from('hi').toString('base64'),
    replicas: 0,
    paused: false,
  };
  const bytes = encodeRawMessage(obj, widget);
  // size: field 1, a Quantity message holding its string as field 1.
  assert.deepEqual([...bytes.subarray(0, 9)], [0x0a, 0x07, 0x0a, 0x05, ...Buffer.from('1500m')]);
  // An IntOrString is written with all three of its fields, as Go writes it: type 0, intVal, strVal.
  const port = (widget.fields[2]!.value as { kind: 'message'; message: MessagePlan }).message;
  assert.deepEqual([...encodeRawMessage({ target: 8080 }, port)], [0x12, 0x07, 0x08, 0x00, 0x10, 0x90, 0x3f, 0x1a, 0x00]);
  // replicas keeps its zero, paused (omitempty) drops it, as Go's JSON would.
  const { paused: _, ...expected } = obj;
  assert.deepEqual(decodeRawMessage(bytes, widget), expected);
});

test('what a definition lacks for a message is reported by field', () => {
  const broken = {
    ...defs,
    Widget: { ...defs.Widget, properties: { ...defs.Widget.properties, color: { type: 'string' }, owner: tag(8, ref('Owner')), dup: tag(1, { type: 'string' }) } },
    Owner: { type: 'object', properties: { name: { type: 'string' } } },
  };
  assert.deepEqual(deriveProtobufKinds(broken).problems, [
    'Widget.color: no field number',
    'Widget.owner: Owner has no field numbers',
    'Widget: field numbers repeat (1, 1, 2, 3, 4, 5, 6, 7)',
  ]);
});

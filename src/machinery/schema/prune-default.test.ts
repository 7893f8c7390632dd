// The decoder's one pass beyond type checks: unknown fields reported as Kubernetes' strict
// decoding names them and dropped, schema defaults filled, Go's omitempty and null times.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compileSchema, decodeWithSchema } from './decode.ts';
import { structuralFromOpenApi } from './from-openapi.ts';
import { kindSchema } from '../openapi/kind-schemas.ts';
import type { StructuralSchema } from './structural.ts';

const pod: StructuralSchema = {
  type: 'object',
  goType: 'v1.Pod',
  properties: {
    metadata: { type: 'object', default: {}, properties: { name: { type: 'string' }, labels: { type: 'object', additionalProperties: { type: 'string' } } } },
    spec: {
      type: 'object',
      default: {},
      properties: {
        restartPolicy: { type: 'string', default: 'Always' },
        containers: {
          type: 'array',
          items: { type: 'object', properties: { name: { type: 'string' }, ports: { type: 'array', items: { type: 'object', properties: { port: { type: 'integer' } } } } } },
        },
        extra: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
        open: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true, properties: { known: { type: 'integer' } } },
      },
    },
  },
};
const compiled = compileSchema(pod);

test('unknown fields are named as Kubernetes names them, in document order, and dropped', () => {
  const body = {
    metadata: { name: 'p', colour: 'red', labels: { free: 'form' } },
    spec: {
      containers: [{ name: 'a', ports: [{ port: 1, proto: 'TCP' }], image2: 'x' }, { name: 'b' }],
      extra: { anything: { goes: true } },
      open: { known: 1, other: 2 },
      bogus: 1,
    },
    status: { phase: 'Running' },
  };
  const unknown: string[] = [];
  assert.equal(decodeWithSchema(compiled, body, { unknownFields: unknown, prune: true }), undefined);
  assert.deepEqual(unknown, ['metadata.colour', 'spec.containers[0].ports[0].proto', 'spec.containers[0].image2', 'spec.bogus', 'status']);
  assert.deepEqual(body, {
    metadata: { name: 'p', labels: { free: 'form' } },
    spec: { containers: [{ name: 'a', ports: [{ port: 1 }] }, { name: 'b' }], extra: { anything: { goes: true } }, open: { known: 1, other: 2 } },
  });
});

test('unknown fields can be reported without dropping them, or dropped without reporting', () => {
  const kept = { spec: { bogus: 1 } };
  const unknown: string[] = [];
  decodeWithSchema(compiled, kept, { unknownFields: unknown });
  assert.deepEqual([unknown, kept], [['spec.bogus'], { spec: { bogus: 1 } }]);
  const dropped = { spec: { bogus: 1 }, top: 2 };
  decodeWithSchema(compiled, dropped, { prune: true });
  assert.deepEqual(dropped, { spec: {} });
});

test('a wrong type wins over unknown fields, as Go fails the decode before strictness', () => {
  const unknown: string[] = [];
  assert.match(decodeWithSchema(compiled, { bogus: 1, metadata: { name: 5 } }, { unknownFields: unknown })!, /cannot unmarshal number into Go struct field .*metadata.name of type string/);
});

test('defaults fill absent and null fields, recursively into filled structs, and are copied', () => {
  const a: Record<string, unknown> = {};
  assert.equal(decodeWithSchema(compiled, a, { defaults: true }), undefined);
  assert.deepEqual(a, { metadata: {}, spec: { restartPolicy: 'Always' } });
  const b: Record<string, unknown> = { metadata: null, spec: { restartPolicy: null } };
  decodeWithSchema(compiled, b, { defaults: true });
  assert.deepEqual(b, { metadata: {}, spec: { restartPolicy: 'Always' } });
  assert.notEqual(a['metadata'], b['metadata'], 'each object gets its own {}');
  const given = { spec: { restartPolicy: 'Never' } };
  decodeWithSchema(compiled, given, { defaults: true });
  assert.deepEqual(given, { metadata: {}, spec: { restartPolicy: 'Never' } });
  const none: Record<string, unknown> = {};
  decodeWithSchema(compiled, none);
  assert.deepEqual(none, {}, 'no defaults unless asked (an apply configuration owns only what it names)');
});

test('Go encoding: omitempty zero values are dropped, zero non-pointer times are null, non-omitempty strings are written', () => {
  const schema = compileSchema(
    structuralFromOpenApi(
      {
        T: {
          type: 'object',
          properties: {
            when: { type: 'string', format: 'date-time' },
            since: { type: 'string', format: 'date-time' },
            name: { type: 'string' },
            note: { type: 'string' },
            count: { type: 'integer', format: 'int32' },
            shares: { type: 'integer', format: 'int32' },
            items: { type: 'array', items: { type: 'string' } },
            ref: { type: 'object', properties: { kind: { type: 'string' } } },
          },
        },
      },
      'T',
      { T: ['name', 'note,omitempty', 'count,omitempty', '*shares,omitempty', 'items,omitempty', 'when', '*since,omitempty', '*ref,omitempty'] },
    ),
  );
  const v: Record<string, unknown> = { ref: {}, items: [], shares: 0, count: 0, note: '', since: '' };
  assert.equal(decodeWithSchema(schema, v, { defaults: true }), undefined);
  // A pointer keeps its zero (shares) and an empty struct (ref); the fields take the struct's order.
  assert.equal(JSON.stringify(v), '{"name":"","shares":0,"when":null,"ref":{}}');
});

test('a struct in Go order is written in that order, whatever order the body had', () => {
  const schema = compileSchema(kindSchema('io.orch.api.core.v1.ConfigMap'));
  const cm: Record<string, unknown> = { data: { a: 'b' }, metadata: { labels: { x: 'y' }, name: 'n', namespace: 'ns' }, apiVersion: 'v1', kind: 'ConfigMap', immutable: false };
  assert.equal(decodeWithSchema(schema, cm, { prune: true, defaults: true }), undefined);
  assert.equal(
    JSON.stringify(cm),
    '{"kind":"ConfigMap","apiVersion":"v1","metadata":{"name":"n","namespace":"ns","creationTimestamp":null,"labels":{"x":"y"}},"immutable":false,"data":{"a":"b"}}',
  );
});

test('the schema Go encoding starts from is left as it was', () => {
  const defs = { T: { type: 'object', properties: { b: { type: 'string' }, a: { type: 'string' } } } };
  const plain = structuralFromOpenApi(defs, 'T');
  const go = structuralFromOpenApi(defs, 'T', { T: ['a,omitempty', 'b'] });
  assert.deepEqual(Object.keys(plain.properties!), ['b', 'a']);
  assert.equal(plain.properties!['a']!.omitEmpty, undefined);
  assert.deepEqual(Object.keys(go.properties!), ['a', 'b']);
  assert.equal(go.properties!['a']!.omitEmpty, true);
  assert.equal(go.properties!['b']!.default, '');
});

// The decoder's one pass beyond type checks: unknown fields reported as Kubernetes' strict
// decoding names them and dropped, schema defaults filled, Go's omitempty and null times.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compileSchema, decodeWithSchema } from './decode.ts';
import { under, withGoEncoding } from './go-encoding.ts';
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

test('Go encoding: omitempty zero values are dropped and zero non-pointer times are null', () => {
  const schema = compileSchema(
    withGoEncoding(kindSchema('io.orch.api.core.v1.Event'), {
      omitEmpty: ['reason', 'count', ...under('involvedObject', ['kind', 'name'])],
      zeroTimeAsNull: ['firstTimestamp', 'eventTime'],
    }),
  );
  const ev: Record<string, unknown> = { reason: '', count: 0, involvedObject: { kind: 'Pod', name: '' }, firstTimestamp: '', message: '' };
  assert.equal(decodeWithSchema(schema, ev, { defaults: true }), undefined);
  assert.deepEqual(ev, {
    involvedObject: { kind: 'Pod' },
    message: '', // not declared omitempty here
    firstTimestamp: null,
    metadata: {},
    eventTime: null,
    reportingComponent: '',
    reportingInstance: '',
    source: {},
  });
  assert.throws(() => withGoEncoding(kindSchema('io.orch.api.core.v1.Event'), { omitEmpty: ['nosuch'] }), /no field nosuch/);
});

test('the schema a Go encoding starts from is left as it was', () => {
  const base = kindSchema('io.orch.api.core.v1.Event');
  withGoEncoding(base, { omitEmpty: ['reason'], zeroTimeAsNull: ['firstTimestamp'] });
  assert.equal(base.properties!['reason']!.omitEmpty, undefined);
  assert.equal(base.properties!['firstTimestamp']!.default, undefined);
});

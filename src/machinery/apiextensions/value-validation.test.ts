import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { JSONSchemaProps } from '../../api/apiextensions/v1/types.ts';
import { compileValueValidator } from './value-validation.ts';
import { compileGoPattern } from './go-regexp.ts';
import { stringFormatCheck } from './formats.ts';
import { goFloat } from './go-values.ts';

function messages(schema: JSONSchemaProps, value: unknown, path = ''): string[] {
  return compileValueValidator(schema)(value, path).map((c) => `${c.field}: ${c.message}`);
}

const obj = (properties: Record<string, JSONSchemaProps>, extra: JSONSchemaProps = {}): JSONSchemaProps => ({ type: 'object', properties, ...extra });

test('numbers: bounds, exclusive bounds, multipleOf, integer versus number', () => {
  const s = obj({ spec: obj({ replicas: { type: 'integer', maximum: 10, minimum: 1 }, ratio: { type: 'number', maximum: 1, exclusiveMaximum: true, multipleOf: 0.25 } }) });
  assert.deepEqual(messages(s, { spec: { replicas: 11 } }), ['spec.replicas: Invalid value: 11: spec.replicas in body should be less than or equal to 10']);
  assert.deepEqual(messages(s, { spec: { replicas: 0 } }), ['spec.replicas: Invalid value: 0: spec.replicas in body should be greater than or equal to 1']);
  assert.deepEqual(messages(s, { spec: { replicas: 1.5 } }), ['spec.replicas: Invalid value: "number": spec.replicas in body must be of type integer: "number"']);
  assert.deepEqual(messages(s, { spec: { replicas: '3' } }), ['spec.replicas: Invalid value: "string": spec.replicas in body must be of type integer: "string"']);
  assert.deepEqual(messages(s, { spec: { ratio: 1 } }), ['spec.ratio: Invalid value: 1: spec.ratio in body should be less than 1']);
  assert.deepEqual(messages(s, { spec: { ratio: 0.3 } }), ['spec.ratio: Invalid value: 0.3: spec.ratio in body should be a multiple of 0.25']);
  assert.deepEqual(messages(s, { spec: { ratio: 0.5, replicas: 3 } }), []);
  const c = compileValueValidator(s)({ spec: { replicas: 11 } }, '')[0]!;
  assert.equal(c.reason, 'FieldValueInvalid');
});

test('null: nullable fields accept it, others report type null', () => {
  const s = obj({ a: { type: 'string', nullable: true }, b: { type: 'string' } });
  assert.deepEqual(messages(s, { a: null, b: null }), ['b: Invalid value: "null": b in body must be of type string: "null"']);
});

test('strings: lengths count characters, pattern, enum', () => {
  const s = obj({ n: { type: 'string', maxLength: 3, minLength: 2, pattern: '^[a-zé]+$' }, e: { type: 'string', enum: ['a', 'b'] }, i: { type: 'integer', enum: [1, 2] } });
  assert.deepEqual(messages(s, { n: 'ééé' }), []);
  assert.deepEqual(messages(s, { n: 'abcd' }), ['n: Too long: may not be more than 3 bytes']);
  assert.deepEqual(messages(s, { n: 'a' }), ['n: Invalid value: "a": n in body should be at least 2 chars long']);
  assert.deepEqual(messages(s, { n: 'A1' }), ['n: Invalid value: "A1": n in body should match \'^[a-zé]+$\'']);
  assert.deepEqual(messages(s, { e: 'c' }), ['e: Unsupported value: "c": supported values: "a", "b"']);
  assert.deepEqual(messages(s, { i: 3 }), ['i: Unsupported value: 3: supported values: "1", "2"']);
  const [cause] = compileValueValidator(s)({ e: 'c' }, '');
  assert.equal(cause!.reason, 'FieldValueNotSupported');
});

test('objects: required, properties counts, map values, paths with a prefix', () => {
  const s = obj({ spec: obj({ items: { type: 'array', maxItems: 2, minItems: 1, items: obj({ name: { type: 'string' } }, { required: ['name'] }) }, labels: { type: 'object', additionalProperties: { type: 'string' }, maxProperties: 1 } }, { required: ['items'] }) });
  assert.deepEqual(messages(s, { spec: {} }), ['spec.items: Required value']);
  assert.deepEqual(messages(s, { spec: { items: [{ name: 'a' }, {}, { name: 1 }] } }), [
    'spec.items[1].name: Required value',
    'spec.items[2].name: Invalid value: "integer": spec.items[2].name in body must be of type string: "integer"',
    'spec.items: Too many: 3: must have at most 2 items',
  ]);
  assert.deepEqual(messages(s, { spec: { items: [] } }), ['spec.items: Invalid value: 0: spec.items in body should have at least 1 items']);
  assert.deepEqual(messages(s, { spec: { items: [{ name: 'x' }], labels: { a: 1, b: 'x' } } }), [
    'spec.labels: Too many: 2: must have at most 1 item',
    'spec.labels.a: Invalid value: "integer": spec.labels.a in body must be of type string: "integer"',
  ]);
  assert.deepEqual(messages(s, { spec: {} }, 'data'), ['data.spec.items: Required value']);
});

test('allOf, anyOf, oneOf and not', () => {
  const s = obj({
    x: { 'x-kubernetes-int-or-string': true, anyOf: [{ type: 'integer' }, { type: 'string', pattern: '^[0-9]+%$' }] },
    y: { type: 'integer', not: { enum: [13] } },
    z: { type: 'string', oneOf: [{ pattern: '^a' }, { pattern: 'b$' }] },
  });
  assert.deepEqual(messages(s, { x: 5, y: 1, z: 'ac' }), []);
  assert.deepEqual(messages(s, { x: true }), [
    'x: Invalid value: "boolean": x in body must be of type integer,string: "boolean"',
    '<nil>: Invalid value: "": "x" must validate at least one schema (anyOf)',
    'x: Invalid value: "boolean": x in body must be of type integer: "boolean"',
  ]);
  assert.deepEqual(messages(s, { x: '5%' }), []);
  assert.equal(messages(s, { x: '5' })[0], '<nil>: Invalid value: "": "x" must validate at least one schema (anyOf)');
  assert.deepEqual(messages(s, { y: 13 }), ['<nil>: Invalid value: "": "y" must not validate the schema (not)']);
  assert.deepEqual(messages(s, { z: 'ab' }), ['<nil>: Invalid value: "": "z" must validate one and only one schema (oneOf). Found 2 valid alternatives']);
});

test('formats Kubernetes validates; others are ignored', () => {
  const s = obj({ t: { type: 'string', format: 'date-time' }, ip: { type: 'string', format: 'ipv4' }, u: { type: 'string', format: 'made-up' } });
  assert.deepEqual(messages(s, { t: '2024-01-02T03:04:05Z', ip: '10.0.0.1', u: '?' }), []);
  assert.deepEqual(messages(s, { t: 'yesterday', ip: '10.0.0.300' }), [
    't: Invalid value: "yesterday": t in body must be of type date-time: "yesterday"',
    'ip: Invalid value: "10.0.0.300": ip in body must be of type ipv4: "10.0.0.300"',
  ]);
  const ok: Record<string, string[]> = {
    date: ['2024-02-29'],
    uri: ['https://example.com/x', '/path'],
    email: ['a@b.c', 'Bob <bob@example.com>'],
    hostname: ['example.com', 'a'],
    ipv6: ['::1', 'fe80::1'],
    cidr: ['10.0.0.0/8', 'fd00::/64'],
    mac: ['00:00:5e:00:53:01', '0000.5e00.5301'],
    uuid: ['A987FBC9-4BED-3078-CF07-9141BA07C9F3'],
    uuid4: ['5f4d2f7a-3b1e-4c3a-9d2e-8a1b2c3d4e5f'],
    isbn10: ['0321751043'],
    isbn13: ['978-0321751041'],
    creditcard: ['4111 1111 1111 1111'],
    ssn: ['123-45-6789'],
    hexcolor: ['#ff0000', 'abc'],
    rgbcolor: ['rgb(255, 0, 10)'],
    byte: ['aGVsbG8='],
    duration: ['1h30m', '3 days', '10s'],
    quantity: ['10Gi', '500m'],
    'k8s-short-name': ['my-name'],
    'k8s-long-name': ['my.name'],
    bsonobjectid: ['507f1f77bcf86cd799439011'],
  };
  const bad: Record<string, string[]> = {
    date: ['2023-02-29', '2024-1-2'],
    uri: ['mailto:x', 'not a uri'],
    email: ['no-at'],
    hostname: ['-bad', 'a..b'],
    ipv6: ['1.2.3.4', '::1%eth0'],
    cidr: ['10.0.0.0', '10.0.0.0/33'],
    mac: ['00:00:5e'],
    uuid: ['nope'],
    uuid4: ['5f4d2f7a-3b1e-3c3a-9d2e-8a1b2c3d4e5f'],
    isbn10: ['0321751044'],
    creditcard: ['4111 1111 1111 1112'],
    ssn: ['123456789'],
    hexcolor: ['#ff00'],
    rgbcolor: ['rgb(256,0,0)'],
    byte: ['a'],
    duration: ['soon'],
    quantity: ['ten'],
    'k8s-short-name': ['My-Name'],
    'k8s-long-name': ['-x'],
  };
  for (const [f, vs] of Object.entries(ok)) for (const v of vs) assert.equal(stringFormatCheck(f)!(v), true, `${f} ${v}`);
  for (const [f, vs] of Object.entries(bad)) for (const v of vs) assert.equal(stringFormatCheck(f)!(v), false, `${f} ${v}`);
});

test('embedded resources and list types', () => {
  const s = obj({
    template: { type: 'object', 'x-kubernetes-embedded-resource': true, 'x-kubernetes-preserve-unknown-fields': true },
    ports: { type: 'array', 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['port', 'protocol'], items: obj({ port: { type: 'integer' }, protocol: { type: 'string', default: 'TCP' } }, { required: ['port'] }) },
    tags: { type: 'array', 'x-kubernetes-list-type': 'set', items: { type: 'string' } },
  });
  assert.deepEqual(messages(s, { template: { metadata: { name: 'a/b' } } }), [
    'template.apiVersion: Required value',
    'template.kind: Required value',
    "template.metadata.name: Invalid value: \"a/b\": may not contain '/'",
  ]);
  assert.deepEqual(messages(s, { template: { apiVersion: 'a/b/c', kind: 'Not_OK' } }), [
    'template.apiVersion: Invalid value: "a/b/c": unexpected GroupVersion string: a/b/c',
    `template.kind: Invalid value: "Not_OK": may have mixed case, but should otherwise match: a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')`,
  ]);
  assert.deepEqual(messages(s, { ports: [{ port: 80 }, { port: 80, protocol: 'TCP' }, { port: 80, protocol: 'UDP' }], tags: ['a', 'b', 'a'] }), [
    'ports[1]: Duplicate value: map[string]interface {}{"port":80, "protocol":"TCP"}',
    'tags[2]: Duplicate value: "a"',
  ]);
  const [dup] = compileValueValidator(s)({ tags: ['a', 'a'] }, '');
  assert.equal(dup!.reason, 'FieldValueDuplicate');
});

test('Go regular expressions: RE2 syntax accepted, look-around refused', () => {
  assert.equal(compileGoPattern('(?i)^abc$').ok, true);
  const r = compileGoPattern('(?i)^abc\\z');
  assert.ok(r.ok && r.regexp.test('ABC'));
  const posix = compileGoPattern('^[[:alpha:]]+$');
  assert.ok(posix.ok && posix.regexp.test('abc') && !posix.regexp.test('a1'));
  const look = compileGoPattern('^(?!x)');
  assert.deepEqual(look, { ok: false, error: 'error parsing regexp: invalid or unsupported Perl syntax: `(?!`' });
  assert.equal(compileGoPattern('(').ok, false);
});

test('Go float formatting', () => {
  assert.equal(goFloat(0.25), '0.25');
  assert.equal(goFloat(1e6), '1e+06');
  assert.equal(goFloat(123456), '123456');
  assert.equal(goFloat(0.00001), '1e-05');
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lazySchema } from './lazy-schema.ts';
import type { StructuralSchema } from './structural.ts';

const shape = (): StructuralSchema => ({ type: 'object', properties: { name: { type: 'string' } }, goOrder: true });

test('the schema is built on the first read, once', () => {
  let builds = 0;
  const schema = lazySchema(() => (builds++, shape()));
  assert.equal(builds, 0);
  assert.equal(schema.type, 'object');
  assert.equal(schema.properties?.name?.type, 'string');
  assert.equal(builds, 1);
});

test('spread, keys, `in` and deepEqual see the built schema as a plain object', () => {
  const schema = lazySchema(shape);
  assert.deepEqual({ ...schema, default: {} }, { ...shape(), default: {} });
  assert.deepEqual(Object.keys(schema), ['type', 'properties', 'goOrder']);
  assert.ok('goOrder' in schema);
  assert.ok(!('items' in schema));
  assert.ok(Object.hasOwn(schema, 'properties'));
  assert.equal(JSON.stringify(schema), JSON.stringify(shape()));
});

test('a schema serves as a WeakMap key, as derived-schema caches use it', () => {
  const schema = lazySchema(shape);
  const derived = new WeakMap<object, string>([[schema, 'derived']]);
  assert.equal(derived.get(schema), 'derived');
});

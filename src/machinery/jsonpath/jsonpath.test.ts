import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compileJsonPath, JsonPathError } from './jsonpath.ts';

const obj = {
  metadata: { name: 'a', labels: { 'app.orch.io/tier': 'web' } },
  spec: { replicas: 3, items: [{ name: 'x' }, { name: 'y' }] },
  status: { conditions: [{ type: 'Ready', status: 'True' }, { type: 'Synced', status: 'False' }] },
};

test('fields, quoted keys, indexes, wildcards and filters reach what kubectl reaches', () => {
  assert.deepEqual(compileJsonPath('.spec.replicas').evaluate(obj), [3]);
  assert.deepEqual(compileJsonPath(".metadata.labels['app.orch.io/tier']").evaluate(obj), ['web']);
  assert.deepEqual(compileJsonPath('.spec.items[1].name').evaluate(obj), ['y']);
  assert.deepEqual(compileJsonPath('.spec.items[-1].name').evaluate(obj), ['y']);
  assert.deepEqual(compileJsonPath('.spec.items[*].name').evaluate(obj), ['x', 'y']);
  assert.deepEqual(compileJsonPath('.status.conditions[?(@.type=="Ready")].status').evaluate(obj), ['True']);
  assert.deepEqual(compileJsonPath('{.status.conditions[?(@.type!="Ready")].type}').evaluate(obj), ['Synced']);
  assert.deepEqual(compileJsonPath('.spec.missing').evaluate(obj), []);
});

test('a path that is not one is refused', () => {
  assert.throws(() => compileJsonPath('spec.replicas'), JsonPathError);
  assert.throws(() => compileJsonPath('.spec[abc]'), JsonPathError);
  assert.throws(() => compileJsonPath('.spec..x'), JsonPathError);
});

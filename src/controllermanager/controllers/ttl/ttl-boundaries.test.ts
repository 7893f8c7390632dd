import { test } from 'node:test';
import type { Node } from '../../../api/core/v1/node-types.ts';
import assert from 'node:assert/strict';
import { ClusterSizeTTL, currentTTL, NODE_TTL_ANNOTATION } from './ttl-boundaries.ts';

test('the TTL steps up past a boundary and down only below the next lower one', () => {
  const size = new ClusterSizeTTL();
  const add = (n: number) => Array.from({ length: n }, () => size.nodeAdded());
  const del = (n: number) => Array.from({ length: n }, () => size.nodeDeleted());
  add(100);
  assert.equal(size.desiredSeconds(), 0);
  add(1);
  assert.equal(size.desiredSeconds(), 15);
  del(11);
  assert.equal(size.desiredSeconds(), 15, '90 nodes keep the 15 s step');
  del(1);
  assert.equal(size.desiredSeconds(), 0);
  add(412);
  assert.equal(size.desiredSeconds(), 30);
});

test('the annotation is read as strconv.Atoi reads it', () => {
  const node = (v?: string): Node => ({ metadata: { name: 'n', annotations: v === undefined ? {} : { [NODE_TTL_ANNOTATION]: v } } });
  assert.deepEqual(currentTTL(node()), {});
  assert.deepEqual(currentTTL(node('15')), { seconds: 15 });
  assert.deepEqual(currentTTL(node('+0')), { seconds: 0 });
  assert.deepEqual(currentTTL(node('1.5')), { invalid: '1.5' });
});

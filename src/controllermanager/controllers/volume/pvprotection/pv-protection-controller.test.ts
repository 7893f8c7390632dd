import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PersistentVolume } from '../../../../api/core/v1/volume-types.ts';
import { volumeAction } from './pv-protection-controller.ts';
import { withoutFinalizer } from '../protection-finalizer.ts';

const F = 'orch.io/pv-protection';
const pv = (phase: string, opts: { deleting?: boolean; finalizers?: string[] } = {}): PersistentVolume => ({
  metadata: { name: 'v', finalizers: opts.finalizers ?? [F], ...(opts.deleting ? { deletionTimestamp: '2026-01-01T00:00:00Z' } : {}) },
  status: { phase },
});

test('a volume being deleted loses its finalizer unless it is Bound', () => {
  for (const phase of ['Available', 'Released', 'Failed', 'Pending', '']) assert.equal(volumeAction(pv(phase, { deleting: true })), 'remove', phase);
  assert.equal(volumeAction(pv('Bound', { deleting: true })), 'none');
});

test('a live volume without the finalizer gets it; one being deleted without it is left alone', () => {
  assert.equal(volumeAction(pv('Bound', { finalizers: [] })), 'add');
  assert.equal(volumeAction(pv('Available', { finalizers: ['example.com/x'] })), 'add');
  assert.equal(volumeAction(pv('Available')), 'none');
  assert.equal(volumeAction(pv('Available', { deleting: true, finalizers: ['example.com/x'] })), 'none');
});

test('removing the finalizer keeps the others in their order', () => {
  const out = withoutFinalizer(pv('Released', { finalizers: ['a', F, 'b'] }), F);
  assert.deepEqual(out.metadata.finalizers, ['a', 'b']);
});

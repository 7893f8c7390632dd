import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isSuperset, mergeTolerations, verifyAgainstWhitelist } from './tolerations.ts';
import { addLists, addQuantity, exceededNames, subtractNonNegative } from '../../../../machinery/quantity/resource-lists.ts';
import { podLimits, podRequests } from '../../../../machinery/quota/pod-resources.ts';
import { parseLabelMap } from './label-maps.ts';
import { container, pod } from './testing.ts';

test('quantities add and subtract exactly and print as Go prints them', () => {
  assert.equal(addQuantity('500m', '250m'), '750m');
  assert.equal(addQuantity('512Mi', '512Mi'), '1Gi');
  assert.equal(addQuantity('1', '500m'), '1500m');
  assert.equal(addQuantity('0', '1Gi'), '1Gi');
  assert.deepEqual(addLists({ pods: '1', cpu: '1' }, { pods: '1', memory: '1Gi' }), { pods: '2', cpu: '1', memory: '1Gi' });
  assert.deepEqual(subtractNonNegative({ a: '1', b: '2' }, { a: '3', c: '1' }), { a: '0', b: '2', c: '0' });
  assert.deepEqual(exceededNames({ a: '2', b: '1' }, { a: '1', b: '1', c: '0' }), ['a']);
});

test('a pod needs its containers plus sidecars, or its biggest init step when that is more', () => {
  const p = pod('p', [container('a', { requests: { cpu: '1' }, limits: { memory: '1Gi' } })], {
    initContainers: [
      { ...container('side', { requests: { cpu: '500m' } }), restartPolicy: 'Always' },
      container('big', { requests: { cpu: '2' }, limits: { memory: '2Gi' } }),
    ],
    overhead: { cpu: '100m' },
  });
  assert.deepEqual(podRequests(p), { cpu: '2500m' });
  assert.deepEqual(podRequests(p, { overhead: true }), { cpu: '2600m' });
  assert.deepEqual(podLimits(p, { overhead: true }), { memory: '2Gi' });
  const levels = pod('p', [container('a', { requests: { cpu: '1' } })], { resources: { requests: { cpu: '3' } } });
  assert.deepEqual(podRequests(levels, { podLevel: true }), { cpu: '3' });
  assert.deepEqual(podRequests(levels), { cpu: '1' });
});

test('tolerations: supersets, merges without redundancy, whitelists', () => {
  const all = { operator: 'Exists' };
  const fooNoExec10 = { key: 'foo', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 10 };
  const fooNoExec = { key: 'foo', operator: 'Exists', effect: 'NoExecute' };
  assert.ok(isSuperset(all, fooNoExec10));
  assert.ok(isSuperset(fooNoExec, fooNoExec10));
  assert.ok(!isSuperset(fooNoExec10, fooNoExec));
  assert.ok(!isSuperset({ key: 'foo', operator: 'Equal', value: 'a' }, { key: 'foo', operator: 'Exists' }));
  assert.deepEqual(mergeTolerations([fooNoExec10], [fooNoExec, fooNoExec]), [fooNoExec]);
  assert.ok(verifyAgainstWhitelist([fooNoExec10], [fooNoExec]));
  assert.ok(!verifyAgainstWhitelist([all], [fooNoExec]));
});

test('label maps read as Kubernetes reads a selector string', () => {
  assert.deepEqual(parseLabelMap(' a = 1 ,b=2'), { a: '1', b: '2' });
  assert.throws(() => parseLabelMap('a=1=2'), { message: 'invalid selector: [a 1 2]' });
  assert.throws(() => parseLabelMap('a b=1'), /^Error: key: Invalid value: "a b": /);
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { LimitRange, LimitRangeItem } from '../../../../api/core/v1/policy-types.ts';
import type { PersistentVolumeClaim } from '../../../../api/core/v1/volume-types.ts';
import { limitRanger } from './plugin.ts';
import type { LimitRangeReader } from './reader.ts';
import { admitAndValidate, container, coreAttrs, pod } from '../core-v1/testing.ts';

const range = (...limits: LimitRangeItem[]): LimitRange => ({ metadata: { name: 'limits', namespace: 'team' }, spec: { limits } });

function rangesOf(cached: LimitRange[], live: LimitRange[] = cached): LimitRangeReader & { liveReads: number } {
  const reader = {
    liveReads: 0,
    async list(_ns: string, isLive: boolean) {
      if (isLive) reader.liveReads++;
      return isLive ? live : cached;
    },
  };
  return reader;
}
const plugin = (reader: LimitRangeReader, now?: () => number) => limitRanger({ ranges: () => reader, ...(now ? { now } : {}) });

test('containers get the default requests and limits they leave unset, noted in an annotation', async () => {
  const reader = rangesOf([range({ type: 'Container', default: { cpu: '500m', memory: '256Mi' }, defaultRequest: { cpu: '100m' } })]);
  const p = pod('web', [container('app', { limits: { memory: '1Gi' } })], { initContainers: [container('init')] });
  await admitAndValidate(plugin(reader), coreAttrs('pods', p));
  assert.deepEqual(p.spec!.containers[0]!.resources, { limits: { memory: '1Gi', cpu: '500m' }, requests: { cpu: '100m' } });
  assert.deepEqual(p.spec!.initContainers![0]!.resources, { requests: { cpu: '100m' }, limits: { cpu: '500m', memory: '256Mi' } });
  assert.equal(
    p.metadata.annotations!['orch.io/limit-ranger'],
    'LimitRanger plugin set: cpu request for container app; cpu limit for container app; cpu request for init container init; cpu, memory limit for init container init',
  );
});

test('container minimum, maximum and ratio are enforced with Kubernetes messages', async () => {
  const reader = rangesOf([range({ type: 'Container', max: { cpu: '1' }, min: { memory: '64Mi' }, maxLimitRequestRatio: { memory: '2' } })]);
  const refuse = async (resources: object, message: string) =>
    assert.rejects(async () => admitAndValidate(plugin(reader), coreAttrs('pods', pod('x', [container('c', resources)]))), { code: 403, message });
  await refuse({ limits: { cpu: '2', memory: '64Mi' }, requests: { memory: '64Mi' } }, 'pods "x" is forbidden: maximum cpu usage per Container is 1, but limit is 2');
  await refuse({ limits: { memory: '64Mi' }, requests: { memory: '64Mi' } }, 'pods "x" is forbidden: maximum cpu usage per Container is 1.  No limit is specified');
  await refuse({ limits: { cpu: '1', memory: '1Gi' }, requests: { memory: '32Mi' } }, 'pods "x" is forbidden: [minimum memory usage per Container is 64Mi, but request is 32Mi, memory max limit to request ratio per Container is 2, but provided ratio is 32.000000]');
  await refuse({ limits: { cpu: '1' } }, 'pods "x" is forbidden: [minimum memory usage per Container is 64Mi.  No request is specified, memory max limit to request ratio per Container is 2, but no request is specified or request is 0]');
  await admitAndValidate(plugin(reader), coreAttrs('pods', pod('ok', [container('c', { limits: { cpu: '500m', memory: '128Mi' }, requests: { memory: '64Mi' } })])));
});

test('a Pod limit bounds the sum over containers, with sidecars', async () => {
  const reader = rangesOf([range({ type: 'Pod', max: { cpu: '2' } })]);
  const two = (cpu: string) => container('c' + cpu, { requests: { cpu }, limits: { cpu } });
  const p = pod('web', [two('1'), two('800m')], { initContainers: [{ ...two('300m'), restartPolicy: 'Always' }] });
  await assert.rejects(async () => admitAndValidate(plugin(reader), coreAttrs('pods', p)), { message: 'pods "web" is forbidden: maximum cpu usage per Pod is 2, but limit is 2100m' });
});

test('claims are held to the storage minimum and maximum of PersistentVolumeClaim items, on update too', async () => {
  const reader = rangesOf([range({ type: 'PersistentVolumeClaim', min: { storage: '1Gi' }, max: { storage: '10Gi' } })]);
  const claim = (storage?: string): PersistentVolumeClaim => ({ metadata: { name: 'data', namespace: 'team' }, spec: { resources: storage ? { requests: { storage } } : {} } });
  await admitAndValidate(plugin(reader), coreAttrs('persistentvolumeclaims', claim('5Gi')));
  await assert.rejects(async () => admitAndValidate(plugin(reader), coreAttrs('persistentvolumeclaims', claim('20Gi'))), {
    message: 'persistentvolumeclaims "data" is forbidden: maximum storage usage per PersistentVolumeClaim is 10Gi, but request is 20Gi',
  });
  await assert.rejects(async () => admitAndValidate(plugin(reader), coreAttrs('persistentvolumeclaims', claim('20Gi'), { operation: 'UPDATE', oldObject: claim('5Gi') })), { code: 403 });
  await assert.rejects(async () => admitAndValidate(plugin(reader), coreAttrs('persistentvolumeclaims', claim())), {
    message: 'persistentvolumeclaims "data" is forbidden: [minimum storage usage per PersistentVolumeClaim is 1Gi.  No request is specified, maximum storage usage per PersistentVolumeClaim is 10Gi.  No request is specified]',
  });
});

test('pod updates, subresources and objects being deleted are left alone', async () => {
  const reader = rangesOf([range({ type: 'Container', max: { cpu: '1' } })]);
  const big = pod('web', [container('c', { limits: { cpu: '4' } })]);
  await admitAndValidate(plugin(reader), coreAttrs('pods', big, { operation: 'UPDATE', oldObject: pod('web') }));
  await admitAndValidate(plugin(reader), coreAttrs('pods', big, { subresource: 'status' }));
  const claim: PersistentVolumeClaim = { metadata: { name: 'd' }, spec: {} };
  const deleting: PersistentVolumeClaim = { metadata: { name: 'd', deletionTimestamp: '2025-01-01T00:00:00Z' }, spec: {} };
  await admitAndValidate(plugin(rangesOf([range({ type: 'PersistentVolumeClaim', min: { storage: '1Gi' } })])), coreAttrs('persistentvolumeclaims', claim, { operation: 'UPDATE', oldObject: deleting }));
});

test('a cache without ranges is backed by a storage read, remembered for 30 seconds', async () => {
  let now = 0;
  const reader = rangesOf([], [range({ type: 'Container', defaultRequest: { cpu: '1' } })]);
  const p = pod('web');
  await plugin(reader, () => now).admit!(coreAttrs('pods', p));
  assert.deepEqual(p.spec!.containers[0]!.resources, { requests: { cpu: '1' } });
  const lr = plugin(reader, () => now);
  await lr.admit!(coreAttrs('pods', pod('a')));
  await lr.admit!(coreAttrs('pods', pod('b')));
  assert.equal(reader.liveReads, 2);
  now += 30_001;
  await lr.admit!(coreAttrs('pods', pod('c')));
  assert.equal(reader.liveReads, 3);
});

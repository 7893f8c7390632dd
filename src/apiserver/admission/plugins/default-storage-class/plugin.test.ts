// DefaultStorageClass admission at unit level: a claim without a class gets the default one (the
// newest of several, the beta annotation counting too); a claim with a class, an empty one or the
// beta class annotation keeps it; without a default nothing changes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ApiObject } from '../../../../api/meta/v1/types.ts';
import type { PersistentVolumeClaim } from '../../../../api/core/v1/volume-types.ts';
import type { StoredObjects } from '../../stored-objects.ts';
import { coreAttrs } from '../core-v1/testing.ts';
import { defaultStorageClass } from './plugin.ts';

const sc = (name: string, created: string, annotation?: string) => ({
  metadata: { name, creationTimestamp: created, ...(annotation ? { annotations: { [annotation]: 'true' } } : {}) },
  provisioner: 'example.com/disk',
});

function storeOf(...classes: ApiObject[]): StoredObjects {
  return { serves: () => true, get: async () => undefined, list: async <T extends ApiObject>() => classes as T[] };
}

const claim = (spec: Record<string, unknown> = {}, annotations?: Record<string, string>): PersistentVolumeClaim =>
  ({ metadata: { name: 'data', namespace: 'team', ...(annotations ? { annotations } : {}) }, spec: { accessModes: ['ReadWriteOnce'], ...spec } }) as PersistentVolumeClaim;

test('a claim without a class gets the newest default class', async () => {
  const plugin = defaultStorageClass({
    objects: () => storeOf(sc('old', '2026-01-01T00:00:00Z', 'storageclass.orch.io/is-default-class'), sc('new', '2026-02-01T00:00:00Z', 'storageclass.beta.orch.io/is-default-class'), sc('plain', '2026-03-01T00:00:00Z')),
  });
  const pvc = claim();
  await plugin.admit!(coreAttrs('persistentvolumeclaims', pvc));
  assert.equal(pvc.spec!.storageClassName, 'new');
});

test('a claim naming a class, asking for none (""), or annotated with the beta class keeps it', async () => {
  const plugin = defaultStorageClass({ objects: () => storeOf(sc('fast', '2026-01-01T00:00:00Z', 'storageclass.orch.io/is-default-class')) });
  for (const pvc of [claim({ storageClassName: 'slow' }), claim({ storageClassName: '' }), claim({}, { 'volume.beta.orch.io/storage-class': 'x' })]) {
    const before = structuredClone(pvc);
    await plugin.admit!(coreAttrs('persistentvolumeclaims', pvc));
    assert.deepEqual(pvc, before);
  }
});

test('without a default class, on update, or for other resources nothing changes', async () => {
  const none = claim();
  await defaultStorageClass({ objects: () => storeOf(sc('plain', '2026-01-01T00:00:00Z')) }).admit!(coreAttrs('persistentvolumeclaims', none));
  assert.equal(none.spec!.storageClassName, undefined);
  const plugin = defaultStorageClass({ objects: () => storeOf(sc('fast', '2026-01-01T00:00:00Z', 'storageclass.orch.io/is-default-class')) });
  assert.equal(plugin.handles('UPDATE'), false);
  const status = claim();
  await plugin.admit!(coreAttrs('persistentvolumeclaims', status, { subresource: 'status' }));
  assert.equal(status.spec!.storageClassName, undefined);
});

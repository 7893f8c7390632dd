import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ApiObject } from '../../../../api/meta/v1/types.ts';
import type { AdmissionAttributes } from '../../types.ts';
import { storageObjectInUseProtection } from './plugin.ts';

function create(resource: string, object: ApiObject, subresource = ''): AdmissionAttributes {
  return {
    operation: 'CREATE',
    resource: { group: '', version: 'v1', resource },
    subresource,
    kind: { group: '', version: 'v1', kind: 'X' },
    namespace: '',
    name: object.metadata.name ?? '',
    object,
    dryRun: false,
  };
}

test('new claims and volumes get their protection finalizer once, after the ones they carry', () => {
  const plugin = storageObjectInUseProtection();
  const pvc: ApiObject = { metadata: { name: 'c', finalizers: ['example.com/keep'] } };
  plugin.admit!(create('persistentvolumeclaims', pvc));
  assert.deepEqual(pvc.metadata.finalizers, ['example.com/keep', 'orch.io/pvc-protection']);
  plugin.admit!(create('persistentvolumeclaims', pvc));
  assert.deepEqual(pvc.metadata.finalizers, ['example.com/keep', 'orch.io/pvc-protection']);
  const pv: ApiObject = { metadata: { name: 'v' } };
  plugin.admit!(create('persistentvolumes', pv));
  assert.deepEqual(pv.metadata.finalizers, ['orch.io/pv-protection']);
});

test('other kinds, and updates, are left alone', () => {
  const plugin = storageObjectInUseProtection();
  const cm: ApiObject = { metadata: { name: 'c' } };
  plugin.admit!(create('configmaps', cm));
  assert.equal(cm.metadata.finalizers, undefined);
  assert.equal(plugin.handles('UPDATE'), false);
});

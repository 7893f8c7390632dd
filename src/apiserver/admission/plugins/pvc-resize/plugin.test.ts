import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ApiObject } from '../../../../api/meta/v1/types.ts';
import { isStatusError } from '../../../../machinery/status.ts';
import type { StoredObjects } from '../../stored-objects.ts';
import type { AdmissionAttributes } from '../../types.ts';
import { persistentVolumeClaimResize } from './plugin.ts';

const classes: Record<string, ApiObject> = {
  expandable: { metadata: { name: 'expandable' }, allowVolumeExpansion: true },
  fixed: { metadata: { name: 'fixed' } },
};
const objects: StoredObjects = { serves: () => true, get: async <T extends ApiObject>(_g: string, _r: string, _ns: string, name: string) => classes[name] as T | undefined, list: async () => [] };

const claim = (storage: string, storageClassName: string | undefined, phase = 'Bound') => ({
  metadata: { name: 'data', namespace: 'default' },
  spec: { ...(storageClassName ? { storageClassName } : {}), resources: { requests: { storage } } },
  status: { phase },
});

function update(object: object, oldObject: object, subresource = ''): AdmissionAttributes {
  return {
    operation: 'UPDATE',
    resource: { group: '', version: 'v1', resource: 'persistentvolumeclaims' },
    subresource,
    kind: { group: '', version: 'v1', kind: 'PersistentVolumeClaim' },
    namespace: 'default',
    name: 'data',
    object: object as ApiObject,
    oldObject: oldObject as ApiObject,
    dryRun: false,
  };
}

async function outcome(attrs: AdmissionAttributes, withClasses = true): Promise<string> {
  try {
    await persistentVolumeClaimResize({ objects: () => (withClasses ? objects : undefined) }).validate!(attrs);
    return 'allowed';
  } catch (err) {
    assert.ok(isStatusError(err));
    return `${err.code} ${err.message}`;
  }
}

const REFUSED = '403 persistentvolumeclaims "data" is forbidden: only dynamically provisioned pvc can be resized and the storageclass that provisions the pvc must support resize';

test('a bound claim grows only when its class allows expansion', async () => {
  assert.equal(await outcome(update(claim('2Gi', 'expandable'), claim('1Gi', 'expandable'))), 'allowed');
  assert.equal(await outcome(update(claim('2Gi', 'fixed'), claim('1Gi', 'fixed'))), REFUSED);
  assert.equal(await outcome(update(claim('2Gi', 'missing'), claim('1Gi', 'missing'))), REFUSED);
  assert.equal(await outcome(update(claim('2Gi', undefined), claim('1Gi', undefined))), REFUSED);
  // Without any StorageClass served, nothing may grow.
  assert.equal(await outcome(update(claim('2Gi', 'expandable'), claim('1Gi', 'expandable')), false), REFUSED);
});

test('only bound claims grow; same size, shrinking and status writes are not this plugin\'s concern', async () => {
  assert.equal(await outcome(update(claim('2Gi', 'expandable'), claim('1Gi', 'expandable', 'Pending'))), '403 persistentvolumeclaims "data" is forbidden: Only bound persistent volume claims can be expanded');
  assert.equal(await outcome(update(claim('1024Mi', 'fixed'), claim('1Gi', 'fixed'))), 'allowed');
  assert.equal(await outcome(update(claim('1Gi', 'fixed'), claim('2Gi', 'fixed'))), 'allowed');
  assert.equal(await outcome(update(claim('2Gi', 'fixed'), claim('1Gi', 'fixed'), 'status')), 'allowed');
});

// StorageVersion validation: names, entries, the common version and conditions.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { StorageVersion } from '../../../../api/apiserverinternal/v1alpha1/types.ts';
import { storageVersionNameErrors, validateStorageVersion, validateStorageVersionStatusUpdate } from './validation.ts';

const sv = (status: StorageVersion['status']): StorageVersion => ({ metadata: { name: 'apps.deployments', resourceVersion: '1' }, spec: {}, status });

test('names are <group>.<resource>', () => {
  assert.deepEqual(storageVersionNameErrors('core.pods'), []);
  assert.deepEqual(storageVersionNameErrors('pods'), ['name must be in the form of <group>.<resource>']);
  assert.match(storageVersionNameErrors('core.Pods')[0]!, /^the resource segment a DNS-1035 label/);
  assert.match(storageVersionNameErrors('Core.pods')[0]!, /^the group segment /);
});

test('status: entries, common version, conditions', () => {
  const entry = { apiServerID: 'apiserver-a', encodingVersion: 'apps/v1', decodableVersions: ['apps/v1'] };
  assert.deepEqual(validateStorageVersionStatusUpdate(sv({ storageVersions: [entry], commonEncodingVersion: 'apps/v1' }), sv({})), []);
  const fields = (s: StorageVersion['status']) => validateStorageVersionStatusUpdate(sv(s), sv({})).map((c) => `${c.field}: ${c.message}`);
  assert.deepEqual(fields({ storageVersions: [entry] }), ['status.commonEncodingVersion: Invalid value: null: the common encoding version is apps/v1']);
  assert.deepEqual(fields({ commonEncodingVersion: 'apps/v1' }), ['status.commonEncodingVersion: Invalid value: "apps/v1": should be nil if servers do not agree on the same encoding version, or if there is no server reporting the supported versions yet']);
  assert.deepEqual(fields({ storageVersions: [{ ...entry, decodableVersions: ['apps/v2'] }], commonEncodingVersion: 'apps/v1' }), ['status.storageVersions[0].decodableVersions: Invalid value: ["apps/v2"]: decodableVersions must include encodingVersion apps/v1']);
  assert.deepEqual(fields({ conditions: [{ type: 'A', status: 'True', reason: '', message: '' }, { type: 'A', status: 'True', reason: 'r', message: 'm' }] }), [
    'status[0].reason: Required value: reason cannot be empty',
    'status[0].message: Required value: message cannot be empty',
    'status[1].type: Invalid value: "A": the type of the condition is not unique, it also appears in conditions[0]',
  ]);
  assert.deepEqual(validateStorageVersion(sv({})), []);
});

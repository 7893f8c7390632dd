// One server's storage version reports and the status arithmetic shared by the API server's
// updater and the garbage collector.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { StorageVersion } from '../../api/apiserverinternal/v1alpha1/types.ts';
import { setCommonEncodingVersion, storageVersionReports, withServerEntry } from './server-storage-versions.ts';

const decl = (group: string, version: string, resource: string, storageGroup = group, storageVersion = version, aliasOf?: string) =>
  ({ group, version, storageResource: { group: storageGroup, resource }, storageVersion: { group: storageGroup, version: storageVersion }, aliasOf });

test('one report per storage: core named core, every served version decodable and served, other names left out', () => {
  const reports = storageVersionReports([
    decl('', 'v1', 'pods'),
    decl('resource.orch.io', 'v1', 'resourceclaims'),
    decl('resource.orch.io', 'v1beta2', 'resourceclaims', 'resource.orch.io', 'v1'),
    decl('resource.k8s.io', 'v1', 'resourceclaims', 'resource.orch.io', 'v1', 'resource.orch.io'),
  ]);
  assert.deepEqual(reports, [
    { name: 'core.pods', encodingVersion: 'v1', decodableVersions: ['v1'], servedVersions: ['v1'] },
    { name: 'resource.orch.io.resourceclaims', encodingVersion: 'resource.orch.io/v1', decodableVersions: ['resource.orch.io/v1', 'resource.orch.io/v1beta2'], servedVersions: ['resource.orch.io/v1', 'resource.orch.io/v1beta2'] },
  ]);
});

test('entries by server, and the common encoding version with its condition', () => {
  const now = new Date('2026-01-02T03:04:05.678Z');
  const sv: StorageVersion = { metadata: { name: 'apps.deployments', generation: 1 }, spec: {}, status: {} };
  withServerEntry(sv, 'apiserver-a', { name: 'apps.deployments', encodingVersion: 'apps/v1', decodableVersions: ['apps/v1'], servedVersions: ['apps/v1'] }, now);
  assert.equal(sv.status.commonEncodingVersion, 'apps/v1');
  assert.deepEqual(sv.status.conditions, [{ type: 'AllEncodingVersionsEqual', status: 'True', observedGeneration: 1, lastTransitionTime: '2026-01-02T03:04:05Z', reason: 'CommonEncodingVersionSet', message: 'Common encoding version set' }]);
  withServerEntry(sv, 'apiserver-b', { name: 'apps.deployments', encodingVersion: 'apps/v2', decodableVersions: ['apps/v2'], servedVersions: [] }, new Date('2026-01-02T04:00:00Z'));
  assert.equal(sv.status.commonEncodingVersion, undefined);
  assert.equal(sv.status.storageVersions?.length, 2);
  assert.deepEqual(sv.status.conditions?.map((c) => [c.status, c.reason, c.lastTransitionTime]), [['False', 'CommonEncodingVersionUnset', '2026-01-02T04:00:00Z']]);
  sv.status.storageVersions = sv.status.storageVersions!.filter((e) => e.apiServerID === 'apiserver-a');
  setCommonEncodingVersion(sv, new Date('2026-01-02T05:00:00Z'));
  assert.equal(sv.status.commonEncodingVersion, 'apps/v1');
  assert.deepEqual(sv.status.conditions?.map((c) => [c.status, c.message, c.lastTransitionTime]), [['True', 'Common encoding version set', '2026-01-02T05:00:00Z']]);
});

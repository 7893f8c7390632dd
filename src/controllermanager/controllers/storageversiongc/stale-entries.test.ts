// Which entries of a StorageVersion the garbage collector keeps.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isIdentityLease, withoutStaleEntries } from './storageversion-gc-controller.ts';

test('entries of servers without an identity lease go; nothing stale, nothing to do', () => {
  const sv = { metadata: { name: 'core.pods' }, spec: {}, status: { storageVersions: [{ apiServerID: 'a' }, { apiServerID: 'b' }] } };
  assert.equal(withoutStaleEntries(sv, () => true), undefined);
  assert.deepEqual(withoutStaleEntries(sv, (id) => id === 'a'), [{ apiServerID: 'a' }]);
  assert.deepEqual(withoutStaleEntries(sv, () => false), []);
  assert.equal(isIdentityLease({ metadata: { labels: { 'apiserver.orch.io/identity': 'orch-apiserver' } } } as never), true);
  assert.equal(isIdentityLease({ metadata: {} } as never), false);
});

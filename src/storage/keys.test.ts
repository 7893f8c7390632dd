import { test } from 'node:test';
import assert from 'node:assert/strict';
import { storageKey, storagePrefix } from './keys.ts';

test('core resources live under /registry/<resource>', () => {
  assert.equal(storageKey('/registry', { group: '', resource: 'pods' }, 'default', 'web-1'), '/registry/pods/default/web-1');
  assert.equal(storageKey('/registry', { group: '', resource: 'namespaces' }, '', 'default'), '/registry/namespaces/default');
  assert.equal(storagePrefix('/registry', { group: '', resource: 'pods' }), '/registry/pods/');
  assert.equal(storagePrefix('/registry', { group: '', resource: 'pods' }, 'kube'), '/registry/pods/kube/');
});

test('other groups add the group to the path', () => {
  assert.equal(
    storageKey('/registry', { group: 'coordination.orch.io', resource: 'leases' }, 'orch-system', 'lock'),
    '/registry/coordination.orch.io/leases/orch-system/lock',
  );
  assert.equal(storagePrefix('/registry', { group: 'rbac.authorization.orch.io', resource: 'clusterroles' }), '/registry/rbac.authorization.orch.io/clusterroles/');
});

test('events of both groups share the core events prefix', () => {
  const core = storageKey('/registry', { group: '', resource: 'events' }, 'default', 'e1');
  const grouped = storageKey('/registry', { group: 'events.orch.io', resource: 'events' }, 'default', 'e1');
  assert.equal(core, '/registry/events/default/e1');
  assert.equal(grouped, core);
  assert.equal(storagePrefix('/registry', { group: 'events.orch.io', resource: 'events' }), '/registry/events/');
});

test('the prefix is normalised: trailing or missing slashes do not change the layout', () => {
  const gr = { group: '', resource: 'pods' };
  assert.equal(storageKey('/registry/', gr, 'a', 'b'), '/registry/pods/a/b');
  assert.equal(storageKey('registry', gr, 'a', 'b'), '/registry/pods/a/b');
  assert.equal(storageKey('/orch/registry', gr, 'a', 'b'), '/orch/registry/pods/a/b');
  assert.equal(storageKey('', gr, 'a', 'b'), '/pods/a/b');
});

test('a key needs a name', () => {
  assert.throws(() => storageKey('/registry', { group: '', resource: 'pods' }, 'a', ''), /name/);
});

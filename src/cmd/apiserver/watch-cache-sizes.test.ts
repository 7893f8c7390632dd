import { test } from 'node:test';
import assert from 'node:assert/strict';
import { watchCacheDisabled } from './watch-cache-sizes.ts';

const coreEvents = { group: '', resource: 'events' };
const leases = { group: 'coordination.orch.io', resource: 'leases' };

test('only a size of 0 turns the cache off, for the resource named', () => {
  assert.equal(watchCacheDisabled([], coreEvents), false);
  assert.equal(watchCacheDisabled(['events#0'], coreEvents), true);
  assert.equal(watchCacheDisabled(['events#100'], coreEvents), false);
  assert.equal(watchCacheDisabled(['pods#0'], coreEvents), false);
});

test('resources of a named group are written resource.group', () => {
  assert.equal(watchCacheDisabled(['leases.coordination.orch.io#0'], leases), true);
  assert.equal(watchCacheDisabled(['leases#0'], leases), false);
});

test('the last entry for a resource wins', () => {
  assert.equal(watchCacheDisabled(['events#0', 'events#50'], coreEvents), false);
  assert.equal(watchCacheDisabled(['events#50', 'events#0'], coreEvents), true);
});

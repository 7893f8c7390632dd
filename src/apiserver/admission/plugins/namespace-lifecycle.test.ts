import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isStatusError } from '../../../machinery/status.ts';
import type { AdmissionAttributes } from '../types.ts';
import type { NamespaceAccess, NamespaceObject } from '../namespace-access.ts';
import { namespaceLifecycle } from './namespace-lifecycle.ts';

/** A cache that still says Active while the store already says Terminating, counting both kinds of look-up. */
function laggingCache(): NamespaceAccess & { reads: { cached: number; live: number } } {
  const active: NamespaceObject = { metadata: { name: 'team' }, status: { phase: 'Active' } };
  const terminating: NamespaceObject = { metadata: { name: 'team' }, status: { phase: 'Terminating' } };
  const reads = { cached: 0, live: 0 };
  return {
    reads,
    async cached(name) {
      reads.cached++;
      return name === 'team' ? active : undefined;
    },
    async get(name) {
      reads.live++;
      return name === 'team' ? terminating : undefined;
    },
    async create() {},
  };
}

function attrs(operation: AdmissionAttributes['operation'], over: Partial<AdmissionAttributes>): AdmissionAttributes {
  return {
    operation,
    resource: { group: '', version: 'v1', resource: 'configmaps' },
    subresource: '',
    kind: { group: '', version: 'v1', kind: 'ConfigMap' },
    namespace: 'team',
    name: 'cm',
    dryRun: false,
    ...over,
  };
}

const deleteNamespace = attrs('DELETE', {
  resource: { group: '', version: 'v1', resource: 'namespaces' },
  kind: { group: '', version: 'v1', kind: 'Namespace' },
  namespace: '',
  name: 'team',
});

test('creates in a namespace are checked against the cache, not the store, on every request', async () => {
  const access = laggingCache();
  const plugin = namespaceLifecycle(access);
  for (let i = 0; i < 3; i++) await plugin.validate!(attrs('CREATE', {}));
  assert.deepEqual(access.reads, { cached: 3, live: 0 });
});

test('once a namespace delete passes admission, its look-ups go to the store, so new content is refused at once', async () => {
  const access = laggingCache();
  const plugin = namespaceLifecycle(access);
  await plugin.validate!(deleteNamespace);
  await assert.rejects(async () => plugin.validate!(attrs('CREATE', {})), (err: unknown) => {
    assert.ok(isStatusError(err));
    assert.equal(err.code, 403);
    assert.match(err.status.message ?? '', /unable to create new content in namespace team because it is being terminated/);
    return true;
  });
  assert.equal(access.reads.live, 1, 'the live look-up saw Terminating although the cache still said Active');
  // Other namespaces keep using the cache.
  await assert.rejects(async () => plugin.validate!(attrs('CREATE', { namespace: 'gone' })), (err: unknown) => isStatusError(err) && err.code === 404);
  assert.equal(access.reads.cached, 1);
});

test('a namespace missing from cache and store is a 404 naming it', async () => {
  const plugin = namespaceLifecycle(laggingCache());
  await assert.rejects(async () => plugin.validate!(attrs('CREATE', { namespace: 'nowhere' })), (err: unknown) => {
    assert.ok(isStatusError(err));
    assert.equal(err.code, 404);
    assert.match(err.status.message ?? '', /namespaces "nowhere" not found/);
    return true;
  });
});

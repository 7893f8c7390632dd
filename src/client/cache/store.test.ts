import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Indexer, NAMESPACE_INDEX, metaNamespaceKey } from './store.ts';
import { randomResyncPeriod } from './shared-informer.ts';

const obj = (namespace: string | undefined, name: string, rv = '1') => ({ metadata: { namespace, name, resourceVersion: rv } });

test('keys are namespace/name, or name for cluster-scoped objects', () => {
  assert.equal(metaNamespaceKey(obj('ns', 'a')), 'ns/a');
  assert.equal(metaNamespaceKey(obj(undefined, 'node1')), 'node1');
});

test('the namespace index follows adds, updates, deletes and replace', () => {
  const store = new Indexer<ReturnType<typeof obj>>();
  store.add(obj('a', 'x'));
  store.add(obj('a', 'y'));
  store.add(obj('b', 'x'));
  assert.deepEqual(store.byIndex(NAMESPACE_INDEX, 'a').map((o) => o.metadata.name).sort(), ['x', 'y']);
  store.update(obj('a', 'x', '2'));
  assert.equal(store.get('a/x')?.metadata.resourceVersion, '2');
  assert.equal(store.byIndex(NAMESPACE_INDEX, 'a').length, 2);
  store.delete(obj('a', 'y'));
  assert.deepEqual(store.byIndex(NAMESPACE_INDEX, 'a').map((o) => o.metadata.name), ['x']);
  store.replace([obj('c', 'z')]);
  assert.deepEqual(store.listKeys(), ['c/z']);
  assert.deepEqual(store.byIndex(NAMESPACE_INDEX, 'a'), []);
  assert.throws(() => store.byIndex('nope', 'a'), /index with name nope does not exist/);
});

test('custom indexers file an object under several values', () => {
  const store = new Indexer<{ metadata: { name: string }; labels: string[] }>({ label: (o) => o.labels });
  store.add({ metadata: { name: 'a' }, labels: ['x', 'y'] });
  store.add({ metadata: { name: 'b' }, labels: ['y'] });
  assert.deepEqual(store.byIndex('label', 'y').map((o) => o.metadata.name).sort(), ['a', 'b']);
  store.update({ metadata: { name: 'a' }, labels: ['z'] });
  assert.deepEqual(store.byIndex('label', 'y').map((o) => o.metadata.name), ['b']);
  assert.deepEqual(store.byIndex('label', 'z').map((o) => o.metadata.name), ['a']);
});

test('the resync period lies between 1x and 2x the minimum', () => {
  assert.equal(randomResyncPeriod(1000, () => 0), 1000);
  assert.equal(randomResyncPeriod(1000, () => 0.5), 1500);
  assert.equal(randomResyncPeriod(1000, () => 0.999), 1999);
  for (let i = 0; i < 100; i++) {
    const p = randomResyncPeriod(12 * 3600_000);
    assert.ok(p >= 12 * 3600_000 && p < 24 * 3600_000);
  }
});

test('an index added later files the objects already cached and follows later changes', () => {
  const store = new Indexer<ReturnType<typeof obj>>();
  store.add(obj('a', 'x', '1'));
  store.add(obj('a', 'y', '2'));
  const byVersion = (o: ReturnType<typeof obj>) => [o.metadata.resourceVersion];
  store.addIndexer('rv', byVersion);
  assert.deepEqual(store.byIndex('rv', '1').map((o) => o.metadata.name), ['x']);
  store.update(obj('a', 'y', '1'));
  assert.deepEqual(store.byIndex('rv', '1').map((o) => o.metadata.name).sort(), ['x', 'y']);
  // A second index of the same name is ignored.
  store.addIndexer('rv', () => ['other']);
  assert.deepEqual(store.byIndex('rv', 'other'), []);
});

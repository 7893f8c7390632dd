import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WatchCache } from './watch-cache.ts';
import type { ApiObject } from '../interface.ts';
import { CachedObject } from './cached-object.ts';
import { JsonPacker } from './json-packer.ts';

const obj = (name: string): ApiObject => ({ metadata: { name } });
const packer = new JsonPacker();
const kept = (name: string): CachedObject<ApiObject> => CachedObject.of(obj(name), 1, packer);

test('range reads stay in key order through adds, deletes and re-adds between reads', () => {
  const cache = new WatchCache<ApiObject>(64);
  const live = new Set<string>();
  const names = Array.from({ length: 400 }, (_, i) => `/registry/x/${['a', 'b', 'c'][i % 3]}/n${(i * 7919) % 400}`);
  cache.replace(names.slice(0, 100).map((k) => [k, kept(k)]), 1);
  for (const k of names.slice(0, 100)) live.add(k);
  let revision = 1;
  // A fixed pseudo-random sequence: bursts of changes of various sizes (some past the point
  // where the next read sorts everything again), each followed by reads under several prefixes.
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) >>> 8;
  for (let round = 0; round < 60; round++) {
    const burst = [0, 1, 3, 40, 300][round % 5]!;
    for (let i = 0; i < burst; i++) {
      const key = names[next() % names.length]!;
      if (live.has(key) && next() % 2) {
        cache.apply('DELETED', key, obj(key), ++revision);
        live.delete(key);
      } else {
        cache.apply(live.has(key) ? 'MODIFIED' : 'ADDED', key, obj(key), ++revision);
        live.add(key);
      }
    }
    for (const prefix of ['/registry/x/', '/registry/x/a/', '/registry/x/b/', '/registry/x/c/', '/registry/y/']) {
      const want = [...live].filter((k) => k.startsWith(prefix)).sort();
      assert.deepEqual(cache.keysInRange(prefix), want, `round ${round}, prefix ${prefix}`);
    }
    const from = '/registry/x/b/n2';
    assert.deepEqual(cache.keysInRange('/registry/x/', from), [...live].filter((k) => k >= from).sort(), `round ${round}, from ${from}`);
  }
});

test('a key removed and added again between reads is listed once', () => {
  const cache = new WatchCache<ApiObject>(8);
  cache.replace([['/r/a', kept('a')], ['/r/b', kept('b')]], 1);
  assert.deepEqual(cache.keysInRange('/r/'), ['/r/a', '/r/b']);
  cache.apply('DELETED', '/r/a', obj('a'), 2);
  cache.apply('ADDED', '/r/a', obj('a'), 3);
  cache.apply('ADDED', '/r/c', obj('c'), 4);
  cache.apply('DELETED', '/r/c', obj('c'), 5);
  assert.deepEqual(cache.keysInRange('/r/'), ['/r/a', '/r/b']);
});

test('an object is kept as its JSON with its labels apart, decoded once while a reader holds it, and frozen', () => {
  const cache = new WatchCache<ApiObject>(8);
  const written = { kind: 'Pod', apiVersion: 'v1', metadata: { name: 'p', resourceVersion: '2', labels: { app: 'web' } }, spec: { nodeName: 'n1' } };
  const ev = cache.apply('ADDED', '/r/p', written, 2);
  assert.equal(ev.object, written, 'watchers get the written object itself');
  const entry = cache.get('/r/p')!;
  assert.equal(entry.json.toString(), JSON.stringify(written));
  assert.deepEqual(entry.labels, { app: 'web' });
  assert.equal(entry.revision, 2);
  const decoded = entry.object();
  assert.notEqual(decoded, written, 'the written object is not kept');
  assert.deepEqual(decoded, written);
  assert.ok(Object.isFrozen(decoded) && Object.isFrozen(decoded.metadata));
  assert.equal(entry.object(), decoded, 'decoded once while held');
  // The change after it remembers the state before, for watchers whose predicate asks.
  const next = cache.apply('MODIFIED', '/r/p', { ...written, metadata: { ...written.metadata, resourceVersion: '3', labels: { app: 'db' } } }, 3);
  assert.deepEqual(next.prevObject?.metadata.labels, { app: 'web' });
});

test('a change in the window lets go of its decoded object once settled, and still reads back, deletions included', () => {
  const cache = new WatchCache<ApiObject>(8);
  const written = { kind: 'Pod', apiVersion: 'v1', metadata: { name: 'p', resourceVersion: '2' } };
  const added = cache.apply('ADDED', '/r/p', written, 2);
  assert.equal(added.object, written);
  added.settle();
  assert.notEqual(added.object, written);
  assert.deepEqual(added.object, written);
  const gone = { ...written, metadata: { ...written.metadata, resourceVersion: '3' } };
  const deleted = cache.apply('DELETED', '/r/p', gone, 3);
  deleted.settle();
  assert.deepEqual(deleted.object, gone);
  assert.deepEqual(cache.eventsAfter(1)?.map((e) => [e.type, e.object.metadata.resourceVersion]), [['ADDED', '2'], ['DELETED', '3']]);
  assert.equal(cache.get('/r/p'), undefined);
});

test('a fill is kept unpacked, then packed in the background, serving the same JSON throughout', (t) => {
  t.mock.timers.enable({ apis: ['setTimeout', 'setImmediate'] });
  const cache = new WatchCache<ApiObject>(64);
  const big = (i: number): ApiObject => ({ metadata: { name: `n${i}`, namespace: 'shop', labels: { app: 'web' } }, spec: { note: 'the same text in every object, long enough to share' } } as ApiObject);
  const keys = Array.from({ length: 2500 }, (_, i) => `/registry/x/shop/n${i}`);
  cache.replace(keys.map((k, i) => [k, cache.keepFromList(big(i), 1)]), 1);
  const json = (k: string) => cache.get(k)!.json.toString();
  assert.equal(json(keys[7]!), JSON.stringify(big(7)));
  assert.equal(cache.get(keys[7]!)!.dictionary, undefined, 'kept unpacked at first');
  t.mock.timers.tick(999);
  assert.equal(cache.get(keys[7]!)!.dictionary, undefined, 'not before a second');
  // Then a slice at a time, each turn scheduling the next.
  t.mock.timers.tick(1);
  t.mock.timers.tick(0);
  t.mock.timers.tick(0);
  for (const i of [0, 7, 1500, 2499]) {
    assert.ok(cache.get(keys[i]!)!.dictionary, `n${i} packed`);
    assert.equal(json(keys[i]!), JSON.stringify(big(i)));
  }
});

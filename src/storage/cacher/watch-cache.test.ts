import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WatchCache } from './watch-cache.ts';
import { CachedObject } from './cached-object.ts';
import type { ApiObject } from '../interface.ts';

const obj = (name: string): ApiObject => ({ metadata: { name } });

test('range reads stay in key order through adds, deletes and re-adds between reads', () => {
  const cache = new WatchCache<ApiObject>(64);
  const live = new Set<string>();
  const names = Array.from({ length: 400 }, (_, i) => `/registry/x/${['a', 'b', 'c'][i % 3]}/n${(i * 7919) % 400}`);
  cache.replace(names.slice(0, 100).map((k) => [k, CachedObject.of(obj(k), 1)]), 1);
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
  cache.replace([['/r/a', CachedObject.of(obj('a'), 1)], ['/r/b', CachedObject.of(obj('b'), 1)]], 1);
  assert.deepEqual(cache.keysInRange('/r/'), ['/r/a', '/r/b']);
  cache.apply('DELETED', '/r/a', obj('a'), 2);
  cache.apply('ADDED', '/r/a', obj('a'), 3);
  cache.apply('ADDED', '/r/c', obj('c'), 4);
  cache.apply('DELETED', '/r/c', obj('c'), 5);
  assert.deepEqual(cache.keysInRange('/r/'), ['/r/a', '/r/b']);
});

test('objects are kept as JSON, decoded frozen on demand and shared while in use', () => {
  const cache = new WatchCache<ApiObject>(8);
  const written = Object.freeze({ metadata: Object.freeze({ name: 'a', resourceVersion: '2', labels: Object.freeze({ app: 'web' }) }), spec: Object.freeze({ n: 1 }) });
  const ev = cache.apply('ADDED', '/r/a', written as ApiObject, 2);
  const kept = cache.entry('/r/a')!;
  assert.equal(kept.json, JSON.stringify(written));
  assert.equal(kept.revision, 2);
  assert.deepEqual(kept.labels, { app: 'web' });
  // Live watchers get the written object itself; readers get a decoded copy, shared while in use.
  assert.equal(ev.object, written);
  ev.settle();
  assert.deepEqual(ev.object, written);
  assert.notEqual(ev.object, written);
  assert.equal(cache.get('/r/a'), cache.get('/r/a'));
  const decoded = CachedObject.of(written as ApiObject, 2);
  const fresh = JSON.parse(decoded.json) as ApiObject;
  assert.deepEqual(fresh, written);
  cache.apply('MODIFIED', '/r/a', { metadata: { name: 'a', resourceVersion: '3' } }, 3);
  const history = cache.eventsAfter(2)!;
  assert.equal(history.length, 1);
  assert.equal(history[0]!.type, 'MODIFIED');
  assert.deepEqual(history[0]!.prevObject, written);
  assert.equal(history[0]!.object.metadata.resourceVersion, '3');
});

test('a decoded object is frozen all the way down', () => {
  const kept = CachedObject.of({ metadata: { name: 'a' }, spec: { list: [{ x: 1 }] } } as ApiObject, 1);
  const obj = kept.object() as ApiObject & { spec: { list: Array<{ x: number }> } };
  assert.ok(Object.isFrozen(obj) && Object.isFrozen(obj.metadata) && Object.isFrozen(obj.spec.list[0]));
  assert.equal(kept.object(), obj, 'the same decoded object while it is in use');
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WatchCache } from './watch-cache.ts';
import type { ApiObject } from '../interface.ts';

const obj = (name: string): ApiObject => ({ metadata: { name } });

test('range reads stay in key order through adds, deletes and re-adds between reads', () => {
  const cache = new WatchCache<ApiObject>(64);
  const live = new Set<string>();
  const names = Array.from({ length: 400 }, (_, i) => `/registry/x/${['a', 'b', 'c'][i % 3]}/n${(i * 7919) % 400}`);
  cache.replace(names.slice(0, 100).map((k) => [k, obj(k)]), 1);
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
  cache.replace([['/r/a', obj('a')], ['/r/b', obj('b')]], 1);
  assert.deepEqual(cache.keysInRange('/r/'), ['/r/a', '/r/b']);
  cache.apply('DELETED', '/r/a', obj('a'), 2);
  cache.apply('ADDED', '/r/a', obj('a'), 3);
  cache.apply('ADDED', '/r/c', obj('c'), 4);
  cache.apply('DELETED', '/r/c', obj('c'), 5);
  assert.deepEqual(cache.keysInRange('/r/'), ['/r/a', '/r/b']);
});

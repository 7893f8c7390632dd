import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ApiObject, StoredEntry } from '../../storage/interface.ts';
import type { ResourceDeclaration } from '../registry/resource.ts';
import { CachedObject } from '../../storage/cacher/cached-object.ts';
import { JsonPacker } from '../../storage/cacher/json-packer.ts';
import { encodeJsonList } from './list-json.ts';
import { servedJson } from './served-json.ts';

const decl = {} as ResourceDeclaration<any, any>;
const otherDecl = {} as ResourceDeclaration<any, any>;
const object = (name: string): ApiObject => ({ apiVersion: 'v1', kind: 'Event', metadata: { name, resourceVersion: '7', labels: { a: 'b' } }, message: `note of ${name}` } as ApiObject);
/** As the watch cache keeps an object (JSON), or as the store decoded it (no JSON). */
const packer = new JsonPacker();
const cached = (name: string): StoredEntry<ApiObject> => CachedObject.of(object(name), 7, packer);
const decoded = (name: string): StoredEntry<ApiObject> => {
  const obj = object(name);
  return { object: () => obj };
};
const asServed = (s: ApiObject): ApiObject => ({ ...s, apiVersion: 'events.orch.io/v1', metadata: s.metadata });
const asStored = (s: ApiObject): ApiObject => ({ ...s });
const head = { kind: 'EventList', apiVersion: 'events.orch.io/v1', metadata: { resourceVersion: '9', continue: 'x' } };

test('a list encodes to exactly what JSON.stringify gives, empty or not, cached items or not, ASCII or not', () => {
  for (const serve of [asServed, asStored]) {
    for (const items of [[], [cached('a'), decoded('b'), cached('c')], [cached('naïve — ✓ 🚀'), decoded('é')]]) {
      const want = `${JSON.stringify({ ...head, items: items.map((e) => serve(e.object())) })}\n`;
      assert.equal(encodeJsonList(decl, head, items, serve).toString(), want);
      assert.equal(encodeJsonList(decl, head, items, serve).toString(), want, 'the same list again');
    }
  }
});

test('a cached item is served once per declaration; when its served form is its kept JSON, those bytes are sent', () => {
  const a = cached('a');
  const b = decoded('b');
  const servedNames: string[] = [];
  const counting = (serve: (s: ApiObject) => ApiObject) => (s: ApiObject) => {
    servedNames.push(s.metadata.name!);
    return serve(s);
  };
  encodeJsonList(decl, head, [a, b], counting(asStored));
  assert.deepEqual(servedNames, ['a', 'b']);
  assert.equal(a.servedAsIs, decl, 'marked: the served form is the kept JSON');
  // Again: the cached item is not served again, the decoded one is.
  encodeJsonList(decl, head, [a, b], counting(asStored));
  assert.deepEqual(servedNames, ['a', 'b', 'b']);
  // Another declaration serving another version keeps its own bytes.
  const other = JSON.parse(encodeJsonList(otherDecl, head, [a], counting(asServed)).toString());
  assert.equal(other.items[0].apiVersion, 'events.orch.io/v1');
  encodeJsonList(otherDecl, head, [a], counting(asServed));
  assert.deepEqual(servedNames, ['a', 'b', 'b', 'a']);
  assert.equal(a.servedAsIs, decl);
  assert.equal(JSON.parse(encodeJsonList(decl, head, [a], asServed).toString()).items[0].apiVersion, 'v1');
});

test('a second declaration that serves the kept JSON as it is keeps no copy of it', () => {
  const a = cached('a');
  const third = {} as ResourceDeclaration<any, any>;
  const first = encodeJsonList(decl, head, [a], asStored);
  assert.equal(a.servedAsIs, decl);
  let served = 0;
  const again = encodeJsonList(third, head, [a], (s) => (served++, asStored(s)));
  assert.deepEqual(again, first);
  encodeJsonList(third, head, [a], (s) => (served++, asStored(s)));
  assert.equal(served, 1, 'worked out once');
  assert.equal(a.servedAsIs, decl);
});

test('a watch\'s served form unlike the kept JSON is made for the change and not kept', () => {
  const a = cached('a');
  const watchDecl = {} as ResourceDeclaration<any, any>;
  let served = 0;
  const serve = (s: ApiObject) => (served++, asServed(s));
  for (let i = 0; i < 2; i++) assert.equal(JSON.parse(servedJson(watchDecl, a, serve, false).toString()).apiVersion, 'events.orch.io/v1');
  assert.equal(served, 2, 'served each time, nothing kept');
  assert.equal(a.servedAsIs, undefined);
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ApiObject } from '../../api/meta/v1/types.ts';
import type { ResourceDeclaration } from '../registry/resource.ts';
import { encodeJsonList } from './list-json.ts';

const decl = {} as ResourceDeclaration<any, any>;
const otherDecl = {} as ResourceDeclaration<any, any>;
const stored = (name: string, frozen: boolean): ApiObject => {
  const obj = { apiVersion: 'v1', kind: 'Event', metadata: { name, resourceVersion: '7', labels: { a: 'b' } }, message: `note of ${name}` };
  return frozen ? Object.freeze(obj) : obj;
};
const served = (s: ApiObject): ApiObject => ({ ...s, apiVersion: 'events.orch.io/v1', metadata: s.metadata });
const head = { kind: 'EventList', apiVersion: 'events.orch.io/v1', metadata: { resourceVersion: '9', continue: 'x' } };

test('a list encodes to exactly what JSON.stringify gives, empty or not, frozen items or not, ASCII or not', () => {
  for (const items of [[], [stored('a', true), stored('b', false), stored('c', true)], [stored('naïve — ✓ 🚀', true), stored('é', false)]]) {
    assert.equal(encodeJsonList(decl, head, items, served).toString(), `${JSON.stringify({ ...head, items: items.map(served) })}\n`);
  }
});

test('the JSON of a frozen stored object is kept per declaration, and only items without it are served', () => {
  const frozen = stored('a', true);
  const loose = stored('b', false);
  const servedNames: string[] = [];
  const counting = (s: ApiObject) => {
    servedNames.push(s.metadata.name!);
    return served(s);
  };
  encodeJsonList(decl, head, [frozen, loose], counting);
  assert.deepEqual(servedNames, ['a', 'b']);
  // Served again with other content: the frozen object's kept text is used, the loose one is served and encoded anew.
  (loose.metadata as { name: string }).name = 'b2';
  const other = (s: ApiObject) => ({ ...counting(s), message: 'other' });
  const again = JSON.parse(encodeJsonList(decl, head, [frozen, loose], other).toString());
  assert.deepEqual(servedNames, ['a', 'b', 'b2']);
  assert.equal(again.items[0].message, 'note of a');
  assert.equal(again.items[1].metadata.name, 'b2');
  assert.equal(again.items[1].message, 'other');
  // Another declaration (another served version) keeps its own text.
  const forOther = JSON.parse(encodeJsonList(otherDecl, head, [frozen], other).toString());
  assert.equal(forOther.items[0].message, 'other');
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ApiObject } from '../../storage/interface.ts';
import type { ResourceDeclaration } from '../registry/resource.ts';
import { encodeJsonList } from './list-json.ts';

const decl = {} as ResourceDeclaration<any, any>;
const otherDecl = {} as ResourceDeclaration<any, any>;
const stored = (name: string, frozen: boolean): ApiObject => {
  const obj = { apiVersion: 'v1', kind: 'Event', metadata: { name, resourceVersion: '7', labels: { a: 'b' } }, message: `note of ${name}` };
  return frozen ? Object.freeze(obj) : obj;
};
const served = (s: ApiObject): ApiObject => ({ ...s, apiVersion: 'events.orch.io/v1', metadata: s.metadata });
const listOf = (items: ApiObject[]) => ({ kind: 'EventList', apiVersion: 'events.orch.io/v1', metadata: { resourceVersion: '9', continue: 'x' }, items });

test('a list encodes to exactly what JSON.stringify gives, empty or not, frozen items or not, ASCII or not', () => {
  for (const items of [[], [stored('a', true), stored('b', false), stored('c', true)], [stored('naïve — ✓ 🚀', true), stored('é', false)]]) {
    const list = listOf(items.map(served));
    assert.equal(encodeJsonList(decl, list, items).toString(), `${JSON.stringify(list)}\n`);
  }
});

test('the JSON of a frozen stored object is kept per declaration; an unfrozen one is encoded every time', () => {
  const frozen = stored('a', true);
  const loose = stored('b', false);
  encodeJsonList(decl, listOf([served(frozen), served(loose)]), [frozen, loose]);
  // Served again with other content: the frozen object's kept text is used, the loose one is re-encoded.
  (loose.metadata as { name: string }).name = 'b2';
  const again = JSON.parse(encodeJsonList(decl, listOf([{ ...served(frozen), message: 'other' }, served(loose)]), [frozen, loose]).toString());
  assert.equal(again.items[0].message, 'note of a');
  assert.equal(again.items[1].metadata.name, 'b2');
  // Another declaration (another served version) keeps its own text.
  const other = JSON.parse(encodeJsonList(otherDecl, listOf([{ ...served(frozen), message: 'other' }]), [frozen]).toString());
  assert.equal(other.items[0].message, 'other');
});

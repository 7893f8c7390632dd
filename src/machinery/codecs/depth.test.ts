import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse as parseYaml } from 'yaml';
import { checkDecodedDepth, MAX_DECODE_DEPTH } from './depth.ts';
import { isStatusError } from '../status.ts';

function nestedObjects(levels: number): unknown {
  return JSON.parse('{"a":'.repeat(levels - 1) + '{}' + '}'.repeat(levels - 1));
}

function refused(value: unknown, message: RegExp): void {
  assert.throws(
    () => checkDecodedDepth(value, 'the body'),
    (err: unknown) => isStatusError(err) && err.status.code === 400 && message.test(err.status.message ?? ''),
  );
}

test('values up to the limit pass; one level more is a 400 naming the limit', () => {
  checkDecodedDepth(nestedObjects(MAX_DECODE_DEPTH), 'the body');
  checkDecodedDepth(JSON.parse('['.repeat(MAX_DECODE_DEPTH) + ']'.repeat(MAX_DECODE_DEPTH)), 'the body');
  refused(nestedObjects(MAX_DECODE_DEPTH + 1), /^the body: exceeded max depth of 1000$/);
  refused(JSON.parse('['.repeat(MAX_DECODE_DEPTH + 1) + ']'.repeat(MAX_DECODE_DEPTH + 1)), /exceeded max depth/);
  checkDecodedDepth('scalar', 'the body');
  checkDecodedDepth(null, 'the body');
});

test('the walk itself survives values far deeper than any recursive walk could', () => {
  refused(nestedObjects(200_000), /exceeded max depth/);
});

test('depth is the deepest branch, not the number of containers', () => {
  const wide = { items: Array.from({ length: 5000 }, () => ({ a: { b: [1, 2, { c: 3 }] } })) };
  checkDecodedDepth(wide, 'the body', 6);
  assert.throws(() => checkDecodedDepth({ shallow: 1, deep: nestedObjects(10) }, 'x', 10));
  checkDecodedDepth({ shallow: 1, deep: nestedObjects(9) }, 'x', 10);
});

test('a value inside itself (a recursive YAML alias) is refused; shared aliases are not', () => {
  refused(parseYaml('metadata: &m {name: loop, again: *m}\n'), /contains itself/);
  refused(parseYaml('&l [1, *l]\n'), /contains itself/);
  const shared = parseYaml('base: &b {x: 1}\none: *b\ntwo: {inner: *b}\n') as Record<string, unknown>;
  assert.equal(shared.one, shared.base);
  checkDecodedDepth(shared, 'the body');
});

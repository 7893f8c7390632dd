import { test } from 'node:test';
import assert from 'node:assert/strict';
import { escapeFieldValue, parseFieldSelector, unescapeFieldValue } from './fields.ts';
import { badRequestMessage } from './testing.ts';

const allowed = new Set(['metadata.name', 'metadata.namespace', 'reason', 'type']);

const refused = (s: string) => badRequestMessage(s, (selector) => parseFieldSelector(selector, allowed, 'events'));

test('=, == and != select on field values', () => {
  const sel = parseFieldSelector('reason=Started,type!=Warning', allowed, 'events');
  assert.equal(sel.matches({ reason: 'Started', type: 'Normal' }), true);
  assert.equal(sel.matches({ reason: 'Started', type: 'Warning' }), false);
  assert.equal(sel.matches({ reason: 'Pulled', type: 'Normal' }), false);
  assert.equal(parseFieldSelector('reason==Started', allowed, 'events').matches({ reason: 'Started' }), true);
  assert.equal(sel.requiresExactMatch('reason'), 'Started');
  assert.equal(sel.requiresExactMatch('type'), undefined);
});

test('a missing field compares as the empty string', () => {
  assert.equal(parseFieldSelector('reason=', allowed, 'x').matches({}), true);
  assert.equal(parseFieldSelector('reason!=', allowed, 'x').matches({}), false);
});

test('escaped commas, equals and backslashes round-trip', () => {
  const sel = parseFieldSelector('metadata.name=a\\,b\\=c\\\\d', allowed, 'x');
  assert.equal(sel.terms[0]!.value, 'a,b=c\\d');
  assert.equal(sel.matches({ 'metadata.name': 'a,b=c\\d' }), true);
  assert.equal(sel.toString(), 'metadata.name=a\\,b\\=c\\\\d');
  assert.equal(unescapeFieldValue(escapeFieldValue('x=,\\y')), 'x=,\\y');
});

test('empty selector selects everything', () => {
  const sel = parseFieldSelector('', allowed, 'x');
  assert.equal(sel.empty(), true);
  assert.equal(sel.matches({}), true);
});

test('unsupported fields are refused as Kubernetes words it', () => {
  assert.equal(refused('spec.nodeName=a'), 'field label not supported: spec.nodeName');
  assert.equal(refused('reason=a,zzz=b'), 'field label not supported: zzz');
});

test('syntax errors', () => {
  assert.equal(refused('reason'), "invalid selector: 'reason'; can't understand 'reason'");
  assert.equal(refused('reason=a\\b'), 'invalid field selector: invalid escape sequence: \\b');
  assert.equal(refused('reason=a\\'), 'invalid field selector: invalid escape sequence: \\');
  assert.equal(refused('reason=a=b'), 'invalid field selector: unescaped character =');
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseLabelSelector } from './labels.ts';
import { badRequestMessage } from './testing.ts';

const parseError = (s: string) => badRequestMessage(s, parseLabelSelector);

test('equality forms select on the label value', () => {
  for (const s of ['app=web', 'app==web', ' app = web ']) {
    const sel = parseLabelSelector(s);
    assert.equal(sel.matches({ app: 'web' }), true, s);
    assert.equal(sel.matches({ app: 'db' }), false, s);
    assert.equal(sel.matches({}), false, s);
    assert.equal(sel.requiresExactMatch('app'), 'web');
  }
  const ne = parseLabelSelector('app!=web');
  assert.equal(ne.matches({ app: 'db' }), true);
  assert.equal(ne.matches({}), true, 'a missing label is not equal');
  assert.equal(ne.matches({ app: 'web' }), false);
  assert.equal(ne.requiresExactMatch('app'), undefined);
});

test('set forms: in, notin, exists, does not exist', () => {
  const inSel = parseLabelSelector('env in (prod, staging)');
  assert.equal(inSel.matches({ env: 'prod' }), true);
  assert.equal(inSel.matches({ env: 'dev' }), false);
  assert.equal(inSel.matches(undefined), false);
  assert.equal(inSel.toString(), 'env in (prod,staging)');
  const notin = parseLabelSelector('env notin (prod)');
  assert.equal(notin.matches({ env: 'dev' }), true);
  assert.equal(notin.matches({}), true);
  assert.equal(notin.matches({ env: 'prod' }), false);
  assert.equal(parseLabelSelector('tier').matches({ tier: '' }), true);
  assert.equal(parseLabelSelector('tier').matches({}), false);
  assert.equal(parseLabelSelector('!tier').matches({}), true);
  assert.equal(parseLabelSelector('!tier').matches({ tier: 'x' }), false);
  assert.equal(parseLabelSelector('x in (a)').requiresExactMatch('x'), 'a');
});

test('in/notin accept keywords as values and empty values', () => {
  assert.equal(parseLabelSelector('x in (in,notin)').matches({ x: 'notin' }), true);
  const empties = parseLabelSelector('x in (,a)');
  assert.equal(empties.matches({ x: '' }), true);
  assert.equal(parseLabelSelector('x in ()').matches({ x: '' }), true);
  assert.equal(parseLabelSelector('x=').matches({ x: '' }), true);
});

test('gt and lt compare integers', () => {
  const gt = parseLabelSelector('replicas>2');
  assert.equal(gt.matches({ replicas: '3' }), true);
  assert.equal(gt.matches({ replicas: '2' }), false);
  assert.equal(gt.matches({ replicas: 'many' }), false);
  assert.equal(gt.matches({}), false);
  assert.equal(parseLabelSelector('replicas<2').matches({ replicas: '-5' }), true);
  assert.equal(gt.toString(), 'replicas>2');
});

test('several requirements are ANDed and printed sorted by key', () => {
  const sel = parseLabelSelector('b=2,a,!c');
  assert.equal(sel.matches({ a: 'x', b: '2' }), true);
  assert.equal(sel.matches({ a: 'x', b: '2', c: '' }), false);
  assert.equal(sel.toString(), 'a,b=2,!c');
});

test('empty selector matches everything', () => {
  const sel = parseLabelSelector('');
  assert.equal(sel.empty(), true);
  assert.equal(sel.matches(undefined), true);
});

test('syntax errors are 400 with upstream wording', () => {
  assert.equal(parseError('a=b c'), "found 'c', expected: ',' or 'end of string'");
  assert.equal(parseError('a b'), "unable to parse requirement: found 'b', expected: in, notin, =, ==, !=, gt, lt");
  assert.equal(parseError('a,'), "found '', expected: identifier after ','");
  assert.equal(parseError('=a'), "found '=', expected: !, identifier, or 'end of string'");
  assert.equal(parseError('a in x'), "unable to parse requirement: found 'x' expected: '('");
  assert.equal(parseError('a in (x'), "unable to parse requirement: found '', expected: ',' or ')'");
  assert.equal(parseError('a in (x y)'), "unable to parse requirement: found 'y', expected: ',' or ')'");
  assert.equal(parseError('a in (='), "unable to parse requirement: found '=', expected: ',', ')' or identifier");
  assert.equal(parseError('a foo'), "unable to parse requirement: found 'foo', expected: in, notin, =, ==, !=, gt, lt");
  assert.equal(parseError('a=(b)'), "unable to parse requirement: found '(', expected: identifier");
  assert.equal(parseError('!a=b'), "found '=', expected: ',' or 'end of string'");
  assert.equal(parseError('!'), "unable to parse requirement: found '', expected: identifier");
});

test('invalid keys and values name the problem', () => {
  assert.equal(
    parseError('-a=b'),
    'unable to parse requirement: <nil>: Invalid value: "-a": name part must consist of alphanumeric characters, \'-\', \'_\' or \'.\', and must start and end with an alphanumeric character (e.g. \'MyName\',  or \'my.name\',  or \'123-abc\', regex used for validation is \'([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]\')',
  );
  assert.match(parseError('a=-b'), /^unable to parse requirement: values\[0\]\[a\]: Invalid value: "-b": a valid label must be an empty string/);
  assert.equal(
    parseError('a>x'),
    'unable to parse requirement: values[0]: Invalid value: "x": for \'Gt\', \'Lt\' operators, the value must be an integer',
  );
  assert.match(parseError(`a=${'v'.repeat(64)}`), /must be no more than 63 characters/);
  assert.match(parseError('example.com/a/b'), /a qualified name must consist of/);
});

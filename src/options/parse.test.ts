import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { FlagSpec } from './flag.ts';
import { parseFlags } from './parse.ts';
import { apiserverFlags } from './apiserver-flags.ts';

const table: FlagSpec[] = [
  { name: 'port', type: 'int', default: '6443', help: '', group: 'g', status: 'implemented' },
  { name: 'name', type: 'string', help: '', group: 'g', status: 'implemented' },
  { name: 'list', type: 'strings', default: 'a,b', help: '', group: 'g', status: 'implemented' },
  { name: 'on', type: 'bool', default: 'true', help: '', group: 'g', status: 'implemented' },
  { name: 'wait', type: 'duration', default: '1m0s', help: '', group: 'g', status: 'implemented' },
  { name: 'ratio', type: 'float', help: '', group: 'g', status: 'implemented' },
  { name: 'size', type: 'quantity', help: '', group: 'g', status: 'implemented' },
  { name: 'gates', type: 'map', repeatable: true, help: '', group: 'g', status: 'implemented' },
  { name: 'pair', type: 'string', repeatable: true, help: '', group: 'g', status: 'implemented' },
  { name: 'ports', type: 'range', help: '', group: 'g', status: 'implemented' },
  { name: 'version', type: 'string', default: 'false', optionalValue: 'true', help: '', group: 'g', status: 'implemented' },
  { name: 'v', short: 'v', type: 'int', help: '', group: 'g', status: 'implemented' },
  { name: 'help', short: 'h', type: 'bool', help: '', group: 'g', status: 'implemented' },
];

test('defaults are present for every flag that has one, typed', () => {
  const { values, errors } = parseFlags(table, []);
  assert.deepEqual(errors, []);
  assert.equal(values['port'], 6443);
  assert.deepEqual(values['list'], ['a', 'b']);
  assert.equal(values['on'], true);
  assert.equal(values['wait'], 60_000);
  assert.equal(values['name'], undefined);
});

test('--flag=value and --flag value', () => {
  assert.equal(parseFlags(table, ['--port=7000']).values['port'], 7000);
  assert.equal(parseFlags(table, ['--port', '7001']).values['port'], 7001);
  assert.equal(parseFlags(table, ['--name', '--odd']).values['name'], '--odd');
});

test('bare booleans are true; explicit values are Go booleans; a bool never takes the next argument', () => {
  assert.equal(parseFlags(table, ['--help']).values['help'], true);
  assert.equal(parseFlags(table, ['--on=false']).values['on'], false);
  assert.equal(parseFlags(table, ['--on=F']).values['on'], false);
  const r = parseFlags(table, ['--on', 'false']);
  assert.equal(r.values['on'], true);
  assert.deepEqual(r.args, ['false']);
  assert.match(parseFlags(table, ['--on=maybe']).errors[0]!, /invalid argument "maybe" for "--on" flag: strconv.ParseBool/);
});

test('a bare flag with an optional value takes that value (--version)', () => {
  assert.equal(parseFlags(table, ['--version']).values['version'], 'true');
  assert.equal(parseFlags(table, ['--version=raw']).values['version'], 'raw');
  assert.equal(parseFlags(table, []).values['version'], 'false');
});

test('shorthands: -v2, -v 2, -v=2, -h', () => {
  assert.equal(parseFlags(table, ['-v2']).values['v'], 2);
  assert.equal(parseFlags(table, ['-v', '3']).values['v'], 3);
  assert.equal(parseFlags(table, ['-v=4']).values['v'], 4);
  assert.equal(parseFlags(table, ['--v=5']).values['v'], 5);
  assert.equal(parseFlags(table, ['-h']).values['help'], true);
  assert.match(parseFlags(table, ['-vx']).errors[0]!, /invalid argument "x" for "-v, --v" flag/);
  assert.deepEqual(parseFlags(table, ['-q']).errors, ["unknown shorthand flag: 'q' in -q"]);
});

test('repeats: lists append (replacing the default), maps merge, scalars keep the last', () => {
  const r = parseFlags(table, ['--list', 'x,y', '--list=z', '--gates', 'A=true,B=false', '--gates=B=true', '--port=1', '--port=2']);
  assert.deepEqual(r.values['list'], ['x', 'y', 'z']);
  assert.deepEqual(r.values['gates'], { A: 'true', B: 'true' });
  assert.equal(r.values['port'], 2);
  assert.deepEqual(parseFlags(table, ['--pair', 'a.crt,a.key:x.com', '--pair=b.crt,b.key']).values['pair'], ['a.crt,a.key:x.com', 'b.crt,b.key']);
});

test('typed values: durations in ms, quantities in bytes, floats, port ranges', () => {
  const r = parseFlags(table, ['--wait=8760h0m0s', '--size=5Mi', '--ratio=0.001', '--ports=30000-32767']);
  assert.deepEqual(r.errors, []);
  assert.equal(r.values['wait'], 8760 * 3_600_000);
  assert.equal(r.values['size'], 5 * 1024 * 1024);
  assert.equal(r.values['ratio'], 0.001);
  assert.deepEqual(r.values['ports'], { base: 30000, size: 2768 });
  assert.equal(parseFlags(table, ['--wait=100ms']).values['wait'], 100);
  assert.equal(parseFlags(table, ['--size=1K']).values['size'], 1000);
});

test('bad values name the flag with the reason Go would give', () => {
  const cases: Array<[string[], string]> = [
    [['--port=abc'], 'invalid argument "abc" for "--port" flag: strconv.ParseInt: parsing "abc": invalid syntax'],
    [['--ratio=x'], 'invalid argument "x" for "--ratio" flag: strconv.ParseFloat: parsing "x": invalid syntax'],
    [['--wait=5'], 'invalid argument "5" for "--wait" flag: time: missing unit in duration "5"'],
    [['--wait=abc'], 'invalid argument "abc" for "--wait" flag: time: invalid duration "abc"'],
    [['--wait=5y'], 'invalid argument "5y" for "--wait" flag: time: unknown unit "y" in duration "5y"'],
    [['--gates=A'], 'invalid argument "A" for "--gates" flag: "A" must be formatted as key=value'],
  ];
  for (const [argv, message] of cases) assert.deepEqual(parseFlags(table, argv).errors, [message], argv.join(' '));
  assert.match(parseFlags(table, ['--size=5Q']).errors[0]!, /^invalid argument "5Q" for "--size" flag: quantities must match/);
  assert.match(parseFlags(table, ['--ports=32767-30000']).errors[0]!, /^invalid argument "32767-30000" for "--ports" flag: .*not a valid port range/);
  assert.match(parseFlags(table, ['--ports=1-99999']).errors[0]!, /not a valid port range/);
});

test('unknown flags and missing arguments are errors', () => {
  assert.deepEqual(parseFlags(table, ['--nope']).errors, ['unknown flag: --nope']);
  assert.deepEqual(parseFlags(table, ['--port']).errors, ['flag needs an argument: --port']);
});

test('-- ends the flags; other words are arguments', () => {
  const r = parseFlags(table, ['word', '--port=1', '--', '--port=2']);
  assert.deepEqual(r.args, ['word', '--port=2']);
  assert.equal(r.values['port'], 1);
  assert.deepEqual([...r.given], ['port']);
});

test('every default of the apiserver table parses', () => {
  const { errors, values } = parseFlags(apiserverFlags, []);
  assert.deepEqual(errors, []);
  assert.equal(values['secure-port'], 6443);
  assert.equal(values['kvstore-compaction-interval'], 300_000);
  assert.equal(values['data-dir'], '.orch');
  assert.equal(values['min-request-timeout'], 1800);
  assert.deepEqual(values['emulated-version'], ['orch=1.35']);
});

test('the apiserver table names each flag once', () => {
  const names = apiserverFlags.map((f) => f.name);
  assert.equal(new Set(names).size, names.length);
});

test('allow-metric-labels keys hold a comma and quoted values hold commas', () => {
  const r = parseFlags(apiserverFlags, ['--allow-metric-labels', "m1,l1='v1,v2',m2,l2=v3"]);
  assert.deepEqual(r.values['allow-metric-labels'], { 'm1,l1': 'v1,v2', 'm2,l2': 'v3' });
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseUpArgs } from './up-options.ts';

test('defaults: ./.orch on port 6443, one simulated node, nothing for the apiserver', () => {
  assert.deepEqual(parseUpArgs([]), { kind: 'run', options: { dataDir: '.orch', port: 6443, nodes: 1, apiserverArgs: [] } });
});

test('flags in both forms, and everything after -- goes to the apiserver', () => {
  const parsed = parseUpArgs(['--data-dir', 'state', '--port=7443', '--nodes', '3', '--', '-v=4', '--port', 'x']);
  assert.deepEqual(parsed, { kind: 'run', options: { dataDir: 'state', port: 7443, nodes: 3, apiserverArgs: ['-v=4', '--port', 'x'] } });
  assert.equal((parseUpArgs(['--nodes=0']) as { options: { nodes: number } }).options.nodes, 0);
});

test('--help and -h print usage and exit 0', () => {
  for (const flag of ['--help', '-h']) {
    const parsed = parseUpArgs([flag]);
    assert.equal(parsed.kind, 'exit');
    if (parsed.kind !== 'exit') return;
    assert.equal(parsed.code, 0);
    assert.match(parsed.stdout ?? '', /orch up \[flags\]/);
    assert.match(parsed.stdout ?? '', /--data-dir/);
  }
});

test('bad input exits 1 with a one-line error naming the problem', () => {
  const cases: Array<[string[], RegExp]> = [
    [['--port', '0'], /"--port"/],
    [['--port', '65536'], /"--port"/],
    [['--port', '80x'], /"--port"/],
    [['--port=-1'], /"--port"/],
    [['--bogus'], /bogus/],
    [['extra'], /extra/],
    [['--data-dir='], /--data-dir must not be empty/],
    [['--nodes', '-1'], /--nodes/],
    [['--nodes', '256'], /"--nodes"/],
    [['--nodes', 'two'], /"--nodes"/],
  ];
  for (const [argv, pattern] of cases) {
    const parsed = parseUpArgs(argv);
    assert.equal(parsed.kind, 'exit', argv.join(' '));
    if (parsed.kind !== 'exit') continue;
    assert.equal(parsed.code, 1);
    const [first] = (parsed.stderr ?? '').split('\n');
    assert.match(first ?? '', /^Error: /);
    assert.match(first ?? '', pattern);
  }
});

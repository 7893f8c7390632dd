import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadApiserverOptions } from './apiserver-command.ts';
import { apiserverFlags, apiserverGroupOrder } from './apiserver-flags.ts';

test('--help prints every option grouped as the spec groups them, and exits 0', () => {
  for (const argv of [['--help'], ['-h']]) {
    const r = loadApiserverOptions(argv);
    assert.equal(r.kind, 'exit');
    if (r.kind !== 'exit') return;
    assert.equal(r.code, 0);
    assert.equal(r.stderr, '');
    assert.match(r.stdout, /^The orch API server validates/);
    assert.match(r.stdout, /Usage:\n {2}orch-apiserver \[flags\]/);
    const headings = r.stdout.split('\n').filter((line) => /^[A-Z][^:]*:$/.test(line) && line !== 'Usage:');
    assert.deepEqual(headings, apiserverGroupOrder.map((g) => `${g}:`));
    for (const flag of apiserverFlags) assert.ok(r.stdout.includes(`--${flag.name}`), flag.name);
    // A flag sits under its own group's heading.
    const serving = r.stdout.slice(r.stdout.indexOf('Serving and network options:'), r.stdout.indexOf('Storage options:'));
    assert.match(serving, /--secure-port int +Port to serve HTTPS/);
    assert.match(serving, /\(default 6443\)/);
    assert.match(r.stdout, / {2}-v, --v Level/);
  }
});

test('--help wins over errors after it is parsed and other options', () => {
  const r = loadApiserverOptions(['--secure-port=0', '--help']);
  assert.equal(r.kind === 'exit' && r.code, 0);
});

test('--version and --version=raw print and exit 0', () => {
  const plain = loadApiserverOptions(['--version']);
  assert.deepEqual(plain, { kind: 'exit', code: 0, stdout: 'orch v1.35.0\n', stderr: '' });
  const raw = loadApiserverOptions(['--version=raw']);
  assert.equal(raw.kind === 'exit' && raw.code, 0);
  assert.match(raw.kind === 'exit' ? raw.stdout : '', /^version\.Info\{Major:"1"/);
});

test('--version=vX.Y.Z runs with the reported version set', () => {
  const r = loadApiserverOptions(['--version=v1.35.0-orch.1']);
  assert.equal(r.kind, 'run');
});

test('parse errors exit 1 with one Error line naming the option', () => {
  assert.deepEqual(loadApiserverOptions(['--no-such-flag']), { kind: 'exit', code: 1, stdout: '', stderr: 'Error: unknown flag: --no-such-flag\n' });
  assert.deepEqual(loadApiserverOptions(['--secure-port=abc']), {
    kind: 'exit', code: 1, stdout: '',
    stderr: 'Error: invalid argument "abc" for "--secure-port" flag: strconv.ParseInt: parsing "abc": invalid syntax\n',
  });
});

test('validation errors exit 1, one Error line each', () => {
  const r = loadApiserverOptions(['--secure-port', '0', '--goaway-chance=0.5']);
  assert.deepEqual(r, {
    kind: 'exit', code: 1, stdout: '',
    stderr: 'Error: --secure-port 0 must be between 1 and 65535, inclusive. It cannot be turned off with 0\nError: --goaway-chance can not be less than 0 or greater than 0.02\n',
  });
});

test('positional arguments are refused', () => {
  const r = loadApiserverOptions(['serve']);
  assert.equal(r.kind === 'exit' && r.code, 1);
  assert.match(r.kind === 'exit' ? r.stderr : '', /^Error: "orch-apiserver" does not take any arguments, got \["serve"\]\n$/);
});

test('good options run, with the feature gates built and warnings for options not implemented yet', () => {
  const r = loadApiserverOptions(['--secure-port', '7443', '--feature-gates', 'AllAlpha=true', '--peer-ca-file=ca.crt']);
  assert.equal(r.kind, 'run');
  if (r.kind !== 'run') return;
  assert.equal(r.values['secure-port'], 7443);
  assert.equal(r.featureGates.enabled('LoggingAlphaOptions'), true);
  assert.deepEqual(r.warnings, ['flag --peer-ca-file is accepted but not implemented yet: peer proxying between servers of different versions is not implemented yet']);
});

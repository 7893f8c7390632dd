import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { applyLoggingOptions } from './logging-options.ts';
import { configureLogging, klog } from './klog.ts';
import { apiserverOptions } from '../../options/apiserver-options.ts';

const gates = (on: boolean) => ({ enabled: (name: string) => on && name === 'LoggingAlphaOptions' });

after(() => configureLogging({ verbosity: 0, vmodule: '', sink: { write: (_s, line) => void process.stderr.write(line) } }));

test('alpha logging options need the LoggingAlphaOptions gate; only the text format exists', () => {
  assert.throws(() => applyLoggingOptions(apiserverOptions({ 'log-text-split-stream': true }).logging, gates(false)), /require the LoggingAlphaOptions feature gate/);
  assert.throws(() => applyLoggingOptions(apiserverOptions({ 'logging-format': 'json' }).logging), /format "json" is not supported/);
  assert.throws(() => applyLoggingOptions(apiserverOptions({ 'log-text-info-buffer-size': 1024, 'log-text-split-stream': false }).logging, gates(true)), /only applies with --log-text-split-stream/);
});

test('-v and --vmodule reach klog', () => {
  applyLoggingOptions(apiserverOptions({ v: 2, vmodule: 'noisy=5' }).logging);
  assert.equal(klog('some/module').enabled(2), true);
  assert.equal(klog('some/module').enabled(3), false);
  assert.equal(klog('area/noisy').enabled(5), true);
});

test('split streams send errors to stderr and info to stdout', () => {
  const out: string[] = [];
  const err: string[] = [];
  const stdoutWrite = process.stdout.write;
  const stderrWrite = process.stderr.write;
  process.stdout.write = ((s: string) => (out.push(s), true)) as typeof process.stdout.write;
  process.stderr.write = ((s: string) => (err.push(s), true)) as typeof process.stderr.write;
  try {
    applyLoggingOptions(apiserverOptions({ 'log-text-split-stream': true }).logging, gates(true));
    klog('t').info('hello');
    klog('t').error('broken');
  } finally {
    process.stdout.write = stdoutWrite;
    process.stderr.write = stderrWrite;
  }
  assert.equal(out.length, 1);
  assert.match(out[0]!, /^I.*"hello"/);
  assert.equal(err.length, 1);
  assert.match(err[0]!, /^E.*"broken"/);
});

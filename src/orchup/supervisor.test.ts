import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { createSupervisor } from './supervisor.ts';

// Child scripts that differ only in how they react to stop signals.
const GRACEFUL = `process.on('SIGTERM', () => process.exit(0)); process.on('SIGINT', () => process.exit(0)); setInterval(() => {}, 1000);`;
const STUBBORN = `process.on('SIGTERM', () => {}); process.on('SIGINT', () => {}); setInterval(() => {}, 1000);`;
const UNCLEAN = `process.on('SIGTERM', () => process.exit(2)); setInterval(() => {}, 1000);`;

function setup() {
  const lines: string[] = [];
  const signals = new EventEmitter();
  const supervisor = createSupervisor({ say: (line) => lines.push(line), signals: signals as unknown as Pick<NodeJS.Process, 'on' | 'off'> });
  const start = (name: string, script: string) => supervisor.start(name, process.execPath, ['-e', script]);
  return { lines, signals, supervisor, start };
}

/** Lets a child install its signal handlers before it is signalled. */
const settle = () => delay(300);

test('a stop signal is forwarded to every child and ends with 0 when they exit cleanly', async () => {
  const { lines, signals, supervisor, start } = setup();
  const a = start('a', GRACEFUL);
  const b = start('b', GRACEFUL);
  await settle();
  signals.emit('SIGTERM', 'SIGTERM');
  assert.equal(supervisor.interrupted.aborted, true);
  assert.equal(await supervisor.wait(), 0);
  assert.deepEqual(await a.exited, { name: 'a', code: 0, signal: null });
  assert.deepEqual(await b.exited, { name: 'b', code: 0, signal: null });
  assert.deepEqual(lines, ['orch: SIGTERM received, shutting down']);
});

test('SIGINT is forwarded as SIGINT', async () => {
  const { signals, supervisor, start } = setup();
  const a = start('a', `process.on('SIGINT', () => process.exit(0)); setInterval(() => {}, 1000);`);
  await settle();
  signals.emit('SIGINT', 'SIGINT');
  assert.equal(await supervisor.wait(), 0);
  assert.equal((await a.exited).code, 0);
});

test('a child that dies on its own is reported, the others are stopped, and the end is 1', async () => {
  const { lines, supervisor, start } = setup();
  const survivor = start('survivor', GRACEFUL);
  await settle();
  start('crasher', 'process.exit(3)');
  assert.equal(await supervisor.wait(), 1);
  assert.equal(supervisor.interrupted.aborted, true);
  assert.deepEqual(await survivor.exited, { name: 'survivor', code: 0, signal: null });
  assert.deepEqual(lines, ['orch: crasher exited with code 3; stopping']);
});

test('a child that shuts down uncleanly makes the end 1 and is named', async () => {
  const { lines, signals, supervisor, start } = setup();
  start('bad', UNCLEAN);
  await settle();
  signals.emit('SIGTERM', 'SIGTERM');
  assert.equal(await supervisor.wait(), 1);
  assert.match(lines.at(-1) ?? '', /bad exited with code 2 while shutting down/);
});

test('a second signal kills a child that does not stop', async () => {
  const { lines, signals, supervisor, start } = setup();
  const stubborn = start('stubborn', STUBBORN);
  await settle();
  signals.emit('SIGTERM', 'SIGTERM');
  await delay(100);
  signals.emit('SIGINT', 'SIGINT');
  assert.equal(await supervisor.wait(), 1);
  assert.deepEqual(await stubborn.exited, { name: 'stubborn', code: null, signal: 'SIGKILL' });
  assert.match(lines.join('\n'), /SIGINT again, killing the control plane/);
});

test('stop() shuts down like a signal', async () => {
  const { lines, supervisor, start } = setup();
  start('a', GRACEFUL);
  await settle();
  supervisor.stop('not ready in time');
  assert.equal(await supervisor.wait(), 0);
  assert.deepEqual(lines, ['orch: not ready in time, shutting down']);
});

test('a command that cannot be started is reported and ends with 1', async () => {
  const { lines, supervisor } = setup();
  supervisor.start('ghost', '/nonexistent/orch-ghost', []);
  assert.equal(await supervisor.wait(), 1);
  assert.match(lines[0] ?? '', /cannot start ghost/);
});

test('children stop one by one, the last started first', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'orch-supervisor-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const log = join(dir, 'order.log');
  const child = (name: string) =>
    `const fs = require('node:fs'); process.on('SIGTERM', () => { fs.appendFileSync(${JSON.stringify(log)}, '${name}:term\\n'); ` +
    `setTimeout(() => { fs.appendFileSync(${JSON.stringify(log)}, '${name}:exit\\n'); process.exit(0); }, 150); }); setInterval(() => {}, 1000);`;
  const { signals, supervisor, start } = setup();
  start('apiserver', child('apiserver'));
  start('controller-manager', child('controller-manager'));
  await settle();
  signals.emit('SIGTERM', 'SIGTERM');
  assert.equal(await supervisor.wait(), 0);
  assert.deepEqual(readFileSync(log, 'utf8').trim().split('\n'), ['controller-manager:term', 'controller-manager:exit', 'apiserver:term', 'apiserver:exit']);
});

test('a child started after shutdown began is stopped too', async () => {
  const { signals, supervisor, start } = setup();
  start('a', GRACEFUL);
  await settle();
  signals.emit('SIGTERM', 'SIGTERM');
  const late = start('late', GRACEFUL);
  assert.equal(await supervisor.wait(), 0);
  assert.equal((await late.exited).signal, 'SIGTERM');
});

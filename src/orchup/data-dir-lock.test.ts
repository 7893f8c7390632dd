import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOCK_FILE, lockDataDir } from './data-dir-lock.ts';

function tempDir(t: { after(fn: () => void): void }): string {
  const dir = mkdtempSync(join(tmpdir(), 'orch-lock-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The pid of a process that has certainly exited. */
function deadPid(): number {
  const result = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(result.stdout);
}

test('the lock is a pid file, removed on release', (t) => {
  const dir = tempDir(t);
  const lock = lockDataDir(dir);
  assert.equal(readFileSync(join(dir, LOCK_FILE), 'utf8'), `${process.pid}\n`);
  lock.release();
  assert.equal(existsSync(join(dir, LOCK_FILE)), false);
});

test('a second holder is refused while the first is alive, naming it', (t) => {
  const dir = tempDir(t);
  const lock = lockDataDir(dir);
  t.after(() => lock.release());
  // process.ppid stands for another live process.
  writeFileSync(join(dir, LOCK_FILE), `${process.ppid}\n`);
  assert.throws(() => lockDataDir(dir), new RegExp(`in use by another orch up \\(pid ${process.ppid}\\)`));
});

test('a lock left by a process that is gone is taken over', (t) => {
  const dir = tempDir(t);
  writeFileSync(join(dir, LOCK_FILE), `${deadPid()}\n`);
  const lock = lockDataDir(dir);
  assert.equal(readFileSync(join(dir, LOCK_FILE), 'utf8'), `${process.pid}\n`);
  lock.release();
});

test('an unreadable lock file is taken over', (t) => {
  const dir = tempDir(t);
  writeFileSync(join(dir, LOCK_FILE), 'garbage');
  lockDataDir(dir).release();
});

test('release leaves a lock that another process took over alone', (t) => {
  const dir = tempDir(t);
  const lock = lockDataDir(dir);
  writeFileSync(join(dir, LOCK_FILE), `${process.ppid}\n`);
  lock.release();
  assert.equal(readFileSync(join(dir, LOCK_FILE), 'utf8'), `${process.ppid}\n`);
});

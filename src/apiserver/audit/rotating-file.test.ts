import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { backupTimestamp, RotatingFile } from './rotating-file.ts';

const dirs: string[] = [];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'orch-rotating-'));
  dirs.push(d);
  return d;
}

const MB = 1024 * 1024;
const T0 = Date.UTC(2026, 10, 22, 5, 10, 0, 0);

test('backup names use the UTC time as lumberjack writes it', () => {
  assert.equal(backupTimestamp(T0), '2026-11-22T05-10-00.000');
});

test('a write that would pass maxsize rotates first; rotations in the same millisecond get distinct names', async () => {
  const dir = tempDir();
  const path = join(dir, 'audit.log');
  const file = new RotatingFile(path, { maxSizeMB: 1, maxAgeDays: 0, maxBackups: 0, compress: false, now: () => T0 });
  const chunk = 'a'.repeat(MB / 2 - 1) + '\n';
  for (let i = 0; i < 5; i++) file.write(chunk);
  await file.close();
  assert.deepEqual(readdirSync(dir).sort(), ['audit-2026-11-22T05-10-00.000.log', 'audit-2026-11-22T05-10-00.001.log', 'audit.log']);
  assert.equal(statSync(path).size, MB / 2);
  assert.equal(statSync(join(dir, 'audit-2026-11-22T05-10-00.000.log')).size, MB);
});

test('an existing file is appended to, and a write larger than maxsize is refused', async () => {
  const dir = tempDir();
  const path = join(dir, 'audit.log');
  writeFileSync(path, 'old\n');
  const file = new RotatingFile(path, { maxSizeMB: 1, maxAgeDays: 0, maxBackups: 0, compress: false });
  file.write('new\n');
  assert.throws(() => file.write('x'.repeat(MB + 1)), /^Error: write length 1048577 exceeds maximum file size 1048576$/);
  await file.close();
  assert.equal(readFileSync(path, 'utf8'), 'old\nnew\n');
});

test('maxage removes rotated files older than the cut-off by the time in their names', async () => {
  const dir = tempDir();
  const path = join(dir, 'audit.log');
  const day = 24 * 3600 * 1000;
  writeFileSync(join(dir, `audit-${backupTimestamp(T0 - 10 * day)}.log`), 'old\n');
  writeFileSync(join(dir, `audit-${backupTimestamp(T0 - 1 * day)}.log`), 'recent\n');
  writeFileSync(join(dir, 'other-2020-01-01T00-00-00.000.log'), 'not ours\n');
  const file = new RotatingFile(path, { maxSizeMB: 1, maxAgeDays: 3, maxBackups: 0, compress: false, now: () => T0 });
  file.write('x'.repeat(MB - 10));
  file.write('y'.repeat(20));
  await file.close();
  assert.deepEqual(readdirSync(dir).sort(), [`audit-${backupTimestamp(T0 - day)}.log`, `audit-${backupTimestamp(T0)}.log`, 'audit.log', 'other-2020-01-01T00-00-00.000.log']);
});

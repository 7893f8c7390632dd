import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openKvFromServers, sqlitePathFor, startCompactor } from './factory.ts';

const enc = new TextEncoder();

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'orch-factory-'));
}

test('no servers opens SQLite at <dataDir>/orch.db', async () => {
  const dir = tempDir();
  try {
    const kv = await openKvFromServers(undefined, dir);
    await kv.create('/a', enc.encode('x'));
    await kv.close();
    assert.ok(existsSync(join(dir, 'orch.db')));
    const again = await openKvFromServers([], dir);
    assert.ok((await again.get('/a')).kv, 'the same file is opened again');
    await again.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('sqlite://PATH opens that file, creating its directory', async () => {
  const dir = tempDir();
  try {
    const path = join(dir, 'nested', 'store.db');
    const kv = await openKvFromServers([`sqlite://${path}`], '/nonexistent-data-dir');
    await kv.close();
    assert.ok(existsSync(path));
    assert.equal(sqlitePathFor('sqlite:///var/lib/orch/x.db', '/d'), '/var/lib/orch/x.db');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('bad --kvstore-servers values are refused with a message naming the flag', async () => {
  await assert.rejects(openKvFromServers(['localhost:2379'], '/tmp'), /--kvstore-servers: each server must be a URL/);
  await assert.rejects(openKvFromServers(['ftp://x'], '/tmp'), /unsupported scheme ftp:\/\//);
  await assert.rejects(openKvFromServers(['sqlite:///a.db', 'http://127.0.0.1:2379'], '/tmp'), /cannot be combined/);
  await assert.rejects(openKvFromServers(['sqlite://'], '/tmp'), /names no file/);
});

test('the compactor compacts to the revision seen one interval earlier', async () => {
  const dir = tempDir();
  const kv = await openKvFromServers(undefined, dir);
  try {
    const r1 = await kv.create('/a', enc.encode('1'));
    assert.ok(r1.succeeded);
    const compactor = startCompactor(kv, 300);
    await new Promise((r) => setTimeout(r, 20));
    assert.equal(await kv.compactedRevision(), 0, 'the first tick only records the revision');
    const r2 = await kv.update('/a', enc.encode('2'), r1.revision);
    assert.ok(r2.succeeded);
    const waitFor = async (rev: number): Promise<void> => {
      const deadline = Date.now() + 3000;
      while ((await kv.compactedRevision()) < rev && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    };
    await waitFor(r1.revision);
    assert.equal(await kv.compactedRevision(), r1.revision, 'the second tick compacts to what the first saw, not further');
    await waitFor(r2.revision);
    assert.equal(await kv.compactedRevision(), r2.revision);
    compactor.stop();
    assert.equal(typeof startCompactor(kv, 0).stop, 'function', 'interval 0 disables compaction');
  } finally {
    await kv.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

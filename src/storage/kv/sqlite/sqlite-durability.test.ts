import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteKv } from './index.ts';
import type { Kv, TxnResult } from '../interface.ts';

const enc = new TextEncoder();
const dec = new TextDecoder();

function tempDb(): { dir: string; path: string } {
  const dir = mkdtempSync(join(tmpdir(), 'orch-kv-durable-'));
  return { dir, path: join(dir, 'orch.db') };
}

async function mustWrite(p: Promise<TxnResult>): Promise<number> {
  const r = await p;
  assert.ok(r.succeeded, 'the write should succeed');
  return r.revision;
}

test('a SIGKILLed writer loses no acknowledged write and leaves a consistent file', async () => {
  const { dir, path } = tempDb();
  try {
    const script = join(import.meta.dirname, 'testing', 'crash-writer.ts');
    const child = spawn(process.execPath, [script, path], { stdio: ['ignore', 'pipe', 'inherit'] });
    const acked = new Map<string, number>();
    let buffered = '';
    await new Promise<void>((resolve, reject) => {
      child.on('error', reject);
      child.on('exit', () => resolve());
      child.stdout.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        const lines = buffered.split('\n');
        buffered = lines.pop()!;
        for (const line of lines) {
          const [key, rev] = line.split(' ');
          acked.set(key!, Number(rev));
        }
        if (acked.size >= 3000 && !child.killed) child.kill('SIGKILL');
      });
    });
    assert.ok(acked.size >= 3000, `the writer acknowledged ${acked.size} writes before it died`);

    const kv = await openSqliteKv(path);
    try {
      for (const [key, rev] of acked) {
        const got = await kv.get(key);
        assert.ok(got.kv, `acknowledged key ${key} survived`);
        assert.equal(dec.decode(got.kv.value), `value-of-${key}`);
        assert.equal(got.kv.modRevision, rev);
      }
      const all = await kv.list('/crash/');
      const revs = all.kvs.map((x) => x.modRevision).sort((a, b) => a - b);
      assert.deepEqual(revs, Array.from({ length: revs.length }, (_, i) => i + 1), 'committed revisions are dense: no torn transaction');
      assert.equal(await kv.currentRevision(), revs.length);
      const next = await mustWrite(kv.create('/after-crash', enc.encode('x')));
      assert.equal(next, revs.length + 1, 'revisions continue after recovery');
    } finally {
      await kv.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('data, history and the revision survive a reopen, even when compaction removed the newest row', async () => {
  const { dir, path } = tempDb();
  try {
    let kv: Kv = await openSqliteKv(path);
    const c = await mustWrite(kv.create('/a', enc.encode('v1')));
    const u = await mustWrite(kv.update('/a', enc.encode('v2'), c));
    const b = await mustWrite(kv.create('/b', enc.encode('b')));
    const d = await mustWrite(kv.delete('/b', b));
    await kv.close();

    kv = await openSqliteKv(path);
    assert.equal(await kv.currentRevision(), d);
    assert.equal(dec.decode((await kv.get('/a', c)).kv!.value), 'v1', 'history is kept across a reopen');
    assert.equal(dec.decode((await kv.get('/a')).kv!.value), 'v2');
    await kv.compact(d);
    await kv.close();

    kv = await openSqliteKv(path);
    try {
      assert.equal(await kv.compactedRevision(), d);
      assert.equal(await kv.currentRevision(), d, 'the tombstone at the top was compacted away but the revision is kept');
      assert.equal(await mustWrite(kv.create('/c', enc.encode('c'))), d + 1);
      assert.equal((await kv.get('/a')).kv!.modRevision, u);
      await assert.rejects(kv.get('/a', c), { code: 'ResourceVersionTooOld' });
    } finally {
      await kv.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('compaction gives disk space back', async () => {
  const { dir, path } = tempDb();
  const kv = await openSqliteKv(path);
  try {
    const value = enc.encode('x'.repeat(2000));
    const revs = await Promise.all(Array.from({ length: 200 }, (_, i) => mustWrite(kv.create(`/big/${i}`, value))));
    for (let round = 0; round < 5; round++) {
      const next = await Promise.all(revs.map((rev, i) => mustWrite(kv.update(`/big/${i}`, value, rev))));
      revs.splice(0, revs.length, ...next);
    }
    const before = await kv.dbSize();
    await kv.compact(await kv.currentRevision());
    const after = await kv.dbSize();
    assert.ok(after < before / 2, `size went from ${before} to ${after}`);
    assert.equal(await kv.count('/big/'), 200);
    const page = await kv.list('/big/', { limit: 10 });
    assert.equal(page.kvs.length, 10);
    assert.equal(page.count, 200);
  } finally {
    await kv.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a watch far in the past replays in order across chunks and joins the live stream', async () => {
  const { dir, path } = tempDb();
  const kv = await openSqliteKv(path);
  try {
    await Promise.all(Array.from({ length: 2500 }, (_, i) => kv.create(`/w/${i}`, enc.encode(String(i)))));
    const seen: number[] = [];
    const watch = kv.watch('/w/', { afterRevision: 0 }, {
      onEvents: (events) => seen.push(...events.map((e) => e.kv.modRevision)),
      onError: (err) => assert.fail(err),
    });
    // Writes during the replay must neither be lost nor duplicated.
    const extra = Promise.all(Array.from({ length: 100 }, (_, i) => kv.create(`/w/extra-${i}`, enc.encode('x'))));
    await extra;
    const deadline = Date.now() + 5000;
    while (seen.length < 2600 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    watch.cancel();
    assert.deepEqual(seen, Array.from({ length: 2600 }, (_, i) => i + 1));
  } finally {
    await kv.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a closed store refuses work and ends its watches', async () => {
  const { dir, path } = tempDb();
  const kv = await openSqliteKv(path);
  let ended: Error | undefined;
  kv.watch('/', { afterRevision: 0 }, { onEvents: () => undefined, onError: (err) => (ended = err) });
  const pending = kv.create('/late', enc.encode('x'));
  await kv.close();
  assert.equal((await pending).succeeded, true, 'a write submitted before close still commits');
  assert.equal((ended as { code?: string } | undefined)?.code, 'Unreachable');
  await assert.rejects(kv.create('/x', enc.encode('x')), { code: 'Unreachable' });
  await assert.rejects(kv.get('/x'), { code: 'Unreachable' });
  await kv.close();
  rmSync(dir, { recursive: true, force: true });
});

test('reads at a future revision fail with ResourceVersionTooLarge', async () => {
  const { dir, path } = tempDb();
  const kv = await openSqliteKv(path);
  try {
    const rev = await mustWrite(kv.create('/a', enc.encode('x')));
    await assert.rejects(kv.get('/a', rev + 5), { code: 'ResourceVersionTooLarge' });
    await assert.rejects(kv.list('/', { revision: rev + 1 }), { code: 'ResourceVersionTooLarge' });
    await assert.rejects(kv.compact(rev + 1), { code: 'ResourceVersionTooLarge' });
  } finally {
    await kv.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a process that closes the store after writing finishes its close (the writer thread keeps it alive until then)', async () => {
  const { dir, path } = tempDb();
  try {
    const script = join(import.meta.dirname, 'testing', 'write-then-close.ts');
    const child = spawn(process.execPath, [script, path], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    assert.equal(code, 0);
    assert.equal(out, 'closed\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

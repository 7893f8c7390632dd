import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteKv } from '../../storage/kv/sqlite/index.ts';
import type { Kv, KvEvent } from '../../storage/kv/interface.ts';
import { normalizePrefix, withKeyPrefix } from './kvstore-prefix.ts';

const bytes = (s: string) => new TextEncoder().encode(s);

async function openKv(t: { after(fn: () => Promise<void> | void): void }): Promise<Kv> {
  const dir = mkdtempSync(join(tmpdir(), 'orch-prefix-'));
  const kv = await openSqliteKv(join(dir, 'orch.db'));
  t.after(async () => {
    await kv.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return kv;
}

test('normalizePrefix adds the leading slash and drops trailing ones', () => {
  assert.equal(normalizePrefix('/registry'), '/registry');
  assert.equal(normalizePrefix('tenant-a/'), '/tenant-a');
  assert.equal(normalizePrefix('/a/b//'), '/a/b');
});

test('the default prefix leaves the store as it is', async (t) => {
  const kv = await openKv(t);
  assert.equal(withKeyPrefix(kv, '/registry'), kv);
  assert.equal(withKeyPrefix(kv, '/registry/'), kv);
});

test('keys are written under the prefix and read back under /registry', async (t) => {
  const raw = await openKv(t);
  const kv = withKeyPrefix(raw, '/tenant-a');
  const created = await kv.create('/registry/events/default/one', bytes('1'));
  assert.equal(created.succeeded, true);
  await kv.create('/registry/events/default/two', bytes('2'));

  assert.deepEqual((await raw.list('/')).kvs.map((k) => k.key), ['/tenant-a/events/default/one', '/tenant-a/events/default/two']);
  assert.equal((await kv.get('/registry/events/default/one')).kv?.key, '/registry/events/default/one');
  const page = await kv.list('/registry/events/', { limit: 1 });
  assert.deepEqual(page.kvs.map((k) => k.key), ['/registry/events/default/one']);
  assert.equal(page.more, true);
  const next = await kv.list('/registry/events/', { startKey: '/registry/events/default/one\0' });
  assert.deepEqual(next.kvs.map((k) => k.key), ['/registry/events/default/two']);
  assert.equal(await kv.count('/registry/events/'), 2);
});

test('a failed compare-and-swap reports the current value under /registry', async (t) => {
  const kv = withKeyPrefix(await openKv(t), 'tenant-a');
  await kv.create('/registry/events/default/one', bytes('1'));
  const again = await kv.create('/registry/events/default/one', bytes('x'));
  assert.equal(again.succeeded, false);
  assert.equal(again.succeeded === false && again.current?.key, '/registry/events/default/one');
  const stale = await kv.update('/registry/events/default/one', bytes('y'), 999);
  assert.equal(stale.succeeded === false && stale.current?.key, '/registry/events/default/one');
});

test('two prefixes in one store do not see each other', async (t) => {
  const raw = await openKv(t);
  const a = withKeyPrefix(raw, '/a');
  const b = withKeyPrefix(raw, '/b');
  await a.create('/registry/events/default/only-a', bytes('a'));
  assert.equal((await b.get('/registry/events/default/only-a')).kv, undefined);
  assert.equal((await b.list('/registry/')).kvs.length, 0);
});

test('watch events carry /registry keys, and only the prefix watched', async (t) => {
  const raw = await openKv(t);
  const kv = withKeyPrefix(raw, '/tenant-a');
  const events: KvEvent[] = [];
  const got = new Promise<void>((resolve, reject) => {
    const watch = kv.watch('/registry/events/', { afterRevision: 0 }, {
      onEvents(batch) {
        events.push(...batch);
        if (events.some((e) => e.type === 'DELETE')) {
          watch.cancel();
          resolve();
        }
      },
      onError: reject,
    });
  });
  await withKeyPrefix(raw, '/other').create('/registry/events/default/elsewhere', bytes('z'));
  await kv.create('/registry/events/default/one', bytes('1'));
  const current = (await kv.get('/registry/events/default/one')).kv!;
  await kv.delete('/registry/events/default/one', current.modRevision);
  await got;
  assert.deepEqual(events.map((e) => [e.type, e.kv.key]), [
    ['PUT', '/registry/events/default/one'],
    ['DELETE', '/registry/events/default/one'],
  ]);
  assert.equal(events[1]?.prevKv?.key, '/registry/events/default/one');
});

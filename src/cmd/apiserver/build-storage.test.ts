import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadApiserverOptions } from '../../options/apiserver-command.ts';
import type { FlagValues } from '../../options/flag.ts';
import { openSqliteKv } from '../../storage/kv/sqlite/index.ts';
import { buildStorage } from './build-storage.ts';
import { apiserverOptions } from '../../options/apiserver-options.ts';

const EVENTS = { group: '', resource: 'events' };
const event = (name: string) => ({ apiVersion: 'v1', kind: 'Event', metadata: { name, namespace: 'default' }, message: name });

function options(t: { after(fn: () => void): void }, ...flags: string[]): { values: FlagValues; dataDir: string } {
  const dataDir = mkdtempSync(join(tmpdir(), 'orch-build-storage-'));
  t.after(() => rmSync(dataDir, { recursive: true, force: true }));
  const loaded = loadApiserverOptions(['--data-dir', dataDir, ...flags]);
  assert.equal(loaded.kind, 'run', loaded.kind === 'exit' ? loaded.stderr : '');
  return { values: loaded.kind === 'run' ? loaded.values : {}, dataDir };
}

test('by default: the embedded store in the data directory, behind the watch cache, checks passing', async (t) => {
  const { values, dataDir } = options(t);
  const storage = await buildStorage(apiserverOptions(values).storage);
  t.after(() => storage.close());
  assert.equal(storage.backendName, 'sqlite');
  const store = storage.storeFor(EVENTS);
  assert.equal(storage.storeFor(EVENTS), store, 'one store per stored resource');
  assert.equal(typeof (store as { waitReady?: unknown }).waitReady, 'function', 'watch cache in front');
  await store.create('/registry/events/default/a', event('a'));
  assert.equal((await store.get('/registry/events/default/a'))?.metadata.name, 'a');
  for (const check of [...storage.healthChecks, ...storage.readyChecks]) await check.check();
  assert.deepEqual([...storage.healthChecks, ...storage.readyChecks].map((c) => c.name), ['kvstore', 'kvstore-readiness']);
  await storage.close();

  const raw = await openSqliteKv(join(dataDir, 'orch.db'));
  t.after(() => raw.close());
  assert.deepEqual((await raw.list('/')).kvs.map((k) => k.key), ['/registry/events/default/a']);
});

test('--kvstore-prefix moves every key under the prefix', async (t) => {
  const { values, dataDir } = options(t, '--kvstore-prefix', '/tenant-a');
  const storage = await buildStorage(apiserverOptions(values).storage);
  await storage.storeFor(EVENTS).create('/registry/events/default/a', event('a'));
  await storage.close();
  const raw = await openSqliteKv(join(dataDir, 'orch.db'));
  t.after(() => raw.close());
  assert.deepEqual((await raw.list('/')).kvs.map((k) => k.key), ['/tenant-a/events/default/a']);
});

test('--watch-cache=false and --watch-cache-sizes events#0 serve from the store directly', async (t) => {
  for (const flags of [['--watch-cache=false'], ['--watch-cache-sizes', 'events#0']]) {
    const { values } = options(t, ...flags);
    const storage = await buildStorage(apiserverOptions(values).storage);
    t.after(() => storage.close());
    assert.equal(typeof (storage.storeFor(EVENTS) as { waitReady?: unknown }).waitReady, 'undefined', flags.join(' '));
  }
});

test('objects are stored in --storage-media-type', async (t) => {
  const { values, dataDir } = options(t, '--storage-media-type', 'application/json');
  const storage = await buildStorage(apiserverOptions(values).storage);
  await storage.storeFor(EVENTS).create('/registry/events/default/a', event('a'));
  await storage.close();
  const raw = await openSqliteKv(join(dataDir, 'orch.db'));
  t.after(() => raw.close());
  const stored = (await raw.get('/registry/events/default/a')).kv!;
  assert.equal(JSON.parse(new TextDecoder().decode(stored.value)).message, 'a');
});

test('close() can be called more than once', async (t) => {
  const { values } = options(t);
  const storage = await buildStorage(apiserverOptions(values).storage);
  await Promise.all([storage.close(), storage.close()]);
  await storage.close();
});

test('a store that cannot be opened rejects with one line naming the option', async (t) => {
  const { values } = options(t);
  await assert.rejects(buildStorage(apiserverOptions({ ...values, 'kvstore-servers': ['ftp://127.0.0.1:21'] }).storage), (err: Error) => {
    assert.match(err.message, /^--kvstore-servers: /);
    assert.doesNotMatch(err.message, /\n/);
    return true;
  });
});

test('--encryption-provider-config encrypts stored values; a bad file stops the start', async (t) => {
  const { dataDir } = options(t);
  const configFile = join(dataDir, 'encryption.yaml');
  const secret = Buffer.alloc(32, 7).toString('base64');
  writeFileSync(
    configFile,
    `apiVersion: apiserver.config.orch.io/v1\nkind: EncryptionConfiguration\nresources:\n- resources: [events]\n  providers:\n  - aescbc:\n      keys:\n      - name: key1\n        secret: ${secret}\n  - identity: {}\n`,
  );
  const loaded = loadApiserverOptions(['--data-dir', dataDir, '--encryption-provider-config', configFile]);
  assert.equal(loaded.kind, 'run');
  if (loaded.kind !== 'run') return;
  const storage = await buildStorage(apiserverOptions(loaded.values).storage);
  const store = storage.storeFor(EVENTS);
  await store.create('/registry/events/default/secret', event('top secret'));
  assert.equal((await store.get('/registry/events/default/secret'))?.message, 'top secret');
  await storage.close();
  const raw = await openSqliteKv(join(dataDir, 'orch.db'));
  t.after(() => raw.close());
  const stored = Buffer.from((await raw.get('/registry/events/default/secret')).kv!.value);
  assert.equal(stored.subarray(0, 'k8s:enc:aescbc:v1:key1:'.length).toString(), 'k8s:enc:aescbc:v1:key1:');
  assert.equal(stored.includes('top secret'), false);

  await assert.rejects(buildStorage(apiserverOptions({ ...loaded.values, 'encryption-provider-config': join(dataDir, 'missing.yaml') }).storage), /--encryption-provider-config .*missing\.yaml/);
});

test('the watch cache keeps up with a burst of writes larger than a direct watcher may fall behind by', async (t) => {
  const { values } = options(t);
  const storage = await buildStorage(apiserverOptions(values).storage);
  t.after(() => storage.close());
  const store = storage.storeFor(EVENTS);
  await (store as unknown as { waitReady(): Promise<void> }).waitReady();
  const from = String(await store.currentRevision());
  const watcher = await store.watch('/registry/events/default/', { recursive: true, resourceVersion: from });
  t.after(() => watcher.stop());
  const burst = 2500;
  const types = new Map<string, number>();
  const consumed = (async () => {
    for await (const ev of watcher) {
      types.set(ev.type, (types.get(ev.type) ?? 0) + 1);
      if (ev.type !== 'ADDED' || types.get('ADDED') === burst) break;
    }
  })();
  // One group commit hands the cache's source watch 2,000 events at once.
  await Promise.all(Array.from({ length: burst }, (_, i) => store.create(`/registry/events/default/b${i}`, event(`b${i}`))));
  await consumed;
  assert.deepEqual(Object.fromEntries(types), { ADDED: burst }, 'every write delivered, no 410 Expired');
});

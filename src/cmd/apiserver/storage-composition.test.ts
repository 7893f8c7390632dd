// build-storage's composition seen from the stores: watch cache windows from --watch-cache-sizes,
// --storage-media-type switched between restarts, and the storage-readiness start-up hook.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadApiserverOptions } from '../../options/apiserver-command.ts';
import type { FlagValues } from '../../options/flag.ts';
import type { ApiObject, WatchEvent } from '../../storage/interface.ts';
import { hasProtobufMagic } from '../../storage/codecs/protobuf.ts';
import { openSqliteKv } from '../../storage/kv/sqlite/index.ts';
import { buildStorage } from './build-storage.ts';
import { storageReadinessHook } from './storage-readiness.ts';
import { apiserverOptions } from '../../options/apiserver-options.ts';

const EVENTS = { group: '', resource: 'events' };
const CONFIGMAPS = { group: '', resource: 'configmaps' };
const event = (name: string) => ({ apiVersion: 'v1', kind: 'Event', metadata: { name, namespace: 'default' }, message: name });

function values(t: { after(fn: () => void): void }, dataDir: string | undefined, ...flags: string[]): { values: FlagValues; dataDir: string } {
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'orch-composition-'));
  if (!dataDir) t.after(() => rmSync(dir, { recursive: true, force: true }));
  const loaded = loadApiserverOptions(['--data-dir', dir, ...flags]);
  assert.equal(loaded.kind, 'run', loaded.kind === 'exit' ? loaded.stderr : '');
  return { values: loaded.kind === 'run' ? loaded.values : {}, dataDir: dir };
}

async function firstEvent(watcher: AsyncIterable<WatchEvent<ApiObject>>): Promise<WatchEvent<ApiObject>> {
  for await (const e of watcher) return e;
  throw new Error('watch ended without an event');
}

test('a non-zero --watch-cache-sizes entry is the number of changes the cache keeps for watches', async (t) => {
  for (const [flags, expired] of [[['--watch-cache-sizes', 'events#3'], true], [[], false]] as const) {
    const { values: v } = values(t, undefined, ...flags);
    const storage = await buildStorage(apiserverOptions(v).storage);
    t.after(() => storage.close());
    const store = storage.storeFor(EVENTS);
    assert.equal(await (store as unknown as { waitReady(ms: number): Promise<boolean> }).waitReady(5000), true);
    const first = await store.create('/registry/events/default/e0', event('e0'));
    for (let i = 1; i <= 5; i++) await store.create(`/registry/events/default/e${i}`, event(`e${i}`));
    const deadline = Date.now() + 5000;
    // The cache sees the writes through its own watch: wait until the last one is in memory.
    while ((storage.storeFor(EVENTS) as unknown as { cachedRevision(): number }).cachedRevision() < Number(first.metadata.resourceVersion) + 5 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 10));
    }
    const watcher = await store.watch('/registry/events/', { recursive: true, resourceVersion: first.metadata.resourceVersion! });
    const e = await firstEvent(watcher);
    watcher.stop();
    if (expired) {
      assert.equal(e.type, 'ERROR', flags.join(' '));
      assert.equal((e.object as unknown as { code: number }).code, 410);
    } else {
      assert.equal(e.type, 'ADDED');
      assert.equal(e.object.metadata.name, 'e1');
    }
    // Another resource keeps the default window.
    assert.equal(typeof (storage.storeFor(CONFIGMAPS) as { waitReady?: unknown }).waitReady, 'function');
  }
});

test('objects written under one --storage-media-type stay readable after switching to the others', async (t) => {
  const { values: json, dataDir } = values(t, undefined, '--storage-media-type', 'application/json');
  let storage = await buildStorage(apiserverOptions(json).storage);
  await storage.storeFor(EVENTS).create('/registry/events/default/json', event('json'));
  await storage.close();
  const written = ['json'];
  for (const [mediaType, name] of [['application/vnd.orch.protobuf', 'protobuf'], ['application/yaml', 'yaml'], ['application/json', 'json-again']] as const) {
    storage = await buildStorage(apiserverOptions(values(t, dataDir, '--storage-media-type', mediaType).values).storage);
    await storage.storeFor(EVENTS).create(`/registry/events/default/${name}`, event(name));
    written.push(name);
    for (const n of written) {
      const got = await storage.storeFor(EVENTS).get(`/registry/events/default/${n}`);
      assert.equal((got as { message?: string } | undefined)?.message, n, `${n} read back under ${mediaType}`);
    }
    const listed = await storage.storeFor(EVENTS).list('/registry/events/default/', { recursive: true });
    assert.deepEqual(listed.items.map((i) => i.metadata.name).sort(), [...written].sort());
    await storage.close();
  }
  // Each object is stored in the form it was written in.
  const raw = await openSqliteKv(join(dataDir, 'orch.db'));
  t.after(() => raw.close());
  const text = async (n: string) => Buffer.from((await raw.get(`/registry/events/default/${n}`)).kv!.value);
  assert.equal((await text('json'))[0], 0x7b, 'JSON');
  assert.match((await text('yaml')).toString(), /^apiVersion: v1$/m, 'YAML');
  assert.equal(hasProtobufMagic(await text('protobuf')), true, 'protobuf envelope');
});

test('storage-readiness waits for every watch cache, and gives up at the timeout without failing', async () => {
  let resolveSlow!: (ready: boolean) => void;
  const asked: number[] = [];
  const slow = { waitReady: (ms: number) => (asked.push(ms), new Promise<boolean>((r) => (resolveSlow = r))) };
  const quick = { waitReady: async () => true };
  const hook = storageReadinessHook(() => [quick, slow, {}], 5000);
  assert.equal(hook.name, 'storage-readiness');
  let done = false;
  const run = Promise.resolve(hook.run({ signal: new AbortController().signal })).then(() => (done = true));
  await new Promise((r) => setTimeout(r, 50));
  assert.equal(done, false, 'still waiting for the slow cache');
  assert.ok(asked[0]! > 4000 && asked[0]! <= 5000, 'each cache waits at most the remaining timeout');
  resolveSlow(true);
  await run;

  // A cache that never becomes ready: the hook finishes (successfully) once the timeout passes.
  const never = { waitReady: (ms: number) => new Promise<boolean>((r) => setTimeout(() => r(false), ms)) };
  const started = Date.now();
  await storageReadinessHook(() => [never], 100).run({ signal: new AbortController().signal });
  assert.ok(Date.now() - started >= 90);

  // Shutdown ends the wait at once.
  const stop = new AbortController();
  const pending = storageReadinessHook(() => [{ waitReady: () => new Promise<boolean>(() => {}) }], 60_000).run({ signal: stop.signal });
  stop.abort();
  await pending;
});

test('with the real stores: readiness is reached once the caches have listed', async (t) => {
  const { values: v } = values(t, undefined, '--storage-initialization-timeout', '5s');
  const storage = await buildStorage(apiserverOptions(v).storage);
  t.after(() => storage.close());
  storage.storeFor(EVENTS);
  storage.storeFor(CONFIGMAPS);
  const [hook] = storage.postStartHooks;
  const started = Date.now();
  await hook!.run({ signal: new AbortController().signal });
  assert.ok(Date.now() - started < 5000);
  for (const gr of [EVENTS, CONFIGMAPS]) {
    assert.equal(await (storage.storeFor(gr) as unknown as { waitReady(ms: number): Promise<boolean> }).waitReady(0), true);
  }
});

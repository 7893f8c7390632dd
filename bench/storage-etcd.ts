// Storage benchmark on etcd (Debian's etcd-server, one member on loopback), through the etcd Kv
// and the object store as the apiserver uses them, then through the watch cache: creates with 64
// concurrent writers, get latency, a list of 10,000 objects, watch delay from write to delivery
// with 1,000 watchers, and the same list and fan-out served from the cache's memory.
// Run alone with `node bench/storage-etcd.ts`.
import { performance } from 'node:perf_hooks';
import { codecFor } from '../src/storage/codecs/index.ts';
import type { ApiObject, Store, Watcher } from '../src/storage/interface.ts';
import { openEtcdKv } from '../src/storage/kv/etcd/etcd-kv.ts';
import { createStore } from '../src/storage/store.ts';
import { createCacher } from '../src/storage/cacher/cacher.ts';
import { startEtcd } from '../test/support/etcd.ts';
import { eventObject, percentile, printFigures, round } from './support.ts';

const WRITERS = 64;
const OBJECTS = 10_000;
const GETS = 2_000;
const WATCHERS = 1_000;
const WATCHED_WRITES = 50;

/** Delay from submitting each write to its delivery at every one of `watchers`. */
async function fanOut(store: Store<ApiObject>, watchSource: Store<ApiObject>, ns: string, watchers: number, writes: number): Promise<number[]> {
  const sentAt = new Map<string, number>();
  const delays: number[] = [];
  const from = String(await store.currentRevision());
  const open: Array<Watcher<ApiObject>> = [];
  const consumers: Array<Promise<void>> = [];
  for (let i = 0; i < watchers; i++) {
    const w = await watchSource.watch(`/registry/events/${ns}/`, { recursive: true, resourceVersion: from });
    open.push(w);
    consumers.push((async () => {
      let seen = 0;
      for await (const ev of w) {
        const at = sentAt.get(ev.object.metadata.name ?? '');
        if (at !== undefined) delays.push(performance.now() - at);
        if (++seen === writes) break;
      }
    })());
  }
  for (let i = 0; i < writes; i++) {
    const name = `w${i}`;
    sentAt.set(name, performance.now());
    await store.create(`/registry/events/${ns}/${name}`, eventObject(ns, name));
    // Let each write reach every watcher before the next, so each is measured on its own.
    const deadline = Date.now() + 5000;
    while (delays.length < (i + 1) * watchers && Date.now() < deadline) await new Promise((r) => setTimeout(r, 1));
  }
  const timeout = new Promise((r) => setTimeout(r, 10_000).unref());
  await Promise.race([Promise.all(consumers), timeout]);
  for (const w of open) w.stop();
  if (delays.length < watchers * writes) throw new Error(`only ${delays.length} of ${watchers * writes} watch deliveries arrived`);
  return delays.sort((a, b) => a - b);
}

export async function benchStorageEtcd(): Promise<Record<string, number | string>> {
  const etcd = await startEtcd();
  const kv = await openEtcdKv({ endpoints: etcd.endpoints });
  const store = createStore<ApiObject>({ kv, codec: codecFor('application/vnd.orch.protobuf'), groupResource: { group: 'events.orch.io', resource: 'events' }, watchQueueSize: 100_000 });
  const out: Record<string, number | string> = {};
  try {
    // Creates: 64 writers, each awaiting its own acknowledged write.
    let next = 0;
    const t0 = performance.now();
    await Promise.all(Array.from({ length: WRITERS }, async () => {
      for (let i = next++; i < OBJECTS; i = next++) {
        const name = `e${String(i).padStart(6, '0')}`;
        await store.create(`/registry/events/small/${name}`, eventObject('small', name));
      }
    }));
    out['creates/s (64 writers)'] = Math.round(OBJECTS / ((performance.now() - t0) / 1000));

    const gets: number[] = [];
    for (let i = 0; i < GETS; i++) {
      const name = `e${String((i * 7919) % OBJECTS).padStart(6, '0')}`;
      const s = performance.now();
      await store.get(`/registry/events/small/${name}`);
      gets.push(performance.now() - s);
    }
    gets.sort((a, b) => a - b);
    out['get p50 (ms)'] = round(percentile(gets, 50));
    out['get p99 (ms)'] = round(percentile(gets, 99));

    let s = performance.now();
    const list = await store.list('/registry/events/small/', { recursive: true });
    out['list 10,000 objects from etcd (ms)'] = Math.round(performance.now() - s);
    if (list.items.length !== OBJECTS) throw new Error(`list returned ${list.items.length}, want ${OBJECTS}`);

    const direct = await fanOut(store, store, 'watched', WATCHERS, WATCHED_WRITES);
    out['watch delay p50, 1,000 etcd watchers (ms)'] = round(percentile(direct, 50));
    out['watch delay p99, 1,000 etcd watchers (ms)'] = round(percentile(direct, 99));

    // The watch cache over the same store: one etcd watch, fan-out from memory.
    const cacher = createCacher<ApiObject>({ store, prefix: '/registry/events/', closeStore: false });
    try {
      if (!(await cacher.waitReady(10_000))) throw new Error('the watch cache did not become ready');
      const lists: number[] = [];
      for (let i = 0; i < 5; i++) {
        s = performance.now();
        const cached = await cacher.list('/registry/events/small/', { recursive: true, resourceVersion: '0' });
        lists.push(performance.now() - s);
        if (cached.items.length !== OBJECTS) throw new Error(`cached list returned ${cached.items.length}, want ${OBJECTS}`);
      }
      lists.sort((a, b) => a - b);
      out['list 10,000 from the watch cache, median of 5 (ms, target <= 20)'] = round(percentile(lists, 50), 1);
      s = performance.now();
      const consistent = await cacher.list('/registry/events/small/', { recursive: true });
      out['consistent list 10,000 from the watch cache (ms)'] = round(performance.now() - s, 1);
      if (consistent.items.length !== OBJECTS) throw new Error('consistent cached list is short');

      const cachedDelays = await fanOut(store, cacher, 'cached', WATCHERS, WATCHED_WRITES);
      out['watch delay p50, 1,000 cache watchers (ms)'] = round(percentile(cachedDelays, 50));
      out['watch delay p99, 1,000 cache watchers (ms, target <= 50)'] = round(percentile(cachedDelays, 99));
    } finally {
      await cacher.close();
    }
    out['db size (MiB)'] = round((await kv.dbSize()) / (1024 * 1024), 1);
    return out;
  } finally {
    await store.close();
    await kv.close();
    await etcd.stop();
  }
}

if (import.meta.main) {
  const started = performance.now();
  printFigures(await benchStorageEtcd(), started);
}

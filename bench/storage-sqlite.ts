// Storage benchmark on the embedded SQLite store, through the object store as the apiserver uses
// it: durable creates with 64 concurrent writers, get latency, lists of 10,000 and 100,000
// objects, and watch delay from write to delivery with 1,000 watchers.
// Run alone with `node bench/storage-sqlite.ts`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { codecFor } from '../src/storage/codecs/index.ts';
import type { ApiObject, Watcher } from '../src/storage/interface.ts';
import { openSqliteKv } from '../src/storage/kv/sqlite/index.ts';
import { createStore } from '../src/storage/store.ts';
import { eventObject, percentile, printFigures, round } from './support.ts';

const WRITERS = 64;
const BIG = 100_000;
const SMALL = 10_000;
const GETS = 10_000;
const WATCHERS = 1_000;
const WATCHED_WRITES = 200;

export async function benchStorageSqlite(): Promise<Record<string, number | string>> {
  const dir = mkdtempSync(join(tmpdir(), 'orch-bench-sqlite-'));
  const kv = await openSqliteKv(join(dir, 'orch.db'));
  const store = createStore({ kv, codec: codecFor('application/vnd.orch.protobuf'), groupResource: { group: 'events.orch.io', resource: 'events' } });
  const out: Record<string, number | string> = {};
  try {
    // Durable creates: 64 writers, each awaiting its own acknowledged (fsynced) write.
    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: WRITERS }, async () => {
        for (let i = next++; i < BIG; i = next++) {
          const name = `e${String(i).padStart(6, '0')}`;
          await store.create(`/registry/events/big/${name}`, eventObject('big', name));
        }
      }),
    );
    const createSeconds = (performance.now() - t0) / 1000;
    out['durable creates/s (64 writers)'] = Math.round(BIG / createSeconds);
    for (let i = 0; i < SMALL; i += WRITERS) {
      await Promise.all(
        Array.from({ length: Math.min(WRITERS, SMALL - i) }, (_, j) => {
          const name = `e${String(i + j).padStart(6, '0')}`;
          return store.create(`/registry/events/small/${name}`, eventObject('small', name));
        }),
      );
    }

    // Get latency, one at a time.
    const gets: number[] = [];
    for (let i = 0; i < GETS; i++) {
      const name = `e${String((i * 7919) % BIG).padStart(6, '0')}`;
      const s = performance.now();
      await store.get(`/registry/events/big/${name}`);
      gets.push(performance.now() - s);
    }
    gets.sort((a, b) => a - b);
    out['get p50 (ms)'] = round(percentile(gets, 50));
    out['get p99 (ms)'] = round(percentile(gets, 99));

    // Lists, decoded into objects as the apiserver returns them.
    for (const [label, ns, n] of [
      ['10,000', 'small', SMALL],
      ['100,000', 'big', BIG],
    ] as const) {
      const s = performance.now();
      const list = await store.list(`/registry/events/${ns}/`, { recursive: true });
      const ms = performance.now() - s;
      if (list.items.length !== n) throw new Error(`list of ${ns} returned ${list.items.length}, want ${n}`);
      out[`list ${label} objects (ms)`] = Math.round(ms);
    }
    const s = performance.now();
    const page = await store.list('/registry/events/big/', { recursive: true, limit: 500 });
    out['list first page of 500 from 100,000 (ms)'] = round(performance.now() - s, 1);
    if (page.items.length !== 500) throw new Error('paged list returned a short page');

    // Watch delay: 1,000 watchers, each write timed from submission to delivery at every watcher.
    const sentAt = new Map<string, number>();
    const delays: number[] = [];
    const from = String(await store.currentRevision());
    const watchers: Watcher<ApiObject>[] = [];
    const consumers: Promise<void>[] = [];
    for (let i = 0; i < WATCHERS; i++) {
      const w = await store.watch('/registry/events/watched/', { recursive: true, resourceVersion: from });
      watchers.push(w);
      consumers.push(
        (async () => {
          let seen = 0;
          for await (const ev of w) {
            const at = sentAt.get(ev.object.metadata.name ?? '');
            if (at !== undefined) delays.push(performance.now() - at);
            if (++seen === WATCHED_WRITES) break;
          }
        })(),
      );
    }
    for (let i = 0; i < WATCHED_WRITES; i++) {
      const name = `w${i}`;
      sentAt.set(name, performance.now());
      await store.create(`/registry/events/watched/${name}`, eventObject('watched', name));
      // Spread writes out so each is measured on its own rather than as one burst.
      if (i % 10 === 9) await new Promise((r) => setTimeout(r, 5));
    }
    await Promise.all(consumers);
    for (const w of watchers) w.stop();
    delays.sort((a, b) => a - b);
    out['watch deliveries (1,000 watchers)'] = delays.length;
    out['watch delay p50 (ms)'] = round(percentile(delays, 50));
    out['watch delay p99 (ms)'] = round(percentile(delays, 99));

    out['db size (MiB)'] = round((await kv.dbSize()) / (1024 * 1024), 1);
    return out;
  } finally {
    await store.close();
    await kv.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const started = performance.now();
  printFigures(await benchStorageSqlite(), started);
}

// Memory the storage stack keeps per object, measured in one process without HTTP: the SQLite
// store, the object store and the watch cache for one resource, filled with `count` objects
// (events or the realistic pods of pods.ts) by concurrent creates, then the heap after full
// collections. Run with --expose-gc: `node --expose-gc bench/cache-memory.ts [events|pods] [count]`.
// benchCacheMemory runs it in a child process for `npm run bench`.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ApiObject } from '../src/api/meta/v1/types.ts';
import { createCacher } from '../src/storage/cacher/cacher.ts';
import { codecFor } from '../src/storage/codecs/index.ts';
import { storageKey, storagePrefix } from '../src/storage/keys.ts';
import { openSqliteKv } from '../src/storage/kv/sqlite/index.ts';
import { createStore } from '../src/storage/store.ts';
import { podBody } from './pods.ts';

const CONCURRENCY = 64;
const MiB = 2 ** 20;

interface Sample {
  kind: string;
  count: number;
  jsonBytesPerObject: number;
  heapPerObject: number;
  externalPerObject: number;
  rssPerObject: number;
  rssMiB: number;
  listMs: number;
}

function eventObject(i: number): ApiObject {
  return {
    apiVersion: 'events.orch.io/v1',
    kind: 'Event',
    metadata: { name: `ev-${i.toString(36).padStart(6, '0')}`, namespace: 'bench', uid: `0c7a1c52-1234-4567-89ab-${String(i).padStart(12, '0')}`, creationTimestamp: '2026-11-22T05:00:00Z' },
    eventTime: '2026-11-22T05:00:00.000000Z',
    reportingController: 'orch.io/bench',
    reportingInstance: 'bench-1',
    action: 'Bench',
    reason: 'Benchmarked',
    type: 'Normal',
    note: `benchmark event ${i}`,
    regarding: { kind: 'Pod', namespace: 'bench', name: `pod-${i}`, apiVersion: 'v1' },
  } as ApiObject;
}

const podTemplate = JSON.parse(podBody('bench')) as ApiObject;

function podObject(i: number): ApiObject {
  const pod = structuredClone(podTemplate);
  pod.metadata = { ...pod.metadata, name: `web-7d4b9c8f6d-${i.toString(36).padStart(5, '0')}`, uid: `0c7a1c52-1234-4567-89ab-${String(i).padStart(12, '0')}`, creationTimestamp: '2026-11-22T05:00:00Z' };
  delete pod.metadata.generateName;
  (pod as Record<string, unknown>).status = { phase: 'Pending', qosClass: 'Burstable' };
  return pod;
}

function collect(): NodeJS.MemoryUsage {
  for (let i = 0; i < 3; i++) globalThis.gc!();
  return process.memoryUsage();
}

export async function measureCacheMemory(kind: 'events' | 'pods', count: number): Promise<Sample> {
  if (typeof globalThis.gc !== 'function') throw new Error('run with --expose-gc');
  const dir = mkdtempSync(join(tmpdir(), 'orch-cache-memory-'));
  const kv = await openSqliteKv(join(dir, 'orch.db'));
  const gr = kind === 'events' ? { group: 'events.orch.io', resource: 'events' } : { group: '', resource: 'pods' };
  const store = createStore<ApiObject>({ kv, codec: codecFor('application/vnd.orch.protobuf'), groupResource: gr, watchQueueSize: 100_000 });
  const cacher = createCacher<ApiObject>({ store, prefix: storagePrefix('/registry', gr) });
  try {
    if (!(await cacher.waitReady(5000))) throw new Error('the cache did not become ready');
    const make = kind === 'events' ? eventObject : podObject;
    const before = collect();
    let next = 0;
    let jsonBytes = 0;
    const worker = async () => {
      while (next < count) {
        const obj = make(next++);
        jsonBytes += Buffer.byteLength(JSON.stringify(obj));
        await cacher.create(storageKey('/registry', gr, 'bench', obj.metadata.name!), obj);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    // Every write reflected in memory before measuring.
    const revision = await store.currentRevision();
    while (cacher.cachedRevision() < revision) await new Promise((r) => setTimeout(r, 10));
    // Listed as the server's JSON list reads it: the entries, their JSON joined (no decoding).
    const listStart = performance.now();
    const listed = await cacher.listEntries!(storagePrefix('/registry', gr, 'bench'), { recursive: true, resourceVersion: '0' });
    const listBytes = listed.items.reduce((n, e) => n + e.json!.length, 0);
    const listMs = performance.now() - listStart;
    if (listed.items.length !== count || listBytes < count) throw new Error(`listed ${listed.items.length} of ${count}`);
    const after = collect();
    const per = (k: keyof NodeJS.MemoryUsage) => Math.round((after[k] - before[k]) / count);
    return {
      kind,
      count,
      jsonBytesPerObject: Math.round(jsonBytes / count),
      heapPerObject: per('heapUsed'),
      externalPerObject: per('external'),
      rssPerObject: per('rss'),
      rssMiB: Math.round(after.rss / MiB),
      listMs: Math.round(listMs),
    };
  } finally {
    await cacher.close();
    await kv.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs the measurement in a fresh process with --expose-gc, so other parts' heaps do not count. */
function measureInChild(kind: 'events' | 'pods', count: number): Promise<Sample> {
  const script = fileURLToPath(import.meta.url);
  return new Promise((resolve, reject) =>
    execFile(process.execPath, ['--expose-gc', script, kind, String(count), '--json'], { maxBuffer: 1 << 20 }, (err, stdout, stderr) =>
      err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve(JSON.parse(stdout) as Sample),
    ),
  );
}

export async function benchCacheMemory(): Promise<Record<string, number | string>> {
  const figures: Record<string, number | string> = {};
  for (const kind of ['events', 'pods'] as const) {
    const s = await measureInChild(kind, 100_000);
    figures[`${kind}: JSON per object (bytes)`] = s.jsonBytesPerObject;
    figures[`${kind}: heap + external kept per object after 100,000 in the watch cache (bytes)`] = s.heapPerObject + s.externalPerObject;
    figures[`${kind}: that over the JSON size (×, target <= 2)`] = Number(((s.heapPerObject + s.externalPerObject) / s.jsonBytesPerObject).toFixed(2));
    figures[`${kind}: list of 100,000 from the cache (ms)`] = s.listMs;
  }
  return figures;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const kind = (process.argv[2] ?? 'events') as 'events' | 'pods';
  const sample = await measureCacheMemory(kind, Number(process.argv[3] ?? 100_000));
  console.log(process.argv.includes('--json') ? JSON.stringify(sample) : sample);
  process.exit(0);
}

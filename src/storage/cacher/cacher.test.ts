// The object-store conformance suite over the watch cache in front of the SQLite store.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { codecFor } from '../codecs/index.ts';
import { openSqliteKv } from '../kv/sqlite/index.ts';
import { createStore } from '../store.ts';
import { runStoreConformance } from '../testing/conformance.ts';
import { CACHER_SKIPS, cacherPerResource } from './testing-router.ts';


runStoreConformance('watch cache over sqlite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'orch-cacher-'));
  const kv = await openSqliteKv(join(dir, 'orch.db'));
  // The cache's own watch on the store must survive bursts: a store behind a cache gets a deep queue.
  const store = createStore({ kv, codec: codecFor('application/json'), groupResource: { group: 'example.orch.io', resource: 'widgets' }, watchQueueSize: 100_000 });
  return {
    store: cacherPerResource(store, '/widgets/'),
    kv,
    cleanup: async () => {
      await kv.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}, CACHER_SKIPS);

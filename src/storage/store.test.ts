import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { codecFor } from './codecs/index.ts';
import { openSqliteKv } from './kv/sqlite/index.ts';
import { createStore } from './store.ts';
import { runStoreConformance } from './testing/conformance.ts';

// The default media type; the codecs' own tests cover reading every stored form.
for (const mediaType of ['application/vnd.orch.protobuf']) {
  runStoreConformance(`sqlite, ${mediaType}`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'orch-store-'));
    const kv = await openSqliteKv(join(dir, 'orch.db'));
    const store = createStore({ kv, codec: codecFor(mediaType), groupResource: { group: 'example.orch.io', resource: 'widgets' } });
    return {
      store,
      kv,
      cleanup: async () => {
        await kv.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  });
}

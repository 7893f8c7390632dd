import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runKvConformance } from '../testing/conformance.ts';
import { openSqliteKv } from './index.ts';

runKvConformance('sqlite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'orch-kv-'));
  const kv = await openSqliteKv(join(dir, 'orch.db'));
  return {
    kv,
    cleanup: async () => {
      await kv.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

// Writes keys to the SQLite KV store as fast as it can and prints each key once its write is
// acknowledged, until killed. Used by the crash test to check that no acknowledged write is lost.
import { openSqliteKv } from '../index.ts';

const path = process.argv[2];
if (!path) throw new Error('usage: crash-writer.ts DB_PATH');
const kv = await openSqliteKv(path);
const enc = new TextEncoder();
let next = 0;

async function writer(): Promise<void> {
  for (;;) {
    const key = `/crash/k${String(next++).padStart(8, '0')}`;
    const r = await kv.create(key, enc.encode(`value-of-${key}`));
    if (r.succeeded) process.stdout.write(`${key} ${r.revision}\n`);
  }
}

await Promise.all(Array.from({ length: 16 }, () => writer()));

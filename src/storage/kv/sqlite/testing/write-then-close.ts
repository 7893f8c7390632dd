// Opens the SQLite KV store, writes, closes it and only then prints "closed": a process whose
// event loop emptied while close() was pending would exit without printing it.
import { openSqliteKv } from '../index.ts';

const path = process.argv[2];
if (!path) throw new Error('usage: write-then-close.ts DB_PATH');
const kv = await openSqliteKv(path);
await kv.create('/k', new TextEncoder().encode('v'));
await kv.close();
process.stdout.write('closed\n');

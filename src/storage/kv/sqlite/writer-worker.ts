// The writer thread: owns the connection that writes, so transactions, the fsync of each commit
// (synchronous=FULL) and WAL checkpoints run off the event loop. It answers each request from
// writer-protocol.ts in order; an error in one request is reported and the next still runs.
import { DatabaseSync } from 'node:sqlite';
import { parentPort, workerData } from 'node:worker_threads';
import { BatchWriter } from './batch-writer.ts';
import { CompactionSteps } from './compaction-steps.ts';
import { decodeBatch, type WireResult, type WriterConfig, type WriterReply, type WriterRequest } from './writer-protocol.ts';

const port = parentPort!;
const config = workerData as WriterConfig;
const db = new DatabaseSync(config.path);
db.exec(`PRAGMA busy_timeout = ${Math.max(0, Math.floor(config.busyTimeoutMs))}`);
// The commit returns once the WAL is fsynced: a write is acknowledged only after that.
db.exec('PRAGMA synchronous = FULL');
// This connection checkpoints (the event loop's connection never does), every ~4 MiB of WAL.
db.exec('PRAGMA wal_autocheckpoint = 1000');
const writer = new BatchWriter(db, config.revision);
const compaction = new CompactionSteps(db);

port.on('message', (request: WriterRequest) => {
  if (request.type === 'close') {
    db.close();
    port.postMessage({ ok: true } satisfies WriterReply);
    port.close();
    return;
  }
  try {
    if (request.type === 'write') {
      const results = writer.write(decodeBatch(request.keys, request.buffer));
      port.postMessage({ ok: true, results } satisfies WriterReply, transferablesOf(results));
      return;
    }
    if (request.type === 'compact-mark') compaction.mark(request.revision, request.floor);
    else if (request.type === 'compact-chunk') compaction.removeChunk(request.from, request.to);
    else compaction.release();
    port.postMessage({ ok: true } satisfies WriterReply);
  } catch (err) {
    port.postMessage({ ok: false, error: (err as Error).message } satisfies WriterReply);
  }
});

/** The buffers of values read back, moved rather than copied to the event loop. */
function transferablesOf(results: WireResult[]): ArrayBuffer[] {
  const buffers: ArrayBuffer[] = [];
  for (const r of results) {
    const value = r.row?.value;
    // node:sqlite gives each blob its own buffer; anything else is copied.
    if (value && value.byteOffset === 0 && value.byteLength === value.buffer.byteLength && value.buffer instanceof ArrayBuffer) buffers.push(value.buffer);
  }
  return buffers;
}

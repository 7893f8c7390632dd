// The writer thread: owns the connection that writes, so transactions, the fsync of each commit
// (synchronous=FULL) and WAL checkpoints run off the event loop. It answers each request from
// writer-protocol.ts in order; an error is reported to the requests it failed and the next still
// runs.
import { DatabaseSync } from 'node:sqlite';
import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
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
/** A bound on one transaction's size; the event loop keeps far fewer batches in flight. */
const MAX_BATCHES_PER_COMMIT = 64;
const compaction = new CompactionSteps(db);

port.on('message', handle);

function handle(request: WriterRequest): void {
  if (request.type === 'close') {
    db.close();
    port.postMessage({ ok: true } satisfies WriterReply);
    port.close();
    return;
  }
  if (request.type === 'write') {
    writeWaiting(request);
    return;
  }
  try {
    if (request.type === 'compact-mark') compaction.mark(request.revision, request.floor);
    else if (request.type === 'compact-chunk') compaction.removeChunk(request.from, request.to);
    else compaction.release();
    port.postMessage({ ok: true } satisfies WriterReply);
  } catch (err) {
    port.postMessage({ ok: false, error: (err as Error).message } satisfies WriterReply);
  }
}

/**
 * Commits a batch together with the batches already waiting behind it, in one transaction. When
 * commits are slow (the disk stalls on fsync), batches pile up here while every request on the
 * event loop waits for them; one commit, one fsync, for all of them lets the writes keep pace.
 * Each batch still gets its own reply, in order.
 */
function writeWaiting(first: Extract<WriterRequest, { type: 'write' }>): void {
  const batches = [decodeBatch(first.keys, first.buffer)];
  let after: WriterRequest | undefined;
  while (batches.length < MAX_BATCHES_PER_COMMIT) {
    const waiting = receiveMessageOnPort(port)?.message as WriterRequest | undefined;
    if (!waiting) break;
    if (waiting.type !== 'write') {
      after = waiting;
      break;
    }
    batches.push(decodeBatch(waiting.keys, waiting.buffer));
  }
  try {
    for (const results of writer.write(batches)) port.postMessage({ ok: true, results } satisfies WriterReply, transferablesOf(results));
  } catch (err) {
    const reply = { ok: false, error: (err as Error).message } satisfies WriterReply;
    for (let i = 0; i < batches.length; i++) port.postMessage(reply);
  }
  if (after) handle(after);
}

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

// Group commit through the writer thread. The writes submitted while one batch is in the writer
// thread form the next batch, which is sent when that one is answered. The thread decides the
// compare-and-swaps in arrival order, hands out dense revisions and commits with
// synchronous=FULL, so an answered batch is on disk. Only then, on the event loop, does the
// revision advance, the watch hub get the batch's events (in revision order: one batch is in the
// thread at a time) and the writes' promises settle.
import { StorageError } from '../../interface.ts';
import type { KeyValue, KvEvent, TxnResult } from '../interface.ts';
import type { SqliteState } from './state.ts';
import { encodeBatch, type WireOp, type WireResult, type WireRow, type WriterRequest } from './writer-protocol.ts';
import type { WriterThread } from './writer-thread.ts';

export type WriteOp =
  | { kind: 'create'; key: string; value: Uint8Array; ttlSeconds?: number }
  | { kind: 'update'; key: string; value: Uint8Array; expected: number; ttlSeconds?: number }
  | { kind: 'delete'; key: string; expected: number };

interface Pending {
  op: WriteOp;
  resolve: (r: TxnResult) => void;
  reject: (err: Error) => void;
}

/** Most writes per transaction; the rest wait for the next one. */
const MAX_BATCH = 2000;
const EMPTY = new Uint8Array(0);

export class GroupCommitter {
  private readonly state: SqliteState;
  private readonly thread: WriterThread;
  private readonly onCommit: (events: KvEvent[]) => void;
  private queue: Pending[] = [];
  /** A flush is queued or a batch is in the writer thread; new writes wait for the next flush. */
  private busy = false;
  private inFlight: Promise<void> | undefined;

  constructor(state: SqliteState, thread: WriterThread, onCommit: (events: KvEvent[]) => void) {
    this.state = state;
    this.thread = thread;
    this.onCommit = onCommit;
  }

  submit(op: WriteOp): Promise<TxnResult> {
    if (this.state.closed) return Promise.reject(new StorageError('Unreachable', op.key, 'the key-value store is closed'));
    const dead = this.thread.dead;
    if (dead) return Promise.reject(new StorageError('Unreachable', op.key, `the key-value store cannot write: ${dead.message}`));
    return new Promise<TxnResult>((resolve, reject) => {
      this.queue.push({ op, resolve, reject });
      this.schedule();
    });
  }

  /** Runs a compaction step on the writer thread, between batches. */
  async maintain(request: Exclude<WriterRequest, { type: 'write' | 'close' }>): Promise<void> {
    await this.thread.request(request);
  }

  /** Rejects writes still queued (the store is closing). */
  abort(): void {
    const queue = this.queue;
    this.queue = [];
    for (const p of queue) p.reject(new StorageError('Unreachable', p.op.key, 'the key-value store is closed'));
  }

  /** Waits until the batch in the writer thread, if any, is answered. */
  async drain(): Promise<void> {
    await this.inFlight;
  }

  private schedule(): void {
    if (this.busy) return;
    this.busy = true;
    setImmediate(() => this.flush());
  }

  private idle(): void {
    this.busy = false;
    this.inFlight = undefined;
    if (this.queue.length > 0) {
      this.busy = true;
      this.flush();
    }
  }

  private flush(): void {
    const batch = this.queue.splice(0, MAX_BATCH);
    if (batch.length === 0 || this.state.closed) {
      for (const p of batch) p.reject(new StorageError('Unreachable', p.op.key, 'the key-value store is closed'));
      this.idle();
      return;
    }
    const { keys, buffer } = encodeBatch(batch.map((p) => toWireOp(p.op)));
    // Until the batch is answered, reads of these keys must not trust the latest-row table.
    for (const p of batch) this.state.unacked.add(p.op.key);
    this.inFlight = this.thread.request({ type: 'write', keys, buffer }, [buffer]).then(
      (reply) => this.committed(batch, reply.results!),
      (err: unknown) => this.failed(batch, err as Error),
    );
  }

  private committed(batch: Pending[], results: WireResult[]): void {
    const outcomes = new Array<TxnResult>(batch.length);
    const events: KvEvent[] = [];
    for (let i = 0; i < batch.length; i++) {
      const op = batch[i]!.op;
      const r = results[i]!;
      if (r.revision === 0) {
        outcomes[i] = r.row ? { succeeded: false, current: toKeyValue(op.key, r.row) } : { succeeded: false };
        continue;
      }
      outcomes[i] = { succeeded: true, revision: r.revision };
      events.push(toEvent(op, r.revision, r.row));
    }
    if (events.length > 0) this.state.revision = events[events.length - 1]!.kv.modRevision;
    this.state.unacked.clear();
    // Start the next batch before handing these out, so the writer thread works meanwhile.
    this.idle();
    if (events.length > 0) this.onCommit(events);
    for (let i = 0; i < batch.length; i++) batch[i]!.resolve(outcomes[i]!);
  }

  private failed(batch: Pending[], err: Error): void {
    // A failed transaction rolled back; a dead thread may have committed, so its keys stay unread.
    if (!this.thread.dead) this.state.unacked.clear();
    const failure = new StorageError('Unreachable', batch[0]!.op.key, `write transaction failed: ${err.message}`);
    this.idle();
    for (const p of batch) p.reject(failure);
  }
}

function toWireOp(op: WriteOp): WireOp {
  if (op.kind === 'delete') return { kind: op.kind, key: op.key, expected: op.expected, ttlSeconds: 0, value: EMPTY };
  return { kind: op.kind, key: op.key, expected: op.kind === 'update' ? op.expected : 0, ttlSeconds: op.ttlSeconds ?? 0, value: op.value };
}

function toKeyValue(key: string, row: WireRow): KeyValue {
  return { key, value: row.value ?? EMPTY, createRevision: row.createRevision, modRevision: row.id };
}

/** The watch event of a write that succeeded at revision, given the row it replaced. */
function toEvent(op: WriteOp, revision: number, replaced: WireRow | undefined): KvEvent {
  if (op.kind === 'create') {
    return { type: 'PUT', kv: { key: op.key, value: op.value, createRevision: revision, modRevision: revision }, isCreate: true };
  }
  const prevKv = toKeyValue(op.key, replaced!);
  if (op.kind === 'update') {
    return { type: 'PUT', kv: { key: op.key, value: op.value, createRevision: prevKv.createRevision, modRevision: revision }, prevKv, isCreate: false };
  }
  return { type: 'DELETE', kv: { ...prevKv, modRevision: revision }, prevKv, isCreate: false };
}

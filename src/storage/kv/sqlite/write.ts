// Group commit through the writer thread. Writes queue up and go to the thread in batches, several
// of which may be there at once; the thread commits them in order (those waiting for it together,
// in one transaction), decides the compare-and-swaps in arrival order, hands out dense revisions
// and commits with synchronous=FULL, so an answered batch is on disk. Only then, on the event loop,
// does the revision advance, the watch hub get the batch's events (in revision order: batches are
// answered in the order they were sent) and the writes' promises settle.
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

/**
 * Batches in the writer thread at once, and the writes per batch. Several small batches in flight
 * keep both threads busy: with one large batch at a time every waiting request ended up in the
 * same batch, and the event loop sat idle while it was committed (about a third of the time under
 * the events benchmark). 8 batches of 32 measured best there, against 1 × 2000, 4 × 64, 4 × 128,
 * 8 × 64, 16 × 16 and 16 × 32. A batch goes as soon as it is full; when commits fall behind, the
 * writer thread commits the batches waiting for it together, and a backlog here is shared out
 * over the free slots in larger batches, so that commits (one fsync each) keep up with any load.
 */
const MAX_IN_FLIGHT = 8;
const MIN_BATCH = 32;
const MAX_BATCH = 2000;
const EMPTY = new Uint8Array(0);

export class GroupCommitter {
  private readonly state: SqliteState;
  private readonly thread: WriterThread;
  private readonly onCommit: (events: KvEvent[]) => void;
  private queue: Pending[] = [];
  /** A flush is queued for the next turn of the event loop. */
  private scheduled = false;
  /** Batches sent to the writer thread and not yet answered. */
  private readonly inFlight = new Set<Promise<void>>();

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
      // A full batch goes at once: the event loop may prepare hundreds of writes in one turn, and
      // the writer thread commits the first ones meanwhile instead of all of them after the turn.
      if (this.queue.length >= MIN_BATCH && this.inFlight.size < MAX_IN_FLIGHT) this.send(this.queue.splice(0, MIN_BATCH));
      else this.schedule();
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

  /** Waits until every batch in the writer thread is answered. */
  async drain(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all(this.inFlight);
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight.size >= MAX_IN_FLIGHT) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    while (this.inFlight.size < MAX_IN_FLIGHT && this.queue.length > 0) {
      const free = MAX_IN_FLIGHT - this.inFlight.size;
      const size = Math.min(MAX_BATCH, Math.max(MIN_BATCH, Math.ceil(this.queue.length / free)));
      this.send(this.queue.splice(0, size));
    }
  }

  private send(batch: Pending[]): void {
    if (this.state.closed) {
      for (const p of batch) p.reject(new StorageError('Unreachable', p.op.key, 'the key-value store is closed'));
      return;
    }
    const dead = this.thread.dead;
    if (dead) {
      for (const p of batch) p.reject(new StorageError('Unreachable', p.op.key, `the key-value store cannot write: ${dead.message}`));
      return;
    }
    const { keys, buffer } = encodeBatch(batch.map((p) => toWireOp(p.op)));
    // Until the batch is answered, reads of these keys must not trust the latest-row table.
    for (const p of batch) this.state.unacked.set(p.op.key, (this.state.unacked.get(p.op.key) ?? 0) + 1);
    const answered: Promise<void> = this.thread.request({ type: 'write', keys, buffer }, [buffer]).then(
      (reply) => {
        this.inFlight.delete(answered);
        this.committed(batch, reply.results!);
      },
      (err: unknown) => {
        this.inFlight.delete(answered);
        this.failed(batch, err as Error);
      },
    );
    this.inFlight.add(answered);
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
    this.release(batch);
    // Send the next batch before handing these out, so the writer thread works meanwhile.
    if (!this.scheduled) this.flush();
    if (events.length > 0) this.onCommit(events);
    for (let i = 0; i < batch.length; i++) batch[i]!.resolve(outcomes[i]!);
  }

  private failed(batch: Pending[], err: Error): void {
    // A failed transaction rolled back; a dead thread may have committed, so its keys stay unread.
    if (!this.thread.dead) this.release(batch);
    const failure = new StorageError('Unreachable', batch[0]!.op.key, `write transaction failed: ${err.message}`);
    if (!this.scheduled) this.flush();
    for (const p of batch) p.reject(failure);
  }

  private release(batch: Pending[]): void {
    const unacked = this.state.unacked;
    for (const p of batch) {
      const n = unacked.get(p.op.key)!;
      if (n > 1) unacked.set(p.op.key, n - 1);
      else unacked.delete(p.op.key);
    }
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

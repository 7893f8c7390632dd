// The messages between the event loop and the writer thread. Requests are answered one reply
// each, in the order they were sent. A batch travels as its keys plus one transferred buffer
// holding each op's numbers and then its value bytes (cloning an object per op costs the event
// loop more); the rows a batch read back come back as transferred buffers.

/** What the writer thread needs to open its connection. */
export interface WriterConfig {
  path: string;
  /** Revision of the last committed write when the store opened. */
  revision: number;
  /** How long a transaction waits for another connection's lock before failing. */
  busyTimeoutMs: number;
}

export type WireOpKind = 'create' | 'update' | 'delete';

/** One write as the writer thread sees it. */
export interface WireOp {
  kind: WireOpKind;
  key: string;
  /** For update and delete: the modRevision the key must still have. */
  expected: number;
  ttlSeconds: number;
  value: Uint8Array;
}

export type WriterRequest =
  | { type: 'write'; keys: string[]; buffer: ArrayBuffer }
  /** Records the compacted revision and the revision counter's floor. */
  | { type: 'compact-mark'; revision: number; floor: number }
  /** Removes superseded history with revisions in (from, to]. */
  | { type: 'compact-chunk'; from: number; to: number }
  /** Gives freed pages back to the file system. */
  | { type: 'compact-release' }
  | { type: 'close' };

/** A row read inside the transaction. */
export interface WireRow {
  id: number;
  createRevision: number;
  value: Uint8Array | null;
}

/** A write's outcome: revision 0 is a failed compare-and-swap and row the key's current state; otherwise row is the state the write replaced. */
export interface WireResult {
  revision: number;
  row?: WireRow;
}

export type WriterReply = { ok: true; results?: WireResult[] } | { ok: false; error: string };

const KINDS: readonly WireOpKind[] = ['create', 'update', 'delete'];
/** Numbers per op at the head of a batch's buffer: kind, expected, ttlSeconds, value length. */
const FIELDS = 4;

/** Encodes a batch; the buffer is fresh, so it can be transferred. */
export function encodeBatch(ops: readonly WireOp[]): { keys: string[]; buffer: ArrayBuffer } {
  let total = 0;
  for (const op of ops) total += op.value.byteLength;
  const headBytes = ops.length * FIELDS * 8;
  const buffer = new ArrayBuffer(headBytes + total);
  const head = new Float64Array(buffer, 0, ops.length * FIELDS);
  const bytes = new Uint8Array(buffer, headBytes);
  const keys = new Array<string>(ops.length);
  let offset = 0;
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i]!;
    keys[i] = op.key;
    head[i * FIELDS] = KINDS.indexOf(op.kind);
    head[i * FIELDS + 1] = op.expected;
    head[i * FIELDS + 2] = op.ttlSeconds;
    head[i * FIELDS + 3] = op.value.byteLength;
    bytes.set(op.value, offset);
    offset += op.value.byteLength;
  }
  return { keys, buffer };
}

/** The ops of an encoded batch; values are views into its buffer. */
export function decodeBatch(keys: readonly string[], buffer: ArrayBuffer): WireOp[] {
  const headBytes = keys.length * FIELDS * 8;
  const head = new Float64Array(buffer, 0, keys.length * FIELDS);
  const ops = new Array<WireOp>(keys.length);
  let offset = headBytes;
  for (let i = 0; i < keys.length; i++) {
    const length = head[i * FIELDS + 3]!;
    ops[i] = {
      kind: KINDS[head[i * FIELDS]!]!,
      key: keys[i]!,
      expected: head[i * FIELDS + 1]!,
      ttlSeconds: head[i * FIELDS + 2]!,
      value: new Uint8Array(buffer, offset, length),
    };
    offset += length;
  }
  return ops;
}

// --max-connection-bytes-per-sec: the response bodies of long-running requests (watches) are
// paced by a token bucket per client connection, so one connection gets at most that many bytes a
// second (an HTTP/2 connection's streams share its bucket). Other requests are never delayed.
// Writes held back are queued in order; write() answers false meanwhile and 'drain' follows, so
// a writer that honours back-pressure waits instead of queueing without bound.
import { connectionOf, requestContext, type Handler, type Response } from '../../component-base/serving/request-context.ts';

export interface ConnectionThrottleOptions {
  /** Bytes a second per connection; 0 or less turns the throttle off. */
  bytesPerSec: number;
  /** Clock in milliseconds, for tests. */
  now?: () => number;
}

/** A token bucket holding up to one second of bytes. */
export class TokenBucket {
  readonly rate: number;
  readonly capacity: number;
  tokens: number;
  last: number;
  readonly now: () => number;

  constructor(bytesPerSec: number, now: () => number) {
    this.rate = bytesPerSec;
    this.capacity = bytesPerSec;
    this.tokens = bytesPerSec;
    this.now = now;
    this.last = now();
  }

  private refill(): void {
    const t = this.now();
    this.tokens = Math.min(this.capacity, this.tokens + ((t - this.last) * this.rate) / 1000);
    this.last = t;
  }

  /**
   * Takes `bytes` and answers 0, or answers how many milliseconds to wait before asking again. A
   * write larger than the bucket waits for a full bucket and then overdraws it.
   */
  take(bytes: number): number {
    this.refill();
    const need = Math.min(bytes, this.capacity);
    if (this.tokens >= need) {
      this.tokens -= bytes;
      return 0;
    }
    return Math.max(1, Math.ceil(((need - this.tokens) * 1000) / this.rate));
  }
}

type Chunk = string | Uint8Array;
type Callback = (err?: Error | null) => void;

interface Pending {
  chunk: Chunk;
  encoding?: BufferEncoding;
  callback?: Callback;
}

function byteLength(chunk: Chunk, encoding?: BufferEncoding): number {
  return typeof chunk === 'string' ? Buffer.byteLength(chunk, encoding) : chunk.byteLength;
}

/** Splits write(chunk, encoding?, callback?) and end(chunk?, encoding?, callback?) arguments. */
function parseArgs(args: unknown[]): { chunk?: Chunk; encoding?: BufferEncoding; callback?: Callback } {
  const out: { chunk?: Chunk; encoding?: BufferEncoding; callback?: Callback } = {};
  for (const a of args) {
    if (typeof a === 'function') out.callback = a as Callback;
    else if (out.chunk === undefined && (typeof a === 'string' || a instanceof Uint8Array)) out.chunk = a;
    else if (typeof a === 'string') out.encoding = a as BufferEncoding;
  }
  return out;
}

/** Paces this response's body writes through the connection's bucket. */
function throttleResponse(res: Response, bucket: TokenBucket): void {
  const rawWrite = res.write.bind(res) as (chunk: Chunk, encoding?: BufferEncoding, cb?: Callback) => boolean;
  const rawEnd = res.end.bind(res) as (cb?: () => void) => void;
  const queue: Pending[] = [];
  let timer: NodeJS.Timeout | undefined;
  let ending: { callback?: () => void } | undefined;
  let closed = false;

  const flush = () => {
    timer = undefined;
    if (closed) return;
    let lastAccepted = true;
    while (queue.length) {
      const next = queue[0]!;
      const wait = bucket.take(byteLength(next.chunk, next.encoding));
      if (wait > 0) {
        timer = setTimeout(flush, wait);
        return;
      }
      queue.shift();
      lastAccepted = rawWrite(next.chunk, next.encoding, next.callback);
    }
    if (ending) rawEnd(ending.callback);
    // The writer was told to wait: tell it to go on, unless the socket itself will say so.
    else if (lastAccepted) res.emit('drain');
  };

  (res as { write: unknown }).write = (...args: unknown[]): boolean => {
    const { chunk, encoding, callback } = parseArgs(args);
    if (chunk === undefined || closed || ending) return rawWrite(chunk ?? '', encoding, callback);
    if (queue.length === 0 && bucket.take(byteLength(chunk, encoding)) === 0) return rawWrite(chunk, encoding, callback);
    queue.push({ chunk, encoding, callback });
    timer ??= setTimeout(flush, 0);
    return false;
  };

  (res as { end: unknown }).end = (...args: unknown[]) => {
    const { chunk, encoding, callback } = parseArgs(args);
    if (ending) return res;
    if (chunk !== undefined && byteLength(chunk, encoding) > 0) (res.write as (c: Chunk, e?: BufferEncoding) => boolean)(chunk, encoding);
    if (queue.length === 0 || closed) rawEnd(callback as (() => void) | undefined);
    else ending = { callback: callback as (() => void) | undefined };
    return res;
  };

  res.once('close', () => {
    closed = true;
    if (timer) clearTimeout(timer);
    queue.length = 0;
  });
}

export function withConnectionThrottle(handler: Handler, opts: ConnectionThrottleOptions): Handler {
  if (!(opts.bytesPerSec > 0)) return handler;
  const now = opts.now ?? (() => performance.now());
  const buckets = new WeakMap<object, TokenBucket>();
  return (req, res) => {
    if (!requestContext(req).longRunning) return handler(req, res);
    const connection = connectionOf(req);
    let bucket = buckets.get(connection);
    if (!bucket) {
      bucket = new TokenBucket(opts.bytesPerSec, now);
      buckets.set(connection, bucket);
    }
    throttleResponse(res, bucket);
    return handler(req, res);
  };
}

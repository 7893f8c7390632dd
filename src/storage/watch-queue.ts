// A watcher's event stream with a bounded buffer. Initial events are pulled lazily from a source
// (so a large initial state never sits in the buffer); live events are buffered up to a limit,
// and a watcher that falls that far behind gets an ERROR (410 Expired) and ends, instead of
// growing memory.
import { resourceExpired } from '../machinery/status.ts';
import type { ApiObject, WatchEvent, Watcher } from './interface.ts';

export const DEFAULT_WATCH_QUEUE_SIZE = 1000;

/** The ERROR event carrying a metav1 Status, as the watch stream sends it. */
export function errorEvent<T extends ApiObject>(status: object): WatchEvent<T> {
  return { type: 'ERROR', object: status as unknown as T };
}

export function expiredEvent<T extends ApiObject>(message: string): WatchEvent<T> {
  return errorEvent<T>(resourceExpired(message).status);
}

export class BoundedWatchQueue<T extends ApiObject> implements Watcher<T> {
  private readonly capacity: number;
  private readonly onStop: () => void;
  private initial: Iterator<WatchEvent<T>> | undefined;
  private readonly buffer: WatchEvent<T>[] = [];
  private head = 0;
  private ended = false;
  private stopped = false;
  private wake: (() => void) | undefined;

  constructor(capacity: number, onStop: () => void) {
    this.capacity = capacity;
    this.onStop = onStop;
  }

  /** Events handed out before anything buffered, pulled one at a time as the consumer reads. */
  setInitial(source: Iterator<WatchEvent<T>>): void {
    this.initial = source;
    this.notify();
  }

  get length(): number {
    return this.buffer.length - this.head;
  }

  /** Buffers a live event; a full buffer ends the watch with 410 Expired. */
  push(event: WatchEvent<T>): void {
    if (this.ended) return;
    if (this.length >= this.capacity) {
      this.fail(expiredEvent<T>('the watch fell too far behind and was closed; please watch again'));
      return;
    }
    this.buffer.push(event);
    this.notify();
  }

  /** Ends the stream after an ERROR event (delivered after whatever is already buffered). */
  fail(event: WatchEvent<T>): void {
    if (this.ended) return;
    this.buffer.push(event);
    this.end();
  }

  /** Ends the stream once the buffered events are read. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.onStop();
    this.notify();
  }

  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.buffer.length = 0;
    this.head = 0;
    this.initial = undefined;
    this.end();
    this.notify();
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }

  private take(): WatchEvent<T> | undefined {
    if (this.initial) {
      const next = this.initial.next();
      if (!next.done) return next.value;
      this.initial = undefined;
    }
    if (this.head < this.buffer.length) {
      const ev = this.buffer[this.head]!;
      this.head++;
      // Reclaim the consumed front now and then instead of shifting on every read.
      if (this.head > 1024 && this.head * 2 > this.buffer.length) {
        this.buffer.splice(0, this.head);
        this.head = 0;
      }
      return ev;
    }
    return undefined;
  }

  async next(): Promise<IteratorResult<WatchEvent<T>>> {
    for (;;) {
      if (this.stopped) return { done: true, value: undefined };
      const ev = this.take();
      if (ev) return { done: false, value: ev };
      if (this.ended) return { done: true, value: undefined };
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  [Symbol.asyncIterator](): AsyncIterator<WatchEvent<T>> {
    return {
      next: () => this.next(),
      return: async () => {
        this.stop();
        return { done: true, value: undefined };
      },
    };
  }
}

// The base work queue, as client-go's: an item is queued at most once (the dirty set) and never
// handed to two workers at once (the processing set); an item added while it is processed is
// queued again when done() is called for it.

export class WorkQueue<T> {
  private readonly order: T[] = [];
  private readonly dirty = new Set<T>();
  private readonly processing = new Set<T>();
  private waiters: Array<(item: { item: T; shutdown: false } | { item: undefined; shutdown: true }) => void> = [];
  private shuttingDown = false;
  private drain = false;
  private drained: (() => void) | undefined;

  add(item: T): void {
    if (this.shuttingDown) return;
    if (this.dirty.has(item)) return;
    this.dirty.add(item);
    if (this.processing.has(item)) return;
    this.order.push(item);
    this.handOut();
  }

  len(): number {
    return this.order.length;
  }

  /** Waits for an item; `shutdown` is true once the queue is shut down and empty. */
  get(): Promise<{ item: T; shutdown: false } | { item: undefined; shutdown: true }> {
    return new Promise((resolve) => {
      this.waiters.push(resolve);
      this.handOut();
    });
  }

  /** Marks an item finished; if it was added again meanwhile, it is queued. */
  done(item: T): void {
    this.processing.delete(item);
    if (this.dirty.has(item)) {
      this.order.push(item);
      this.handOut();
    }
    if (this.drain && this.processing.size === 0) this.drained?.();
  }

  shutDown(): void {
    this.shuttingDown = true;
    this.handOut();
  }

  /** Shuts down, then waits until every item handed out has been marked done. */
  shutDownWithDrain(): Promise<void> {
    this.drain = true;
    this.shutDown();
    if (this.processing.size === 0) return Promise.resolve();
    return new Promise((resolve) => (this.drained = resolve));
  }

  get isShuttingDown(): boolean {
    return this.shuttingDown;
  }

  private handOut(): void {
    while (this.waiters.length > 0 && this.order.length > 0) {
      const item = this.order.shift()!;
      this.dirty.delete(item);
      this.processing.add(item);
      this.waiters.shift()!({ item, shutdown: false });
    }
    // Once shut down, workers waiting on an empty queue are told to stop.
    if (this.shuttingDown && this.order.length === 0) {
      const waiters = this.waiters;
      this.waiters = [];
      for (const w of waiters) w({ item: undefined, shutdown: true });
    }
  }
}

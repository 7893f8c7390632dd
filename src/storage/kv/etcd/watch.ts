// A watch on a key prefix over its own etcd watch stream. It resumes after the last delivered
// revision when the stream breaks (a member going away, a reconnect), and ends with an error only
// when history it still needs was compacted. Progress comes from etcd's own per-watch
// notifications and, because etcd sends those rarely by default, from a progress request on the
// stream every progressIntervalMs.
import type { IDuplexStream, IEvent, IWatchRequest, IWatchResponse } from 'etcd3';
import { StorageError } from '../../interface.ts';
import type { KvEvent, KvWatch, KvWatchCallbacks, KvWatchOptions } from '../interface.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import type { EtcdContext } from './context.ts';

const log = klog('storage/kv/etcd/watch');

/** etcd answers a progress request with watch id -1 (not tied to one watcher). */
const BROADCAST_WATCH_ID = '-1';
/**
 * etcd 3.4 can send the answer to a progress request ahead of events still queued for the
 * watcher; holding the notification back briefly lets those events arrive first.
 */
const PROGRESS_SETTLE_MS = 25;

export interface EtcdWatchTuning {
  progressIntervalMs: number;
  onCompacted(revision: number): void;
}

type WatchStream = IDuplexStream<IWatchRequest, IWatchResponse>;

export class EtcdWatch implements KvWatch {
  private readonly ctx: EtcdContext;
  private readonly prefix: string;
  private readonly opts: KvWatchOptions;
  private readonly callbacks: KvWatchCallbacks;
  private readonly tuning: EtcdWatchTuning;
  /** First revision not yet delivered; where a new stream starts. */
  private nextRevision: number;
  private stream: WatchStream | undefined;
  private created = false;
  private done = false;
  private backoffMs = 100;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private progressTimer: NodeJS.Timeout | undefined;
  private readonly settleTimers = new Set<NodeJS.Timeout>();

  constructor(ctx: EtcdContext, prefix: string, opts: KvWatchOptions, callbacks: KvWatchCallbacks, tuning: EtcdWatchTuning) {
    this.ctx = ctx;
    this.prefix = prefix;
    this.opts = opts;
    this.callbacks = callbacks;
    this.tuning = tuning;
    this.nextRevision = Math.max(0, opts.afterRevision) + 1;
    // Never call back before the caller holds the handle.
    queueMicrotask(() => void this.connect());
    if (opts.progressNotify) {
      this.progressTimer = setInterval(() => this.requestProgress(), tuning.progressIntervalMs);
      this.progressTimer.unref();
    }
  }

  cancel(): void {
    if (this.done) return;
    this.finish();
  }

  private finish(): void {
    this.done = true;
    clearTimeout(this.reconnectTimer);
    clearInterval(this.progressTimer);
    for (const t of this.settleTimers) clearTimeout(t);
    this.settleTimers.clear();
    this.closeStream();
  }

  private closeStream(): void {
    const stream = this.stream;
    this.stream = undefined;
    this.created = false;
    if (!stream) return;
    // A half-close ends the stream cleanly; cancelling it would make the client library
    // treat the member as failed and drop every other stream to it.
    try {
      stream.end();
    } catch {
      // already closed
    }
  }

  private async connect(): Promise<void> {
    if (this.done) return;
    let stream: WatchStream;
    try {
      stream = await this.ctx.client.watchClient.watch();
    } catch (err) {
      this.retryLater(err);
      return;
    }
    if (this.done) {
      stream.end();
      return;
    }
    this.stream = stream;
    stream.on('data', (res) => {
      if (this.stream === stream) this.handle(res);
    });
    stream.on('error', (err) => {
      if (this.stream === stream) this.retryLater(err);
    });
    stream.on('end', () => {
      if (this.stream === stream) this.retryLater(new Error('watch stream ended'));
    });
    stream.write({
      create_request: {
        key: this.ctx.keys.encode(this.prefix),
        range_end: this.ctx.keys.rangeEnd(this.prefix),
        start_revision: this.nextRevision,
        prev_kv: true,
        progress_notify: !!this.opts.progressNotify,
      },
    });
  }

  private retryLater(err: unknown): void {
    if (this.done) return;
    this.closeStream();
    log.info('watch stream broken, resuming', { prefix: this.prefix, fromRevision: this.nextRevision, err }, 2);
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => void this.connect(), this.backoffMs);
    this.backoffMs = Math.min(this.backoffMs * 2, 2000);
  }

  private requestProgress(): void {
    if (!this.stream || !this.created) return;
    try {
      this.stream.write({ progress_request: {} });
    } catch {
      // the stream is breaking; the reconnect path takes over
    }
  }

  private handle(res: IWatchResponse): void {
    if (this.done) return;
    const compactRevision = Number(res.compact_revision);
    if (compactRevision > 0) {
      this.tuning.onCompacted(compactRevision);
      this.fail(new StorageError('ResourceVersionTooOld', this.prefix,
        `watch from revision ${this.nextRevision - 1} is too old: the kvstore compacted to revision ${compactRevision}`, compactRevision));
      return;
    }
    if (res.canceled) {
      this.fail(new StorageError('Unreachable', this.prefix, `the kvstore at ${this.ctx.endpoints.join(', ')} cancelled the watch: ${res.cancel_reason || 'no reason given'}`));
      return;
    }
    if (res.created) {
      this.created = true;
      this.backoffMs = 100;
      return;
    }
    if (res.events.length > 0) {
      const events = res.events.map((ev) => this.toEvent(ev));
      this.nextRevision = events[events.length - 1]!.kv.modRevision + 1;
      this.callbacks.onEvents(events);
      return;
    }
    // No events: a progress notification.
    const revision = Number(res.header.revision);
    if (res.watch_id !== BROADCAST_WATCH_ID && revision + 1 > this.nextRevision) {
      // etcd's own notification is sent only once this watcher has caught up, so it is safe to resume after it.
      this.nextRevision = revision + 1;
    }
    if (!this.opts.progressNotify || !this.callbacks.onProgress) return;
    const timer = setTimeout(() => {
      this.settleTimers.delete(timer);
      if (!this.done && revision >= this.nextRevision - 1) this.callbacks.onProgress?.(revision);
    }, PROGRESS_SETTLE_MS);
    this.settleTimers.add(timer);
  }

  private fail(err: Error): void {
    this.finish();
    this.callbacks.onError(err);
  }

  private toEvent(ev: IEvent): KvEvent {
    const prevKv = ev.prev_kv ? this.ctx.keys.toKeyValue(ev.prev_kv) : undefined;
    if (ev.type === 'Delete') {
      // etcd's delete event carries only the key and revision; the seam wants the last value too.
      const modRevision = Number(ev.kv.mod_revision);
      const kv = prevKv
        ? { ...prevKv, modRevision }
        : { key: this.ctx.keys.decode(ev.kv.key), value: new Uint8Array(0), createRevision: 0, modRevision };
      return { type: 'DELETE', kv, prevKv, isCreate: false };
    }
    const kv = this.ctx.keys.toKeyValue(ev.kv);
    return { type: 'PUT', kv, prevKv, isCreate: kv.createRevision === kv.modRevision };
  }
}

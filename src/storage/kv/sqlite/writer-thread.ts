// The event loop's handle on the writer thread: sends requests, matches replies to them in order,
// and keeps the process alive only while a request is outstanding. A thread that dies fails every
// outstanding and later request.
import { Worker } from 'node:worker_threads';
import type { WriterConfig, WriterReply, WriterRequest } from './writer-protocol.ts';

type Reply = Extract<WriterReply, { ok: true }>;

interface Outstanding {
  resolve: (reply: Reply) => void;
  reject: (err: Error) => void;
}

export class WriterThread {
  private readonly worker: Worker;
  private readonly outstanding: Outstanding[] = [];
  private failure: Error | undefined;
  private stopping = false;
  private readonly exited: Promise<void>;

  constructor(config: WriterConfig) {
    this.worker = new Worker(new URL('./writer-worker.ts', import.meta.url), { workerData: config, name: 'sqlite-writer' });
    this.worker.unref();
    this.worker.on('message', (reply: WriterReply) => this.onReply(reply));
    this.worker.on('error', (err: Error) => this.die(new Error(`the writer thread failed: ${err.message}`)));
    this.exited = new Promise((resolve) => {
      this.worker.once('exit', (code: number) => {
        this.die(new Error(this.stopping ? 'the writer thread has stopped' : `the writer thread exited with code ${code}`));
        resolve();
      });
    });
  }

  /** Why the thread can take no more requests, once it cannot. */
  get dead(): Error | undefined {
    return this.failure;
  }

  request(message: WriterRequest, transfer?: ArrayBuffer[]): Promise<Reply> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise<Reply>((resolve, reject) => {
      if (this.outstanding.length === 0) this.worker.ref();
      this.outstanding.push({ resolve, reject });
      this.worker.postMessage(message, transfer);
    });
  }

  /** Lets the thread finish what it was sent, close its connection and end. */
  async stop(): Promise<void> {
    if (!this.failure && !this.stopping) {
      this.stopping = true;
      // Held until the thread has exited: a caller awaiting stop() may be all that is left to run.
      this.worker.ref();
      await this.request({ type: 'close' }).catch(() => undefined);
    }
    await this.exited;
  }

  /** Ends the thread at once; outstanding requests fail. */
  async terminate(): Promise<void> {
    await this.worker.terminate();
    await this.exited;
  }

  private onReply(reply: WriterReply): void {
    const next = this.outstanding.shift();
    if (this.outstanding.length === 0 && !this.stopping) this.worker.unref();
    if (!next) return;
    if (reply.ok) next.resolve(reply);
    else next.reject(new Error(reply.error));
  }

  private die(err: Error): void {
    this.failure ??= err;
    const outstanding = this.outstanding.splice(0);
    this.worker.unref();
    for (const o of outstanding) o.reject(this.failure);
  }
}

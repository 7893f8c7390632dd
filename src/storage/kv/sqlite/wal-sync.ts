// Durability of commits without blocking the event loop. The connection commits with
// synchronous=NORMAL (the WAL is written but not fsynced at commit); the committer acknowledges a
// write only after an fsync of the WAL file that began after its commit, run here on libuv's
// thread pool.
import { close, fsync, open } from 'node:fs';
import { promisify } from 'node:util';

const openAsync = promisify(open);
const fsyncAsync = promisify(fsync);
const closeAsync = promisify(close);

export class WalSyncer {
  private readonly walPath: string;
  private fd: Promise<number> | undefined;
  private running: Promise<void> | undefined;

  constructor(databasePath: string) {
    this.walPath = `${databasePath}-wal`;
  }

  /** Resolves once everything committed before this call is on disk. */
  sync(): Promise<void> {
    const run = this.fsyncOnce();
    this.running = run;
    return run;
  }

  /** Waits for a sync in flight, then closes the WAL file. */
  async close(): Promise<void> {
    await this.running?.catch(() => undefined);
    const fd = this.fd;
    this.fd = undefined;
    if (fd) await closeAsync(await fd).catch(() => undefined);
  }

  private async fsyncOnce(): Promise<void> {
    // SQLite creates the WAL at the first write and keeps it while the connection is open
    // (checkpoints truncate it, never remove it), so one descriptor serves every sync.
    if (!this.fd) {
      const opening = openAsync(this.walPath, 'r');
      this.fd = opening;
      opening.catch(() => this.fd === opening && (this.fd = undefined));
    }
    await fsyncAsync(await this.fd);
  }
}

// Compaction. etcd reports the compacted revision only in a few responses; HashKV carries it for
// every request, so compactedRevision() asks that and remembers the answer for a moment (it is
// read when mapping "revision compacted" errors, which come in bursts).
import type { IHashKVResponse } from 'etcd3';
import type { EtcdContext } from './context.ts';

const MEMO_MS = 1000;

interface CallPool {
  exec<T>(service: 'Maintenance', method: string, params: unknown): Promise<T>;
}

/**
 * etcd3's typed hashKV() calls a method name its gRPC stub does not have (the generated stub
 * names it after the proto, HashKV), so call the pool with the proto's name directly.
 */
function hashKv(ctx: EtcdContext): Promise<IHashKVResponse> {
  const pool = (ctx.client as unknown as { pool: CallPool }).pool;
  return pool.exec<IHashKVResponse>('Maintenance', 'HashKV', { revision: 0 });
}

export class Compaction {
  private readonly ctx: EtcdContext;
  private memo: { revision: number; at: number } | undefined;

  constructor(ctx: EtcdContext) {
    this.ctx = ctx;
  }

  async compact(revision: number): Promise<void> {
    try {
      await this.ctx.client.kv.compact({ revision, physical: false });
      this.memo = undefined;
    } catch (err) {
      return this.ctx.fail(err, '');
    }
  }

  async compactedRevision(): Promise<number> {
    if (this.memo && Date.now() - this.memo.at < MEMO_MS) return this.memo.revision;
    try {
      const res = await hashKv(this.ctx);
      const revision = Number(res.compact_revision);
      // etcd reports -1 before the first compaction.
      this.memo = { revision: revision > 0 ? revision : 0, at: Date.now() };
      return this.memo.revision;
    } catch (err) {
      return this.ctx.fail(err, '');
    }
  }

  /** Forget the remembered value, e.g. after a watch saw a newer compaction. */
  observe(revision: number): void {
    if (!this.memo || revision > this.memo.revision) this.memo = { revision, at: Date.now() };
  }
}

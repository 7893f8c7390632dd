// Reads: one key, a prefix range (paged, optionally at a past revision), and counts.
import type { IRangeResponse } from 'etcd3';
import type { KeyValue, KvListOptions, KvListResult } from '../interface.ts';
import type { EtcdContext } from './context.ts';

export async function getKey(ctx: EtcdContext, key: string, revision?: number): Promise<{ kv?: KeyValue; revision: number }> {
  let res: IRangeResponse;
  try {
    res = await ctx.client.kv.range({ key: ctx.keys.encode(key), revision: revision && revision > 0 ? revision : undefined });
  } catch (err) {
    return ctx.fail(err, key);
  }
  const found = res.kvs[0];
  const at = revision && revision > 0 ? revision : Number(res.header.revision);
  return found ? { kv: ctx.keys.toKeyValue(found), revision: at } : { revision: at };
}

export async function listPrefix(ctx: EtcdContext, prefix: string, opts: KvListOptions = {}): Promise<KvListResult> {
  const start = opts.startKey && opts.startKey > prefix ? opts.startKey : prefix;
  let res: IRangeResponse;
  try {
    res = await ctx.client.kv.range({
      key: ctx.keys.encode(start),
      range_end: ctx.keys.rangeEnd(prefix),
      limit: opts.limit && opts.limit > 0 ? opts.limit : undefined,
      revision: opts.revision && opts.revision > 0 ? opts.revision : undefined,
    });
  } catch (err) {
    return ctx.fail(err, prefix);
  }
  return {
    kvs: res.kvs.map((kv) => ctx.keys.toKeyValue(kv)),
    revision: opts.revision && opts.revision > 0 ? opts.revision : Number(res.header.revision),
    more: res.more,
    count: Number(res.count),
  };
}

export async function countPrefix(ctx: EtcdContext, prefix: string): Promise<number> {
  try {
    const res = await ctx.client.kv.range({ key: ctx.keys.encode(prefix), range_end: ctx.keys.rangeEnd(prefix), count_only: true });
    return Number(res.count);
  } catch (err) {
    return ctx.fail(err, prefix);
  }
}

export async function currentRevision(ctx: EtcdContext): Promise<number> {
  try {
    // A count-only read of one key is the cheapest linearizable way to learn the header revision.
    const res = await ctx.client.kv.range({ key: ctx.keys.encode('/'), count_only: true });
    return Number(res.header.revision);
  } catch (err) {
    return ctx.fail(err, '');
  }
}

// Compare-and-swap writes: create (the key must not exist), update and delete (the key's
// modRevision must still be the expected one). On failure the key's present state comes back in
// the same transaction, so the caller never needs a second read.
import type { ICompare, IRequestOp, ITxnResponse } from 'etcd3';
import type { TxnResult } from '../interface.ts';
import type { EtcdContext } from './context.ts';

async function casTxn(ctx: EtcdContext, key: string, compare: ICompare, success: IRequestOp): Promise<TxnResult> {
  const etcdKey = ctx.keys.encode(key);
  let res: ITxnResponse;
  try {
    res = await ctx.client.kv.txn({
      compare: [{ ...compare, key: etcdKey }],
      success: [success],
      failure: [{ request_range: { key: etcdKey } }],
    });
  } catch (err) {
    return ctx.fail(err, key);
  }
  if (res.succeeded) return { succeeded: true, revision: Number(res.header.revision) };
  const current = res.responses[0]?.response_range.kvs[0];
  return current ? { succeeded: false, current: ctx.keys.toKeyValue(current) } : { succeeded: false };
}

async function leaseFor(ctx: EtcdContext, key: string, ttlSeconds: number | undefined): Promise<string | undefined> {
  if (ttlSeconds === undefined || ttlSeconds <= 0) return undefined;
  try {
    return await ctx.leases.leaseFor(Math.ceil(ttlSeconds));
  } catch (err) {
    return ctx.fail(err, key);
  }
}

export async function createKey(ctx: EtcdContext, key: string, value: Uint8Array, ttlSeconds?: number): Promise<TxnResult> {
  const lease = await leaseFor(ctx, key, ttlSeconds);
  return casTxn(ctx, key, { target: 'Create', result: 'Equal', create_revision: 0 }, {
    request_put: { key: ctx.keys.encode(key), value: Buffer.from(value), lease },
  });
}

export async function updateKey(ctx: EtcdContext, key: string, value: Uint8Array, expectedModRevision: number, ttlSeconds?: number): Promise<TxnResult> {
  const lease = await leaseFor(ctx, key, ttlSeconds);
  return casTxn(ctx, key, { target: 'Mod', result: 'Equal', mod_revision: expectedModRevision }, {
    request_put: { key: ctx.keys.encode(key), value: Buffer.from(value), lease },
  });
}

export async function deleteKey(ctx: EtcdContext, key: string, expectedModRevision: number): Promise<TxnResult> {
  // A missing key has modRevision 0; never let "expected 0" delete nothing and call it success.
  if (expectedModRevision <= 0) {
    return casTxn(ctx, key, { target: 'Mod', result: 'Equal', mod_revision: -1 }, { request_range: { key: ctx.keys.encode(key) } });
  }
  return casTxn(ctx, key, { target: 'Mod', result: 'Equal', mod_revision: expectedModRevision }, {
    request_delete_range: { key: ctx.keys.encode(key) },
  });
}

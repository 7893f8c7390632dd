// A three-member etcd cluster loses a member under write load: writes go on through the others
// and every acknowledged write is readable (and was watched) afterwards.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { KvEvent } from '../interface.ts';
import { startEtcd, etcdSkipReason, type EtcdCluster } from '../../../../test/support/etcd.ts';
import { openEtcdKv, type EtcdKv } from './etcd-kv.ts';
import { Etcd3 } from 'etcd3';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Index of the member that currently leads the cluster. */
async function leaderIndex(endpoints: string[]): Promise<number> {
  for (let i = 0; i < endpoints.length; i++) {
    const client = new Etcd3({ hosts: endpoints[i]! });
    try {
      const status = await client.maintenance.status();
      if (status.header.member_id === status.leader) return i;
    } finally {
      client.close();
    }
  }
  throw new Error('no member reports itself as leader');
}

describe('etcd Kv over a three-member cluster', { skip: etcdSkipReason() }, () => {
  let etcd: EtcdCluster;
  let kv: EtcdKv;
  before(async () => {
    etcd = await startEtcd({ members: 3 });
    // Writes stuck with a stopped leader time out soon and are retried by the load below.
    kv = await openEtcdKv({ endpoints: etcd.endpoints, requestTimeoutMs: 1500 });
  });
  after(async () => {
    await kv?.close();
    await etcd?.stop();
  });

  test('stopping the leader during a write load loses no acknowledged write', async () => {
    const acknowledged = new Set<string>();
    const failures: string[] = [];
    let acknowledgedAfterStop = 0;
    let stopped = false;
    let victim = -1;
    let running = true;
    const watched = new Set<string>();
    const watchErrors: Error[] = [];
    const watch = kv.watch('/load/', { afterRevision: await kv.currentRevision() }, {
      onEvents: (events: KvEvent[]) => {
        for (const e of events) watched.add(e.kv.key);
      },
      onError: (err) => watchErrors.push(err),
    });

    const writer = async (w: number): Promise<void> => {
      for (let i = 0; running; i++) {
        const key = `/load/w${w}/k${String(i).padStart(5, '0')}`;
        try {
          const r = await kv.create(key, new TextEncoder().encode(`value ${i}`));
          if (r.succeeded) {
            acknowledged.add(key);
            if (stopped) acknowledgedAfterStop++;
          }
        } catch (err) {
          failures.push(String(err));
          await sleep(20);
        }
      }
    };
    const writers = Array.from({ length: 8 }, (_, w) => writer(w));
    try {
      await sleep(400);
      victim = await leaderIndex(etcd.endpoints);
      await etcd.stopMember(victim);
      stopped = true;
      // Long enough for a new leader (if the stopped member led) and for stuck writes to time out.
      await sleep(3000);
      running = false;
      await Promise.all(writers);

      assert.ok(acknowledgedAfterStop > 50, `writes go on after the member stopped (${acknowledgedAfterStop} acknowledged, ${failures.length} failed: ${failures.slice(0, 3).join('; ')})`);
      const listed = await kv.list('/load/');
      const present = new Set(listed.kvs.map((x) => x.key));
      const lost = [...acknowledged].filter((k) => !present.has(k));
      assert.deepEqual(lost, [], 'every acknowledged key is readable');

      const deadline = Date.now() + 5000;
      while ([...acknowledged].some((k) => !watched.has(k)) && Date.now() < deadline) await sleep(50);
      assert.deepEqual([...acknowledged].filter((k) => !watched.has(k)), [], 'every acknowledged key reached the watcher');
      assert.deepEqual(watchErrors, []);
    } finally {
      running = false;
      watch.cancel();
      if (victim >= 0) await etcd.startMember(victim);
    }
  });
});

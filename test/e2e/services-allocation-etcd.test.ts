// Two API servers on one etcd allocate from the same ranges: 200 service creates sent to both at
// once get 200 distinct cluster IPs of a /24 (most of it), and NodePort services get distinct node
// ports; the orch endpoints list both servers while both live, and one that stops leaves them.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { etcdSkipReason, startEtcd, type EtcdCluster } from '../support/etcd.ts';
import { daemonDir, deferredHooks, eventually, startDaemon, type StorageDaemon } from '../support/daemon.ts';

const SVCS = '/api/v1/namespaces/default/services';
const skip = etcdSkipReason();
const hooks = deferredHooks();
let etcd: EtcdCluster;
let a: StorageDaemon;
let b: StorageDaemon;

function flags(advertise: string): string[] {
  return [`--kvstore-servers=${etcd.endpoints.join(',')}`, '--service-cluster-ip-range=10.96.0.0/24', `--advertise-address=${advertise}`];
}

before(async () => {
  if (skip) return;
  etcd = await startEtcd();
  // Both at once on an empty store: their bootstrap reconcilers race for the same objects.
  [a, b] = await Promise.all([startDaemon(hooks, daemonDir(hooks), flags('192.0.2.10')), startDaemon(hooks, daemonDir(hooks), flags('192.0.2.11'))]);
});
after(async () => {
  await hooks.run();
  await etcd?.stop();
});

test('200 creates sent to two API servers at once get 200 distinct addresses of the /24', { skip }, async () => {
  const started = performance.now();
  const replies = await Promise.all(
    Array.from({ length: 200 }, (_, i) => (i % 2 ? a : b).call('POST', SVCS, { metadata: { name: `two-${i}` }, spec: { ports: [{ port: 80 }], selector: { app: 'x' } } }, 60_000)),
  );
  const ms = performance.now() - started;
  for (const r of replies) assert.equal(r.status, 201, r.text);
  const ips = replies.map((r) => r.body.spec.clusterIP as string);
  assert.equal(new Set(ips).size, 200);
  for (const ip of ips) {
    const last = Number(ip.split('.')[3]);
    assert.ok(ip.startsWith('10.96.0.') && last >= 2 && last <= 254, ip);
  }
  process.stdout.write(`# 200 concurrent service creates on two API servers over etcd: ${ms.toFixed(0)} ms\n`);
});

test('NodePort services created on both servers at once get distinct node ports', { skip }, async () => {
  const replies = await Promise.all(
    Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).call('POST', SVCS, { metadata: { name: `np-${i}` }, spec: { type: 'NodePort', ports: [{ name: 'a', port: 80 }, { name: 'b', port: 81 }] } }, 60_000)),
  );
  for (const r of replies) assert.equal(r.status, 201, r.text);
  const ports = replies.flatMap((r) => r.body.spec.ports.map((p: { nodePort: number }) => p.nodePort));
  assert.equal(new Set(ports).size, 80);
  // One asked for on one server is refused on the other. It is taken from the low band that random
  // allocation leaves alone (30000-30085 of the default range), so none of the 80 above can hold it.
  const asked = await a.call('POST', SVCS, { metadata: { name: 'np-asked' }, spec: { type: 'NodePort', ports: [{ port: 80, nodePort: 30010 }] } });
  assert.equal(asked.status, 201, asked.text);
  const dup = await b.call('POST', SVCS, { metadata: { name: 'np-dup' }, spec: { type: 'NodePort', ports: [{ port: 80, nodePort: 30010 }] } });
  assert.equal(dup.status, 422, dup.text);
  assert.equal(dup.body.message, 'Service "np-dup" is invalid: spec.ports[0].nodePort: Invalid value: 30010: provided port is already allocated');
});

test('the orch endpoints list both servers, sorted, and drop one that stops', { skip }, async () => {
  const addresses = async () => {
    const r = await a.call('GET', '/api/v1/namespaces/default/endpoints/orch');
    return (r.body.subsets?.[0]?.addresses ?? []).map((x: { ip: string }) => x.ip);
  };
  await eventually('both servers listed', async () => JSON.stringify(await addresses()) === '["192.0.2.10","192.0.2.11"]', 15_000);
  assert.equal(await b.stop(), 0);
  assert.deepEqual(await addresses(), ['192.0.2.10'], 'a server that stops takes itself out at once');
});

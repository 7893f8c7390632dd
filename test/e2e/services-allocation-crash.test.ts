// A crash in the middle of service creates: the daemon is killed (SIGKILL) while creates are in
// flight, so addresses may have been taken (their IPAddress stored) for services that never were.
// After a restart over the same data directory the repair gives back every such address once it
// is older than --request-timeout (here 2 s), and every stored service keeps its own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { decodeAny } from '../../src/storage/codecs/index.ts';
import type { ApiObject } from '../../src/storage/interface.ts';
import { daemonDir, eventually, startDaemon } from '../support/daemon.ts';

const SVCS = '/api/v1/namespaces/default/services';
const FLAGS = ['--request-timeout=2s', '--service-cluster-ip-range=10.96.0.0/16', '--advertise-address=192.0.2.10'];

/** The live objects under a key prefix, read from the daemon's SQLite file beside it. */
function stored(dbFile: string, prefix: string): ApiObject[] {
  const db = new DatabaseSync(dbFile, { readOnly: true });
  try {
    const rows = db
      .prepare('SELECT l.value AS value FROM kv_current c JOIN kv_log l ON l.id = c.id WHERE c.name >= ? AND c.name < ? AND l.deleted = 0')
      .all(prefix, `${prefix}\uffff`) as Array<{ value: Uint8Array }>;
    return rows.map((r) => decodeAny(r.value));
  } finally {
    db.close();
  }
}

/** IPAddresses whose service does not exist or does not hold them. */
function orphans(dbFile: string): string[] {
  const services = new Map(stored(dbFile, '/registry/services/').map((s: any) => [`${s.metadata.namespace}/${s.metadata.name}`, s]));
  return stored(dbFile, '/registry/networking.orch.io/ipaddresses/').flatMap((ip: any) => {
    const ref = ip.spec.parentRef;
    const owner = services.get(`${ref.namespace}/${ref.name}`);
    return owner?.spec?.clusterIPs?.includes(ip.metadata.name) ? [] : [ip.metadata.name];
  });
}

test('after a SIGKILL mid-create and a restart, no IPAddress is left without its service', async (t) => {
  const dir = daemonDir(t);
  const dbFile = join(dir, '.orch', 'orch.db');
  const first = await startDaemon(t, dir, FLAGS);
  let answered = 0;
  const inFlight = Array.from({ length: 300 }, (_, i) =>
    first
      .call('POST', SVCS, { metadata: { name: `crash-${i}` }, spec: { ports: [{ port: 80 }], selector: { app: 'x' } } }, 30_000)
      .then((r) => void (r.status === 201 && answered++))
      .catch(() => undefined),
  );
  await eventually('some creates to be answered', async () => answered >= 50, 20_000);
  assert.equal(await first.kill('SIGKILL'), null);
  await Promise.all(inFlight);
  const leftBehind = orphans(dbFile);
  process.stdout.write(`# ${answered} creates answered before the kill; ${leftBehind.length} addresses taken for services never stored\n`);

  const second = await startDaemon(t, dir, FLAGS);
  const started = Date.now();
  await eventually('the repair to give back every address without its service', async () => orphans(dbFile).length === 0, 15_000);
  process.stdout.write(`# repaired ${Date.now() - started} ms after the restart was ready\n`);
  const list = (await second.call('GET', SVCS)).body.items.filter((s: any) => s.metadata.name.startsWith('crash-'));
  assert.ok(list.length >= answered, `${list.length} services stored, ${answered} answered`);
  const ips = list.map((s: any) => s.spec.clusterIP);
  assert.equal(new Set(ips).size, ips.length, 'stored services hold distinct addresses');
  // Every address is usable again: the services all still have theirs, and a new create gets a fresh one.
  const more = await second.call('POST', SVCS, { metadata: { name: 'after-crash' }, spec: { ports: [{ port: 80 }] } });
  assert.equal(more.status, 201, more.text);
  assert.ok(!ips.includes(more.body.spec.clusterIP));
  assert.equal(await second.stop(), 0);
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadApiserverOptions } from '../../options/apiserver-command.ts';
import { openSqliteKv } from '../../storage/kv/sqlite/index.ts';
import { buildStorage } from './build-storage.ts';
import { overrideFor, parseServersOverrides } from './storage-overrides.ts';
import { apiserverOptions } from '../../options/apiserver-options.ts';

const CORE_EVENTS = { group: '', resource: 'events' };
const GROUP_EVENTS = { group: 'events.orch.io', resource: 'events' };
const LEASES = { group: 'coordination.orch.io', resource: 'leases' };

test('entries are group/resource#servers; core resources have an empty group', () => {
  const parsed = parseServersOverrides(['/events#http://a:2379;http://b:2379', 'coordination.orch.io/leases#https://c:2379']);
  assert.deepEqual(parsed, [
    { groupResource: CORE_EVENTS, servers: ['http://a:2379', 'http://b:2379'] },
    { groupResource: LEASES, servers: ['https://c:2379'] },
  ]);
  assert.deepEqual(overrideFor(parsed, LEASES)?.servers, ['https://c:2379']);
  assert.equal(overrideFor(parsed, { group: '', resource: 'configmaps' }), undefined);
});

test('events of either group share one store, so an override of either applies to both', () => {
  for (const entry of ['/events#http://e:2379', 'events.orch.io/events#http://e:2379']) {
    const parsed = parseServersOverrides([entry]);
    assert.deepEqual(overrideFor(parsed, CORE_EVENTS)?.servers, ['http://e:2379'], entry);
    assert.deepEqual(overrideFor(parsed, GROUP_EVENTS)?.servers, ['http://e:2379'], entry);
  }
  // The later entry for the shared store wins.
  assert.deepEqual(overrideFor(parseServersOverrides(['/events#http://a:1', 'events.orch.io/events#http://b:2']), CORE_EVENTS)?.servers, ['http://b:2']);
});

test('malformed entries are refused with the entry named', () => {
  for (const bad of ['events#http://a:2379', '/events', '/events#', 'a/b/c#http://a:1', '/events#a:2379', 'apps/#http://a:1']) {
    assert.throws(() => parseServersOverrides([bad]), (err: Error) => {
      assert.match(err.message, /^--kvstore-servers-overrides: invalid entry /);
      assert.ok(err.message.includes(JSON.stringify(bad.trim())), err.message);
      return true;
    });
  }
});

test('an override may name an embedded store file: events go there, the rest stays in the main store', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'orch-overrides-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const eventsFile = join(dir, 'events.db');
  const loaded = loadApiserverOptions(['--data-dir', dir, `--kvstore-servers-overrides=events.orch.io/events#sqlite://${eventsFile}`]);
  assert.equal(loaded.kind, 'run', loaded.kind === 'exit' ? loaded.stderr : '');
  if (loaded.kind !== 'run') return;
  const storage = await buildStorage(apiserverOptions(loaded.values).storage);
  await storage.storeFor(CORE_EVENTS).create('/registry/events/default/e', { apiVersion: 'v1', kind: 'Event', metadata: { name: 'e', namespace: 'default' } });
  await storage.storeFor(LEASES).create('/registry/coordination.orch.io/leases/default/l', { apiVersion: 'coordination.orch.io/v1', kind: 'Lease', metadata: { name: 'l', namespace: 'default' } });
  assert.deepEqual([...storage.healthChecks, ...storage.readyChecks].map((c) => c.name), ['kvstore', 'kvstore-override-0', 'kvstore-readiness', 'kvstore-override-readiness-0']);
  for (const c of [...storage.healthChecks, ...storage.readyChecks]) await c.check();
  await storage.close();

  const events = await openSqliteKv(eventsFile);
  const main = await openSqliteKv(join(dir, 'orch.db'));
  t.after(() => Promise.all([events.close(), main.close()]).then(() => undefined));
  assert.deepEqual((await events.list('/')).kvs.map((k) => k.key), ['/registry/events/default/e']);
  assert.deepEqual((await main.list('/')).kvs.map((k) => k.key), ['/registry/coordination.orch.io/leases/default/l']);
});

test('an override that cannot be opened rejects with one line, and the main store is closed again', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'orch-overrides-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const loaded = loadApiserverOptions(['--data-dir', dir, `--kvstore-servers-overrides=/events#sqlite://${dir}`]);
  if (loaded.kind !== 'run') return assert.fail(loaded.stderr);
  await assert.rejects(buildStorage(apiserverOptions(loaded.values).storage), (err: Error) => {
    assert.doesNotMatch(err.message, /\n/);
    return true;
  });
  // The main store was closed: it opens again at once.
  const main = await openSqliteKv(join(dir, 'orch.db'));
  await main.close();
});

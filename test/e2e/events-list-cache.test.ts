// Lists answered from the watch cache, whose items' JSON is kept beside the cached objects: a
// write must show in the next list, on both paths that serve events, and an audit log at level
// RequestResponse still gets every item of a list served from kept JSON.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';
import { makeTempDir } from '../support/apiserver.ts';
import { eventually } from '../support/daemon.ts';
import { eventBody } from '../support/events.ts';
import { readJsonLines } from '../support/json-lines.ts';

let s: CoreApiserver;
const v1 = '/apis/events.orch.io/v1/namespaces/default/events';
const core = '/api/v1/namespaces/default/events';

before(async () => {
  s = await startCoreApiserver();
});
after(async () => s.stop());

const event = (name: string) => eventBody(name, { note: `note of ${name}` });

test('a list repeated from the cache is the same, and a patch or delete shows in the next list on both paths', async () => {
  for (const name of ['a', 'b', 'c']) assert.equal((await s.call('POST', v1, event(name))).status, 201);
  // Notes are immutable; a label shows a change.
  const notes = async (path: string, field: 'note' | 'message') =>
    Object.fromEntries(((await s.call('GET', path)).body.items as any[]).map((e) => [e.metadata.name, `${e[field]}${e.metadata.labels?.tier ? ` (${e.metadata.labels.tier})` : ''}`]));
  const shows = (path: string, field: 'note' | 'message', want: Record<string, string>) =>
    eventually(`${path} to list ${JSON.stringify(want)}`, async () => {
      assert.deepEqual(await notes(path, field), want);
      return true;
    });
  await shows(v1, 'note', { a: 'note of a', b: 'note of b', c: 'note of c' });
  const first = await s.call('GET', v1);
  const second = await s.call('GET', v1);
  assert.deepEqual(second.body, first.body);

  const patched = await s.call('PATCH', `${v1}/b`, { metadata: { labels: { tier: 'changed' } } }, { 'content-type': 'application/merge-patch+json' });
  assert.equal(patched.status, 200);
  assert.equal((await s.call('DELETE', `${v1}/c`)).status, 200);
  await shows(v1, 'note', { a: 'note of a', b: 'note of b (changed)' });
  await shows(core, 'message', { a: 'note of a', b: 'note of b (changed)' });
  const listed = (await s.call('GET', v1)).body.items.find((e: any) => e.metadata.name === 'b');
  assert.equal(listed.metadata.resourceVersion, patched.body.metadata.resourceVersion);
});

test('a list audited at level RequestResponse logs every item it sent, also when served from kept JSON', async () => {
  const dir = makeTempDir('orch-list-audit-');
  const policy = join(dir, 'policy.yaml');
  const log = join(dir, 'audit.log');
  writeFileSync(policy, 'apiVersion: audit.orch.io/v1\nkind: Policy\nrules:\n  - level: RequestResponse\n    resources: [{ group: events.orch.io, resources: [events] }]\n  - level: None\n');
  const audited = await startCoreApiserver({ 'audit-policy-file': policy, 'audit-log-path': log });
  try {
    for (const name of ['x', 'y']) assert.equal((await audited.call('POST', v1, event(name))).status, 201);
    await eventually('both events to be listed', async () => (await audited.call('GET', v1)).body.items.length === 2);
    // The first list keeps each item's JSON; the second is answered from it.
    for (let i = 0; i < 2; i++) {
      const list = await audited.call('GET', v1);
      const id = list.headers['audit-id'];
      const logged = await eventually(`the audit event of list ${id}`, async () =>
        readJsonLines(log).find((e) => e.auditID === id && e.stage === 'ResponseComplete'),
      );
      assert.equal(logged.level, 'RequestResponse');
      assert.deepEqual(logged.responseObject, list.body);
      assert.deepEqual(logged.responseObject.items.map((e: any) => e.metadata.name), ['x', 'y']);
    }
  } finally {
    await audited.stop();
  }
});

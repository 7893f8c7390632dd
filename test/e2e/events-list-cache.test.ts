// Lists answered from the watch cache, whose items' JSON is kept beside the cached objects: a
// write must show in the next list, on both paths that serve events.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';
import { eventually } from '../support/daemon.ts';
import { eventBody } from '../support/events.ts';

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

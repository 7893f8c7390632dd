// The event recorder against the composed API server: Events appear through events.orch.io/v1 with
// the source and object named, repeats become a series (count and lastObservedTime) by PATCH, the
// refresh writes the count kept in memory, and the core v1 view shows the same Event.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';
import { RestClient } from '../../src/client/rest/client.ts';
import { controllerEventRecorder } from '../../src/client/record/index.ts';

let s: CoreApiserver;
let client: RestClient;

before(async () => {
  s = await startCoreApiserver();
  client = new RestClient({ host: s.url, caData: readFileSync(s.caFile), bearerToken: s.token }, { qps: 50, burst: 100, contentType: 'application/vnd.orch.protobuf' });
});
after(async () => {
  client?.close();
  await s?.stop();
});

async function eventsIn(ns: string): Promise<any[]> {
  const r = await s.call('GET', `/apis/events.orch.io/v1/namespaces/${ns}/events`);
  assert.equal(r.status, 200);
  return r.body.items;
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  const end = Date.now() + 10_000;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await delay(50);
  }
}

test('recorded Events appear, and repeats fold into a series written by PATCH', async (t) => {
  assert.equal((await s.call('POST', '/api/v1/namespaces', { metadata: { name: 'rec' } })).status, 201);
  const cm = (await s.call('POST', '/api/v1/namespaces/rec/configmaps', { metadata: { name: 'subject' }, data: {} })).body;
  const { recorder, broadcaster } = controllerEventRecorder(client, 'demo-controller', { host: 'host1', refreshTimeMs: 500 });
  t.after(() => broadcaster.shutdown());
  recorder.eventf(cm, undefined, 'Warning', 'FailedSync', 'Sync', 'could not sync');
  await broadcaster.flush();
  const [first] = await eventsIn('rec');
  assert.equal(first.reportingController, 'orch.io/demo-controller');
  assert.equal(first.reportingInstance, 'demo-controller-host1');
  assert.deepEqual(first.regarding, { kind: 'ConfigMap', namespace: 'rec', name: 'subject', uid: cm.metadata.uid, apiVersion: 'v1', resourceVersion: cm.metadata.resourceVersion });
  assert.deepEqual([first.type, first.reason, first.action, first.note], ['Warning', 'FailedSync', 'Sync', 'could not sync']);
  assert.equal(first.series, undefined);

  recorder.eventf(cm, undefined, 'Warning', 'FailedSync', 'Sync', 'could not sync');
  await broadcaster.flush();
  let [again, ...rest] = await eventsIn('rec');
  assert.equal(rest.length, 0, 'still one Event');
  assert.equal(again.metadata.name, first.metadata.name);
  assert.equal(again.series.count, 2);
  assert.match(again.series.lastObservedTime, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);

  for (let i = 0; i < 3; i++) recorder.eventf(cm, undefined, 'Warning', 'FailedSync', 'Sync', 'could not sync');
  await broadcaster.flush();
  // Later repeats are counted in memory and written by the refresh.
  [again] = await waitFor('count 5', async () => {
    const items = await eventsIn('rec');
    return items[0]?.series?.count === 5 ? items : undefined;
  });
  assert.equal(again.series.count, 5);

  // The core view of the same Event shows the count.
  const core = await s.call('GET', `/api/v1/namespaces/rec/events/${first.metadata.name}`);
  assert.equal(core.status, 200);
  assert.equal(core.body.series.count, 5);
});

test('a cluster-scoped object\'s Events go to default; an Event the server refuses does not stop later ones', async (t) => {
  const ns = (await s.call('GET', '/api/v1/namespaces/rec')).body;
  const { recorder, broadcaster } = controllerEventRecorder(client, 'demo-controller', { host: 'host1' });
  t.after(() => broadcaster.shutdown());
  recorder.eventf(ns, undefined, 'Normal', 'Observed', 'Observe', 'seen');
  recorder.eventf(ns, undefined, 'Bogus' as 'Normal', 'Observed', 'Observe', 'invalid type');
  recorder.eventf(ns, undefined, 'Normal', 'Observed', 'Observe', 'seen again, differently');
  await broadcaster.flush();
  const notes = (await eventsIn('default')).filter((e) => e.regarding.name === 'rec').map((e) => e.note).sort();
  assert.deepEqual(notes, ['seen', 'seen again, differently']);
});

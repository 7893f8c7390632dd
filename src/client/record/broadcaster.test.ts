import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FakeClock, settle } from '../clock/fake-clock.ts';
import { configureLogging } from '../../component-base/logs/klog.ts';
import { StatusError } from '../../machinery/status.ts';
import type { EventV1 } from '../../api/events/v1/types.ts';
import { EventBroadcaster } from './broadcaster.ts';
import { newRecorder } from './recorder.ts';
import type { EventSink } from './sink.ts';

if (!process.env.ORCH_TEST_VERBOSE) configureLogging({ sink: { write: () => {} } });

interface Call { op: 'create' | 'patch'; name: string; count?: number }

function recordingSink(fail: (call: Call) => Error | undefined = () => undefined): { sink: EventSink; calls: Call[] } {
  const calls: Call[] = [];
  const sink: EventSink = {
    async create(event: EventV1) {
      const call: Call = { op: 'create', name: event.metadata.name!, count: event.series?.count };
      calls.push(call);
      const err = fail(call);
      if (err) throw err;
      return event;
    },
    async patchSeries(event: EventV1) {
      const call: Call = { op: 'patch', name: event.metadata.name!, count: event.series?.count };
      calls.push(call);
      const err = fail(call);
      if (err) throw err;
      return event;
    },
  };
  return { sink, calls };
}

const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p1', namespace: 'ns1', uid: 'u1' } };
const source = { reportingController: 'orch.io/test-controller', reportingInstance: 'test-controller-h1' };

test('an Event names its source and object; a cluster-scoped object\'s Event lives in default', async () => {
  const clock = new FakeClock();
  const { sink } = recordingSink();
  const created: EventV1[] = [];
  const b = new EventBroadcaster({ ...sink, create: async (e) => (created.push(e), e) }, { clock });
  const rec = newRecorder(b, source, clock);
  rec.eventf(pod, undefined, 'Warning', 'FailedCreate', 'Create', 'could not create');
  rec.eventf({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'ns1', uid: 'n1' } }, pod, 'Normal', 'Synced', 'Sync', 'ok');
  await b.flush();
  assert.equal(created.length, 2);
  const [first, second] = created;
  assert.match(first!.metadata.name!, /^p1\.[0-9a-f]+$/);
  assert.equal(first!.metadata.namespace, 'ns1');
  assert.deepEqual(first!.regarding, { kind: 'Pod', namespace: 'ns1', name: 'p1', uid: 'u1', apiVersion: 'v1' });
  assert.equal(first!.reportingController, 'orch.io/test-controller');
  assert.equal(first!.reportingInstance, 'test-controller-h1');
  assert.deepEqual([first!.type, first!.reason, first!.action, first!.note], ['Warning', 'FailedCreate', 'Create', 'could not create']);
  assert.match(String(first!.eventTime), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
  assert.equal(second!.metadata.namespace, 'default');
  assert.equal(second!.related?.name, 'p1');
  await b.shutdown();
});

test('repeats fold into a series: the first repeat is patched at once, later ones at refresh and finish', async () => {
  const clock = new FakeClock();
  const { sink, calls } = recordingSink();
  const b = new EventBroadcaster(sink, { clock, refreshTimeMs: 30_000, finishTimeMs: 60_000 });
  const rec = newRecorder(b, source, clock);
  for (let i = 0; i < 4; i++) rec.eventf(pod, undefined, 'Normal', 'Tick', 'Sync', 'same');
  rec.eventf(pod, undefined, 'Normal', 'Tick', 'Sync', 'different note');
  await b.flush();
  const name = calls[0]!.name;
  assert.deepEqual(calls, [
    { op: 'create', name, count: undefined },
    { op: 'patch', name, count: 2 },
    { op: 'create', name: calls[2]!.name, count: undefined },
  ]);
  await clock.step(30_000);
  assert.deepEqual(calls.at(-1), { op: 'patch', name, count: 4 }, 'the refresh writes the count kept in memory');
  // Repeats recorded one by one, each handled at once, are all counted.
  rec.eventf(pod, undefined, 'Normal', 'Tick', 'Sync', 'same');
  await b.flush();
  rec.eventf(pod, undefined, 'Normal', 'Tick', 'Sync', 'same');
  await b.flush();
  await clock.step(30_000);
  assert.deepEqual(calls.at(-1), { op: 'patch', name, count: 6 });
  await clock.step(30_000);
  assert.deepEqual(calls.filter((c) => c.op === 'patch').map((c) => c.count), [2, 4, 6, 6]);
  const before = calls.length;
  // Finished series are forgotten: the same Event starts afresh.
  await clock.step(60_000);
  rec.eventf(pod, undefined, 'Normal', 'Tick', 'Sync', 'same');
  await b.flush();
  assert.equal(calls.slice(before).filter((c) => c.op === 'create').length, 1);
  await b.shutdown();
});

test('a series whose Event is gone is created again; server errors are retried, refusals dropped', async () => {
  const clock = new FakeClock();
  let failures = 2;
  const { sink, calls } = recordingSink((call) => {
    if (call.op === 'patch') return new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', reason: 'NotFound', code: 404, message: 'gone' });
    if (call.count === undefined && failures-- > 0) return new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', reason: 'InternalError', code: 500, message: 'boom' });
    return undefined;
  });
  const b = new EventBroadcaster(sink, { clock, retryDelayMs: 1000, random: () => 0 });
  const rec = newRecorder(b, source, clock);
  rec.eventf(pod, undefined, 'Normal', 'Tick', 'Sync', 'x');
  await settle();
  await clock.step(1000);
  await clock.step(1000);
  await b.flush();
  assert.deepEqual(calls.map((c) => c.op), ['create', 'create', 'create']);
  rec.eventf(pod, undefined, 'Normal', 'Tick', 'Sync', 'x');
  await b.flush();
  assert.deepEqual(calls.slice(3).map((c) => [c.op, c.count]), [['patch', 2], ['create', 2]]);

  const refused = recordingSink(() => new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', reason: 'Invalid', code: 422, message: 'bad' }));
  const b2 = new EventBroadcaster(refused.sink, { clock });
  newRecorder(b2, source, clock).eventf(pod, undefined, 'Normal', 'Tick', 'Sync', 'x');
  await b2.flush();
  assert.equal(refused.calls.length, 1, 'an invalid Event is not retried');
  await b.shutdown();
  await b2.shutdown();
});

test('the spam filter allows a burst of 25 per source and object, then one per 5 minutes; recording never blocks', async () => {
  const clock = new FakeClock();
  const { sink, calls } = recordingSink();
  const b = new EventBroadcaster(sink, { clock });
  const rec = newRecorder(b, source, clock);
  for (let i = 0; i < 30; i++) rec.eventf(pod, undefined, 'Normal', 'Tick', 'Sync', `note ${i}`);
  rec.eventf({ ...pod, metadata: { ...pod.metadata, name: 'p2', uid: 'u2' } }, undefined, 'Normal', 'Tick', 'Sync', 'other object');
  await b.flush();
  assert.equal(calls.length, 26);
  await clock.step(300_000);
  rec.eventf(pod, undefined, 'Normal', 'Tick', 'Sync', 'after the wait');
  rec.eventf(pod, undefined, 'Normal', 'Tick', 'Sync', 'too soon');
  await b.flush();
  assert.equal(calls.length, 27);

  // A sink that never answers does not hold the caller, and the queue is bounded.
  const stuck = new EventBroadcaster({ create: () => new Promise(() => {}), patchSeries: () => new Promise(() => {}) }, { clock, maxQueued: 3, spamFilter: { qps: 0, burst: 1, maxKeys: 10 } });
  const r2 = newRecorder(stuck, source, clock);
  const accepted: boolean[] = [];
  const started = Date.now();
  for (let i = 0; i < 6; i++) accepted.push(stuck.action({ metadata: { name: `e${i}`, namespace: 'ns1' }, eventTime: null, regarding: { name: `o${i}` }, deprecatedSource: {}, deprecatedFirstTimestamp: null, deprecatedLastTimestamp: null }));
  r2.eventf(pod, undefined, 'Normal', 'Tick', 'Sync', 'x');
  assert.ok(Date.now() - started < 100);
  assert.deepEqual(accepted, [true, true, true, true, false, false], 'one in flight, three waiting');
  await b.shutdown();
});

test('a note longer than 1 kB is cut to fit', async () => {
  const clock = new FakeClock();
  const created: EventV1[] = [];
  const b = new EventBroadcaster({ create: async (e) => (created.push(e), e), patchSeries: async (e) => e }, { clock });
  newRecorder(b, source, clock).eventf(pod, undefined, 'Warning', 'Long', 'Sync', 'é'.repeat(800));
  await b.flush();
  assert.equal(Buffer.byteLength(created[0]!.note!), 1024);
  await b.shutdown();
});

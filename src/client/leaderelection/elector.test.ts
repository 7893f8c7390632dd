// The elector's timing with a fake clock and an in-memory lease server.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FakeClock, settle } from '../clock/fake-clock.ts';
import { LeaderElector, defaultIdentity, type LeaderElectorConfig } from './elector.ts';
import { MemoryLeaseClient } from './memory-lease-client.ts';
import { formatMicroTime } from './lease.ts';
import { configureLogging } from '../../component-base/logs/klog.ts';

if (!process.env.ORCH_TEST_VERBOSE) configureLogging({ sink: { write: (severity, line) => void (severity === 'W' && process.stderr.write(line)) } });

const NS = 'orch-system';
const NAME = 'orch-controller-manager';

interface Candidate {
  elector: LeaderElector;
  client: MemoryLeaseClient;
  stop: AbortController;
  done: Promise<boolean>;
  events: string[];
}

function candidate(clock: FakeClock, id: string, store?: MemoryLeaseClient, extra: Partial<LeaderElectorConfig> = {}): Candidate {
  const client = new MemoryLeaseClient(store);
  const events: string[] = [];
  const stop = new AbortController();
  const elector = new LeaderElector({
    client, namespace: NS, name: NAME, identity: id, clock,
    leaseDurationMs: 15_000, renewDeadlineMs: 10_000, retryPeriodMs: 2_000,
    releaseOnCancel: true,
    random: () => 0,
    callbacks: {
      onStartedLeading: (signal) => {
        events.push(`started ${clock.now()}`);
        signal.addEventListener('abort', () => events.push(`leadership ended ${clock.now()}`));
      },
      onStoppedLeading: () => events.push('stopped'),
      onNewLeader: (leader) => events.push(`leader ${leader}`),
    },
    ...extra,
  });
  return { elector, client, stop, done: elector.run(stop.signal), events };
}

test('identity is <host>_<uuid>', () => {
  assert.match(defaultIdentity(), /^[^_]+_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
});

test('the timing rules are enforced', () => {
  const base = { client: new MemoryLeaseClient(), namespace: NS, name: NAME, identity: 'a', clock: new FakeClock(), callbacks: { onStartedLeading() {} } };
  assert.throws(() => new LeaderElector({ ...base, leaseDurationMs: 10_000, renewDeadlineMs: 10_000, retryPeriodMs: 2_000 }), /leaseDuration must be greater than renewDeadline/);
  assert.throws(() => new LeaderElector({ ...base, leaseDurationMs: 15_000, renewDeadlineMs: 2_400, retryPeriodMs: 2_000 }), /renewDeadline must be greater than retryPeriod\*JitterFactor/);
});

test('a lone candidate creates the lease, leads at once and renews every retry period', async () => {
  const clock = new FakeClock();
  const t0 = clock.now();
  const a = candidate(clock, 'host-a_1');
  await clock.step(0);
  assert.equal(a.elector.isLeader(), true);
  assert.deepEqual(a.events, ['leader host-a_1', `started ${t0}`]);
  const lease = a.client.peek(NS, NAME)!;
  assert.deepEqual(lease.spec, {
    holderIdentity: 'host-a_1', leaseDurationSeconds: 15, acquireTime: formatMicroTime(t0), renewTime: formatMicroTime(t0), leaseTransitions: 0,
  });
  assert.match(lease.spec.acquireTime!, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
  await clock.step(2_000);
  const renewed = a.client.peek(NS, NAME)!;
  assert.equal(renewed.spec.renewTime, formatMicroTime(t0 + 2_000));
  assert.equal(renewed.spec.acquireTime, formatMicroTime(t0), 'acquireTime kept while the holder renews');
  await clock.step(20_000);
  assert.equal(a.client.peek(NS, NAME)!.spec.renewTime, formatMicroTime(t0 + 22_000));
  a.stop.abort();
  assert.equal(await a.done, false);
});

test('a second candidate waits while the leader renews', async () => {
  const clock = new FakeClock();
  const a = candidate(clock, 'a');
  await clock.step(0);
  const b = candidate(clock, 'b', a.client);
  await clock.step(60_000);
  assert.equal(a.elector.isLeader(), true);
  assert.equal(b.elector.isLeader(), false);
  assert.equal(b.elector.getLeader(), 'a');
  assert.deepEqual(b.events, ['leader a']);
  b.stop.abort();
  a.stop.abort();
  await Promise.all([a.done, b.done]);
});

test('takeover is judged from the local time of observation, not the renewTime in the lease', async () => {
  const clock = new FakeClock();
  const server = new MemoryLeaseClient();
  // Written by a host whose clock is an hour behind: by its renewTime the lease expired long ago.
  const stale = clock.now() - 3600_000;
  await server.create({
    apiVersion: 'coordination.orch.io/v1', kind: 'Lease', metadata: { name: NAME, namespace: NS },
    spec: { holderIdentity: 'skewed', leaseDurationSeconds: 15, acquireTime: formatMicroTime(stale), renewTime: formatMicroTime(stale), leaseTransitions: 4 },
  });
  const t0 = clock.now();
  const b = candidate(clock, 'b', server);
  await clock.step(14_000);
  assert.equal(b.elector.isLeader(), false, 'not before a full lease duration since it was first seen');
  await clock.step(2_000);
  assert.equal(b.elector.isLeader(), true);
  const lease = server.peek(NS, NAME)!;
  assert.equal(lease.spec.holderIdentity, 'b');
  assert.equal(lease.spec.leaseTransitions, 5);
  assert.equal(lease.spec.acquireTime, formatMicroTime(clock.now()));
  assert.ok(clock.now() - t0 <= 15_000 + 2_000);
  b.stop.abort();
  await b.done;
});

test('a stopped leader is replaced within lease duration plus retry period', async () => {
  const clock = new FakeClock();
  const a = candidate(clock, 'a');
  await clock.step(0);
  const b = candidate(clock, 'b', a.client);
  await clock.step(1_000);
  // a's process dies: its requests never reach the server again, and it does not release.
  a.client.failing = true;
  const diedAt = clock.now();
  let tookOver = 0;
  while (!b.elector.isLeader()) {
    await clock.step(100);
    tookOver = clock.now();
  }
  assert.ok(tookOver - diedAt <= 15_000 + 2_000, `took over after ${tookOver - diedAt} ms`);
  assert.equal(a.client.peek(NS, NAME)!.spec.leaseTransitions, 1);
  a.stop.abort();
  b.stop.abort();
  await Promise.all([a.done, b.done]);
});

test('a leader that cannot renew stops leading by the renew deadline', async () => {
  for (const fault of ['failing', 'hanging'] as const) {
    const clock = new FakeClock();
    const a = candidate(clock, 'a');
    await clock.step(0);
    const lastRenewal = clock.now();
    a.client[fault] = true;
    let lost: boolean | undefined;
    void a.done.then((l) => (lost = l));
    await clock.step(2_000 + 9_900);
    assert.equal(lost, undefined, `${fault}: still leading before the deadline`);
    await clock.step(200);
    await settle();
    assert.equal(lost, true, `${fault}: leadership lost at the deadline`);
    assert.equal(a.elector.isLeader(), false);
    assert.deepEqual(a.events.slice(-2), [`leadership ended ${lastRenewal + 12_000}`, 'stopped']);
    assert.equal(a.client.peek(NS, NAME)!.spec.holderIdentity, 'a', `${fault}: a lost lease is not released`);
  }
});

test('a clean stop releases the lease and a waiting candidate takes over at its next retry', async () => {
  const clock = new FakeClock();
  const a = candidate(clock, 'a');
  await clock.step(0);
  const b = candidate(clock, 'b', a.client);
  await clock.step(5_000);
  a.stop.abort();
  assert.equal(await a.done, false);
  const released = a.client.peek(NS, NAME)!;
  assert.equal(released.spec.holderIdentity, '');
  assert.equal(released.spec.leaseDurationSeconds, 1);
  const stoppedAt = clock.now();
  while (!b.elector.isLeader()) await clock.step(100);
  assert.ok(clock.now() - stoppedAt <= 2_000, `took ${clock.now() - stoppedAt} ms, well under the 15 s lease`);
  assert.equal(a.client.peek(NS, NAME)!.spec.leaseTransitions, 1, 'a release does not count as a transition; the takeover does');
  b.stop.abort();
  await b.done;
});

test('a stop just after a renewal whose answer never came still releases the lease', async () => {
  const clock = new FakeClock();
  const a = candidate(clock, 'a');
  await clock.step(0);
  assert.equal(a.elector.isLeader(), true);
  // The server wrote a renewal, but the stop cut its request short: the resourceVersion the
  // elector last saw is stale.
  const server = new MemoryLeaseClient(a.client);
  const current = server.peek(NS, NAME)!;
  await server.update({ ...current, spec: { ...current.spec, renewTime: formatMicroTime(clock.now()) } });
  a.stop.abort();
  await a.done;
  assert.equal(a.client.peek(NS, NAME)!.spec.holderIdentity, '');
});

test('the leader\'s work is awaited before the lease is released', async () => {
  const clock = new FakeClock();
  const order: string[] = [];
  const client = new MemoryLeaseClient();
  const stop = new AbortController();
  const elector = new LeaderElector({
    client, namespace: NS, name: NAME, identity: 'a', clock, leaseDurationMs: 15_000, renewDeadlineMs: 10_000, retryPeriodMs: 2_000, releaseOnCancel: true,
    callbacks: {
      onStartedLeading: (signal) => new Promise<void>((resolve) => signal.addEventListener('abort', () => setTimeout(() => {
        order.push(`controllers stopped, holder ${client.peek(NS, NAME)!.spec.holderIdentity}`);
        resolve();
      }, 20))),
    },
  });
  const done = elector.run(stop.signal);
  await clock.step(0);
  stop.abort();
  await done;
  order.push(`released, holder "${client.peek(NS, NAME)!.spec.holderIdentity}"`);
  assert.deepEqual(order, ['controllers stopped, holder a', 'released, holder ""']);
});

test('the leaderElection health check passes while renewing and when not leading', async () => {
  const clock = new FakeClock();
  const a = candidate(clock, 'a');
  const check = a.elector.healthCheck();
  assert.equal(check.name, 'leaderElection');
  await clock.step(0);
  await clock.step(30_000);
  assert.doesNotThrow(() => check.check());
  a.stop.abort();
  await a.done;
  assert.doesNotThrow(() => check.check());
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Pod, PodStatus } from '../api/core/v1/pod-types.ts';
import { FakeClock } from '../client/clock/fake-clock.ts';
import type { EventRecorder } from '../client/record/index.ts';
import { ContainerLogs } from './container-logs.ts';
import { PodEvents } from './pod-events.ts';
import { PodAddressPool } from './pod-ips.ts';
import { SimulatedPod, type NodeRuntime } from './simulated-pod.ts';

interface Harness {
  clock: FakeClock;
  rt: NodeRuntime;
  events: string[];
  writes: number;
  sim(pod: Pod): SimulatedPod;
  status(sim: SimulatedPod): PodStatus;
}

function harness(): Harness {
  const clock = new FakeClock();
  const events: string[] = [];
  const recorder: EventRecorder = { eventf: (_r, _rel, type, reason, _action, note) => void events.push(`${type} ${reason}: ${note}`) };
  const h: Harness = {
    clock,
    events,
    writes: 0,
    rt: {
      nodeName: 'node-a',
      nodeIP: '127.0.0.1',
      clock,
      startMs: 100,
      runMs: 1000,
      addresses: new PodAddressPool('10.244.1.0/24'),
      images: new Set(),
      logs: new ContainerLogs(),
      events: new PodEvents(recorder),
      statusChanged: () => void h.writes++,
    },
    sim: (pod) => new SimulatedPod(pod, h.rt),
    status: (sim) => sim.status(),
  };
  return h;
}

function pod(spec: Partial<NonNullable<Pod['spec']>> = {}, annotations: Record<string, string> = {}): Pod {
  return {
    metadata: { name: 'p', namespace: 'ns', uid: 'uid-1', annotations },
    spec: { nodeName: 'node-a', containers: [{ name: 'web', image: 'nginx' }], ...spec },
  };
}

function condition(status: PodStatus, type: string): string | undefined {
  return status.conditions?.find((c) => c.type === type)?.status;
}

test('a pod goes from Pending with ContainerCreating to Running and Ready, with an address of the node', async () => {
  const h = harness();
  const sim = h.sim(pod());
  sim.start();
  let status = h.status(sim);
  assert.equal(status.phase, 'Pending');
  assert.deepEqual(status.containerStatuses?.[0]?.state, { waiting: { reason: 'ContainerCreating' } });
  assert.equal(status.podIP, '10.244.1.2');
  assert.equal(condition(status, 'PodReadyToStartContainers'), 'True');
  assert.equal(condition(status, 'Ready'), 'False');
  await h.clock.step(100);
  status = h.status(sim);
  assert.equal(status.phase, 'Running');
  const web = status.containerStatuses![0]!;
  assert.ok(web.state?.running?.startedAt);
  assert.equal(web.ready, true);
  assert.equal(web.image, 'docker.io/library/nginx:latest');
  assert.match(web.imageID, /^docker\.io\/library\/nginx@sha256:[0-9a-f]{64}$/);
  assert.match(web.containerID ?? '', /^simulated:\/\/[0-9a-f]{64}$/);
  assert.equal(condition(status, 'Ready'), 'True');
  assert.equal(condition(status, 'ContainersReady'), 'True');
  assert.deepEqual(h.events, ['Normal Pulling: Pulling image "nginx"', 'Normal Pulled: Successfully pulled image "nginx" in 100ms (100ms including waiting)', 'Normal Created: Created container: web', 'Normal Started: Started container web']);
  // The image is now present: IfNotPresent does not pull it again.
  const second = h.sim({ ...pod({ containers: [{ name: 'web', image: 'nginx', imagePullPolicy: 'IfNotPresent' }] }), metadata: { name: 'q', namespace: 'ns', uid: 'uid-2' } });
  h.events.length = 0;
  second.start();
  await h.clock.step(100);
  assert.equal(h.events[0], 'Normal Pulled: Container image "nginx" already present on machine');
  assert.equal(h.status(second).podIP, '10.244.1.3');
});

test('a readiness probe holds Ready back for its initial delay', async () => {
  const h = harness();
  const sim = h.sim(pod({ containers: [{ name: 'web', image: 'nginx', readinessProbe: { httpGet: { path: '/', port: 80 }, initialDelaySeconds: 5 } }] }));
  sim.start();
  await h.clock.step(100);
  let status = h.status(sim);
  assert.equal(status.phase, 'Running');
  assert.equal(condition(status, 'Ready'), 'False');
  assert.equal(status.conditions?.find((c) => c.type === 'Ready')?.message, 'containers with unready status: [web]');
  await h.clock.step(5000);
  status = h.status(sim);
  assert.equal(condition(status, 'Ready'), 'True');
});

test('restartPolicy Never: exit 0 ends Succeeded, a failing exit code ends Failed', async () => {
  const h = harness();
  const ok = h.sim(pod({ restartPolicy: 'Never' }));
  ok.start();
  await h.clock.step(1100);
  let status = h.status(ok);
  assert.equal(status.phase, 'Succeeded');
  assert.deepEqual({ ...status.containerStatuses![0]!.state!.terminated, startedAt: undefined, finishedAt: undefined, containerID: undefined }, { exitCode: 0, reason: 'Completed', startedAt: undefined, finishedAt: undefined, containerID: undefined });
  assert.equal(status.conditions?.find((c) => c.type === 'Ready')?.reason, 'PodCompleted');
  assert.equal(condition(status, 'PodReadyToStartContainers'), 'False');

  const bad = h.sim({ ...pod({ restartPolicy: 'Never' }, { 'nodeagent.orch.io/exit-code': '3', 'nodeagent.orch.io/run-seconds': '0.5' }), metadata: { name: 'b', namespace: 'ns', uid: 'uid-b', annotations: { 'nodeagent.orch.io/exit-code': '3', 'nodeagent.orch.io/run-seconds': '0.5' } } });
  bad.start();
  await h.clock.step(600);
  status = h.status(bad);
  assert.equal(status.phase, 'Failed');
  assert.equal(status.containerStatuses![0]!.state!.terminated!.exitCode, 3);
  assert.equal(status.containerStatuses![0]!.state!.terminated!.reason, 'Error');
});

test('a container that keeps failing restarts at once, then backs off (CrashLoopBackOff), keeping its last state', async () => {
  const h = harness();
  const annotations = { 'nodeagent.orch.io/run-seconds': '1', 'nodeagent.orch.io/exit-code': '1' };
  const sim = h.sim(pod({}, annotations));
  sim.start();
  await h.clock.step(1100);
  // The first restart is at once: created again after the start time.
  await h.clock.step(100);
  let web = h.status(sim).containerStatuses![0]!;
  assert.equal(web.restartCount, 1);
  assert.ok(web.state?.running);
  assert.equal(web.lastState?.terminated?.exitCode, 1);
  await h.clock.step(1000);
  web = h.status(sim).containerStatuses![0]!;
  assert.equal(web.state?.waiting?.reason, 'CrashLoopBackOff');
  assert.equal(web.state?.waiting?.message, 'back-off 10s restarting failed container=web pod=p_ns(uid-1)');
  assert.equal(web.restartCount, 1);
  assert.equal(h.status(sim).phase, 'Running');
  assert.ok(h.events.includes('Warning BackOff: Back-off restarting failed container web in pod p_ns(uid-1)'));
  await h.clock.step(10_100);
  web = h.status(sim).containerStatuses![0]!;
  assert.equal(web.restartCount, 2);
  assert.ok(web.state?.running);
  await h.clock.step(1000);
  assert.equal(h.status(sim).containerStatuses![0]!.state?.waiting?.message, 'back-off 20s restarting failed container=web pod=p_ns(uid-1)');
});

test('OnFailure restarts a failing container and leaves a succeeded one', async () => {
  const h = harness();
  const sim = h.sim(pod({ restartPolicy: 'OnFailure' }, { 'nodeagent.orch.io/exit-code': '2' }));
  sim.start();
  await h.clock.step(1100);
  await h.clock.step(100);
  assert.equal(h.status(sim).containerStatuses![0]!.restartCount, 1);
  assert.equal(h.status(sim).phase, 'Running');
  const fine = h.sim({ ...pod({ restartPolicy: 'OnFailure' }), metadata: { name: 'f', namespace: 'ns', uid: 'uid-f' } });
  fine.start();
  await h.clock.step(1100);
  assert.equal(h.status(fine).phase, 'Succeeded');
});

test('init containers run one after another before the app containers; a sidecar only has to start', async () => {
  const h = harness();
  const sim = h.sim(pod({
    initContainers: [
      { name: 'migrate', image: 'tool' },
      { name: 'proxy', image: 'envoy', restartPolicy: 'Always' },
      { name: 'warm', image: 'tool' },
    ],
  }));
  sim.start();
  let status = h.status(sim);
  assert.equal(status.phase, 'Pending');
  assert.equal(status.initContainerStatuses![0]!.state?.waiting?.reason, 'ContainerCreating');
  assert.equal(status.containerStatuses![0]!.state?.waiting?.reason, 'PodInitializing');
  assert.equal(status.conditions?.find((c) => c.type === 'Initialized')?.message, 'containers with incomplete status: [migrate proxy warm]');
  await h.clock.step(100);
  assert.ok(h.status(sim).initContainerStatuses![0]!.state?.running);
  await h.clock.step(1000);
  status = h.status(sim);
  assert.equal(status.initContainerStatuses![0]!.state?.terminated?.reason, 'Completed');
  assert.equal(status.initContainerStatuses![0]!.ready, true);
  await h.clock.step(100);
  assert.ok(h.status(sim).initContainerStatuses![1]!.state?.running, 'the sidecar runs');
  await h.clock.step(1100);
  assert.ok(h.status(sim).initContainerStatuses![2]!.state?.terminated, 'the second init container ran after the sidecar started');
  await h.clock.step(100);
  status = h.status(sim);
  assert.equal(status.phase, 'Running');
  assert.equal(condition(status, 'Initialized'), 'True');
  assert.ok(status.initContainerStatuses![1]!.state?.running, 'the sidecar keeps running');
});

test('a failing init container fails a Never pod, and its app containers never start', async () => {
  const h = harness();
  const sim = h.sim(pod({ restartPolicy: 'Never', initContainers: [{ name: 'setup', image: 'tool' }] }, { 'nodeagent.orch.io/exit-code.setup': '1' }));
  sim.start();
  await h.clock.step(1200);
  const status = h.status(sim);
  assert.equal(status.phase, 'Failed');
  assert.equal(status.initContainerStatuses![0]!.state?.terminated?.exitCode, 1);
  assert.equal(status.containerStatuses![0]!.state?.waiting?.reason, 'PodInitializing');
});

test('deletion: containers get SIGTERM, stop (or are killed at the grace period), then the pod is stopped', async () => {
  const h = harness();
  const sim = h.sim(pod({}, { 'nodeagent.orch.io/stop-seconds': '2' }));
  sim.start();
  await h.clock.step(100);
  sim.update({ ...sim.pod, metadata: { ...sim.pod.metadata, deletionTimestamp: '2026-11-22T05:00:30Z', deletionGracePeriodSeconds: 30 } });
  assert.equal(sim.stopped, false);
  assert.ok(h.events.includes('Normal Killing: Stopping container web'));
  await h.clock.step(2000);
  assert.equal(sim.stopped, true);
  let status = h.status(sim);
  assert.equal(status.phase, 'Succeeded');
  assert.equal(status.containerStatuses![0]!.state?.terminated?.exitCode, 0);

  const stubborn = h.sim({ ...pod({}, { 'nodeagent.orch.io/stop-seconds': '60' }), metadata: { name: 's', namespace: 'ns', uid: 'uid-s', annotations: { 'nodeagent.orch.io/stop-seconds': '60' } } });
  stubborn.start();
  await h.clock.step(100);
  stubborn.update({ ...stubborn.pod, metadata: { ...stubborn.pod.metadata, deletionTimestamp: '2026-11-22T05:00:05Z', deletionGracePeriodSeconds: 5 } });
  await h.clock.step(5000);
  assert.equal(stubborn.stopped, true);
  status = h.status(stubborn);
  assert.equal(status.phase, 'Failed');
  assert.equal(status.containerStatuses![0]!.state?.terminated?.exitCode, 137);
});

test('past activeDeadlineSeconds the pod fails with DeadlineExceeded', async () => {
  const h = harness();
  const sim = h.sim(pod({ activeDeadlineSeconds: 3 }));
  sim.start();
  await h.clock.step(3000);
  const status = h.status(sim);
  assert.equal(status.phase, 'Failed');
  assert.equal(status.reason, 'DeadlineExceeded');
  assert.equal(status.message, 'Pod was active on the node longer than the specified deadline');
  assert.equal(status.containerStatuses![0]!.state?.terminated?.exitCode, 137);
});

test('the log of a container tells its story; a restart starts a new log and keeps the previous one', async () => {
  const h = harness();
  const sim = h.sim(pod({ restartPolicy: 'OnFailure', containers: [{ name: 'job', image: 'busybox', command: ['sh', '-c', 'echo hi'] }] }, { 'nodeagent.orch.io/exit-code': '1' }));
  sim.start();
  await h.clock.step(1100);
  await h.clock.step(100);
  const previous = h.rt.logs.instance('uid-1', 'job', true)!.lines.map((l) => l.text);
  assert.deepEqual(previous, ["container job started from image docker.io/library/busybox:latest on node node-a: sh -c 'echo hi'", 'container job exited with code 1 after 1s']);
  const current = h.rt.logs.instance('uid-1', 'job', false)!.lines.map((l) => l.text);
  assert.equal(current[1], 'restart number 1');
});

test('a pod started by an earlier run of the agent is resumed from its status', async () => {
  const h = harness();
  const first = h.sim(pod({ restartPolicy: 'Never' }, { 'nodeagent.orch.io/run-seconds': '10' }));
  first.start();
  await h.clock.step(4100);
  const written = h.status(first);
  first.dispose();
  const resumed = h.sim({ ...pod({ restartPolicy: 'Never' }, { 'nodeagent.orch.io/run-seconds': '10' }), status: written });
  resumed.resume();
  let status = h.status(resumed);
  assert.equal(status.podIP, written.podIP);
  assert.equal(status.containerStatuses![0]!.containerID, written.containerStatuses![0]!.containerID);
  assert.equal(status.phase, 'Running');
  await h.clock.step(6000);
  status = h.status(resumed);
  assert.equal(status.phase, 'Succeeded', 'it exits when its run would have ended');
});

test('the status answers the generation of the spec it has seen, on itself and on its conditions', async () => {
  const h = harness();
  const first = pod();
  first.metadata.generation = 1;
  const sim = h.sim(first);
  sim.start();
  await h.clock.step(100);
  assert.equal(h.status(sim).observedGeneration, 1);
  const writes = h.writes;
  sim.update({ ...sim.pod, metadata: { ...sim.pod.metadata, generation: 2 }, spec: { ...sim.pod.spec!, activeDeadlineSeconds: 600 } });
  assert.ok(h.writes > writes, 'a new generation is written');
  const status = h.status(sim);
  assert.equal(status.observedGeneration, 2);
  assert.ok(status.conditions?.every((c) => c.type === 'PodScheduled' || c.observedGeneration === 2));
});

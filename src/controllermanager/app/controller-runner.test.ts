import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FakeClock, settle } from '../../client/clock/fake-clock.ts';
import { configureLogging } from '../../component-base/logs/klog.ts';
import { controllerDescriptors, validateControllerList } from '../../options/controllermanager/known-controllers.ts';
import type { ControllerRun } from '../controller.ts';
import { enabledControllers, isControllerEnabled } from './controllers.ts';
import { runControllers } from './controller-runner.ts';

if (!process.env.ORCH_TEST_VERBOSE) configureLogging({ sink: { write: () => {} } });

test('the table holds the spec\'s 50 controllers; three are off by default', () => {
  assert.equal(controllerDescriptors.length, 50);
  assert.deepEqual(controllerDescriptors.filter((c) => !c.enabledByDefault).map((c) => c.name), ['bootstrap-signer-controller', 'selinux-warning-controller', 'token-cleaner-controller']);
  assert.ok(controllerDescriptors.every((c) => c.name.endsWith('-controller') && c.requires.length > 0));
});

test('each controller runs as <name>, except those that keep Kubernetes\' account names', () => {
  const unlike = controllerDescriptors.filter((c) => c.serviceAccount !== c.name).map((c) => [c.name, c.serviceAccount]);
  assert.deepEqual(unlike, [
    ['orch-apiserver-serving-clustertrustbundle-publisher-controller', 'orch-apiserver-serving-clustertrustbundle-publisher'],
    ['resourceclaim-controller', 'resource-claim-controller'],
    ['root-ca-certificate-publisher-controller', 'root-ca-certificate-publisher'],
    ['storageversion-garbage-collector-controller', 'storage-version-garbage-collector'],
  ]);
});

test('--controllers: * is the on-by-default set, name adds, -name removes, -name wins', () => {
  assert.equal(enabledControllers(['*']).length, 47);
  assert.equal(isControllerEnabled('token-cleaner-controller', ['*']), false);
  assert.equal(isControllerEnabled('token-cleaner-controller', ['*', 'token-cleaner-controller']), true);
  assert.equal(isControllerEnabled('namespace-controller', ['*', '-namespace-controller']), false);
  assert.equal(isControllerEnabled('namespace-controller', ['namespace-controller', '-namespace-controller']), false);
  assert.deepEqual(enabledControllers(['ttl-controller', 'job-controller']).map((c) => c.name), ['job-controller', 'ttl-controller']);
  assert.deepEqual(enabledControllers([]), []);
  assert.deepEqual(validateControllerList(['*', '-ttl-controller', 'ttl', '-x']), [
    '--controllers: "ttl" is not in the list of known controllers',
    '--controllers: "-x" is not in the list of known controllers',
  ]);
});

test('controllers start staggered by the start interval (jittered up to 2x) and stop when the signal aborts', async () => {
  const clock = new FakeClock();
  const started: Array<[string, number]> = [];
  const t0 = clock.now();
  const impl: ControllerRun = async (ctx) => {
    await new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve()));
  };
  const controllers = enabledControllers(['job-controller', 'ttl-controller', 'cronjob-controller']);
  const implementations = Object.fromEntries(controllers.map((c) => [c.name, (async (ctx) => {
    started.push([c.name, clock.now() - t0]);
    await impl(ctx);
  }) as ControllerRun]));
  const stop = new AbortController();
  let finished = false;
  const run = runControllers(stop.signal, {
    controllers, implementations, servesResources: async () => true, startIntervalMs: 1000, shutdownTimeoutMs: 10_000, clock, random: () => 0.5,
  }).then(() => (finished = true));
  await clock.step(3000);
  assert.deepEqual(started, [['cronjob-controller', 0], ['job-controller', 1500], ['ttl-controller', 3000]]);
  stop.abort();
  await run;
  assert.equal(finished, true);
  assert.equal(clock.pending(), 0, 'the shutdown timer was cancelled');
});

test('shutdown waits at most the controller shutdown timeout for a stuck controller', async () => {
  const clock = new FakeClock();
  const stuck: ControllerRun = () => new Promise<void>(() => {});
  const stop = new AbortController();
  let finished = false;
  const run = runControllers(stop.signal, {
    controllers: enabledControllers(['job-controller']), implementations: { 'job-controller': stuck },
    servesResources: async () => true, startIntervalMs: 0, shutdownTimeoutMs: 10_000, clock,
  }).then(() => (finished = true));
  await settle();
  stop.abort();
  await clock.step(9_999);
  assert.equal(finished, false);
  await clock.step(1);
  await run;
  assert.equal(finished, true);
});

test('a controller without an implementation waits for the end, asking once whether its API is served', async () => {
  const clock = new FakeClock();
  let asked = 0;
  const stop = new AbortController();
  const run = runControllers(stop.signal, {
    controllers: enabledControllers(['namespace-controller']), implementations: {},
    servesResources: async () => (asked++, false), startIntervalMs: 0, shutdownTimeoutMs: 1000, clock,
  });
  await clock.step(60_000);
  assert.equal(asked, 1);
  stop.abort();
  await run;
});

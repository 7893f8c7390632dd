// The cluster a workload controller's e2e test runs against: orch-apiserver as orch up runs it,
// orch-controller-manager with the test's controllers, orch-scheduler and a node agent, and the
// test's namespace with its default service account. One place instead of a copy per test file.
import assert from 'node:assert/strict';
import { makeTempDir } from './apiserver.ts';
import { deferredHooks, startDaemon, type StorageDaemon } from './daemon.ts';
import { kubectlFor, type Kubectl } from './kubectl.ts';
import type { SpawnedControllerManager } from '../../src/controllermanager/testing/spawn.ts';
import { controllerWaiter, startControllers, stopControllers } from './controller-manager.ts';
import { startNodeAgent, startScheduler, type Component } from './nodes.ts';

export interface ControllerCluster {
  daemon: StorageDaemon;
  cm: SpawnedControllerManager;
  kubectl: Kubectl;
  stop(): Promise<void>;
}

export interface ControllerClusterOptions {
  name: string;
  namespace: string;
  /** The controller manager's flags (--controllers=… and the test's own). */
  flags: string[];
  /** The log line that says the controllers under test have synced. */
  readyLog: RegExp;
  nodes: number;
  /** Runs once the API server is up, before the controllers start (objects they must find). */
  prepare?: (daemon: StorageDaemon) => Promise<void>;
}

export async function startControllerCluster(opts: ControllerClusterOptions): Promise<ControllerCluster> {
  const hooks = deferredHooks();
  const components: Component[] = [];
  let cm: SpawnedControllerManager | undefined;
  let kubectl: Kubectl | undefined;
  const stop = async () => {
    kubectl?.close();
    for (const c of components) await c.stop();
    await stopControllers(cm);
    await hooks.run();
  };
  try {
    const dir = makeTempDir(`orch-${opts.name}-`);
    const daemon = await startDaemon(hooks, dir, []);
    await opts.prepare?.(daemon);
    const started = await startControllers(daemon, dir, opts.flags, opts.readyLog);
    cm = started.cm;
    components.push(startScheduler(started.orchconfig));
    components.push(await startNodeAgent(started.orchconfig, dir, opts.nodes));
    assert.equal((await daemon.call('POST', '/api/v1/namespaces', { metadata: { name: opts.namespace } })).status, 201);
    kubectl = kubectlFor(daemon, opts.namespace);
    const manager = cm;
    await controllerWaiter(() => manager, 30_000)('the default service account', async () =>
      (await daemon.call('GET', `/api/v1/namespaces/${opts.namespace}/serviceaccounts/default`)).status === 200 ? true : undefined,
    );
    return { daemon, cm, kubectl, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

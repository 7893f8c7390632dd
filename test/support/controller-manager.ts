// The real orch-controller-manager as controller end-to-end tests run it: a child process with only
// the named controllers, no leader election and no serving port, against a test API server.
// SHOW_CM_LOG=1 prints its log when it is stopped.
import { setTimeout as delay } from 'node:timers/promises';
import { spawnControllerManager, writeOrchconfig, type SpawnedControllerManager } from '../../src/controllermanager/testing/spawn.ts';

export interface StartedControllers {
  cm: SpawnedControllerManager;
  /** The orchconfig file it was started with, for starting another one against the same server. */
  orchconfig: string;
}

/** Writes an orchconfig for `server` in `dir`, starts the manager with `flags`, and waits for `readyLog`. */
export async function startControllers(server: { url: string; caFile: string; token?: string }, dir: string, flags: string[], readyLog: RegExp): Promise<StartedControllers> {
  const orchconfig = writeOrchconfig(dir, server);
  const cm = spawnControllerManager([`--orchconfig=${orchconfig}`, '--secure-port=0', '--leader-elect=false', ...flags]);
  await cm.waitForLog(readyLog);
  return { cm, orchconfig };
}

/** SIGTERM, and resolves once it has exited. */
export async function stopControllers(cm: SpawnedControllerManager | undefined): Promise<void> {
  if (!cm) return;
  cm.kill('SIGTERM');
  await cm.exited;
  if (process.env.SHOW_CM_LOG) process.stderr.write(cm.stderr());
}

/**
 * A waitFor for one file: polls a probe until it returns a value, failing after timeoutMs with the
 * tail of the log of the manager `current()` names (read when it fails, as it is set in before()).
 */
export function controllerWaiter(current: () => SpawnedControllerManager, defaultTimeoutMs = 15_000) {
  return async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = defaultTimeoutMs): Promise<T> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const value = await probe();
      if (value !== undefined) return value;
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}\n${current().stderr().slice(-3000)}`);
      await delay(50);
    }
  };
}

// The real server composed as orch-apiserver composes it (composeApiserver: admission from the
// options, every resource group, service accounts, priority and fairness, the start-up hooks and
// the RBAC pieces), in process on a free port over SQLite in a temp dir.
// `authorization-mode: ['Node', 'RBAC']` with a `token-auth-file` turns RBAC on.
import { setTimeout as delay } from 'node:timers/promises';
import type { FlagValues } from '../../src/options/flag.ts';
import type { ApiserverStorage } from '../../src/cmd/apiserver/build-storage.ts';
import type { CoreResources } from '../../src/cmd/apiserver/core-resources.ts';
import { composeApiserver, type ComposeDeps } from '../../src/cmd/apiserver/compose.ts';
import { apiRequest, makeTempDir, startTestApiserver, type TestApiserver, type TestValues } from './apiserver.ts';
import { apiserverOptions } from '../../src/options/apiserver-options.ts';
import { apiserverFeatureGates } from '../../src/options/apiserver-validate.ts';

export interface CoreApiserver extends TestApiserver {
  storage: ApiserverStorage;
  core: CoreResources;
  /** GET/POST/... as the admin, JSON bodies. */
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
}

/**
 * Admission plugins off unless a test names its own: they expect the controller manager's work
 * (default service accounts, node conditions), which does not run here. Kubernetes' integration
 * test servers turn the same ones off.
 */
export const CORE_TEST_DISABLED_ADMISSION = ['ServiceAccount', 'TaintNodesByCondition'];

export async function startCoreApiserver(values: TestValues = {}, opts: Pick<ComposeDeps, 'identityRenewIntervalMs'> = {}): Promise<CoreApiserver> {
  const all = { 'data-dir': makeTempDir('orch-core-'), 'disable-admission-plugins': CORE_TEST_DISABLED_ADMISSION, ...values } as FlagValues;
  // 'feature-gates' as the daemon reads --feature-gates: they decide the alpha and beta resources served.
  const composed = await composeApiserver(apiserverOptions(all), { featureGates: apiserverFeatureGates(all).gates, ...opts });
  const { storage, core } = composed;
  let server: TestApiserver;
  try {
    server = await startTestApiserver(values, composed.serverDeps);
  } catch (err) {
    await composed.close();
    throw err;
  }
  composed.onStarted(server.server);
  const call: CoreApiserver['call'] = async (method, path, body, headers = {}) => {
    const text = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
    const r = await apiRequest(server, path, {
      method,
      token: server.token,
      headers: text === undefined ? headers : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)), ...headers },
      body: text,
    });
    let parsed: unknown = r.body;
    try {
      parsed = JSON.parse(r.body);
    } catch {
      // not JSON: keep the text
    }
    return { status: r.status, body: parsed, headers: r.headers };
  };
  // Ready once the start-up hooks have run (the system namespaces exist).
  for (let i = 0; i < 200; i++) {
    const r = await apiRequest(server, '/readyz', { token: server.token });
    if (r.status === 200) break;
    await delay(25);
  }
  return {
    ...server,
    storage,
    core,
    call,
    async stop() {
      await server.stop();
      // The RBAC index and the admission and flow control views watch their stores: they stop before storage closes.
      await composed.close();
    },
  };
}

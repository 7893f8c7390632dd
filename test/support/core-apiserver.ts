// The real server composed as orch-apiserver composes it (admission from the options, every
// resource, the start-up hooks, and the RBAC pieces: the RBAC authorizer mode, the review APIs
// bound to the built authorizer, the bootstrap policy), in process on a free port over SQLite in
// a temp dir. `authorization-mode: ['Node', 'RBAC']` with a `token-auth-file` turns RBAC on.
import { setTimeout as delay } from 'node:timers/promises';
import type { FlagValues } from '../../src/options/flag.ts';
import { buildAdmission } from '../../src/apiserver/admission/build.ts';
import { buildApiHandler } from '../../src/apiserver/endpoints/installer.ts';
import { namespaceAccess } from '../../src/apiserver/registry/core/namespaces/access.ts';
import { buildResources } from '../../src/cmd/apiserver/build-resources.ts';
import { buildStorage, type ApiserverStorage } from '../../src/cmd/apiserver/build-storage.ts';
import { corePostStartHooks, type CoreResources } from '../../src/cmd/apiserver/core-resources.ts';
import { apiRequest, makeTempDir, startTestApiserver, type TestApiserver, type TestValues } from './apiserver.ts';
import { apiserverOptions } from '../../src/options/apiserver-options.ts';

export interface CoreApiserver extends TestApiserver {
  storage: ApiserverStorage;
  core: CoreResources;
  /** GET/POST/... as the admin, JSON bodies. */
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
}

export async function startCoreApiserver(values: TestValues = {}, opts: { identityRenewIntervalMs?: number } = {}): Promise<CoreApiserver> {
  const all = { 'data-dir': makeTempDir('orch-core-'), ...values } as FlagValues;
  let core: CoreResources | undefined;
  const admission = buildAdmission(apiserverOptions(all).admission, { namespaces: namespaceAccess(() => core!.namespaces) });
  const storage = await buildStorage(apiserverOptions(all).storage);
  const built = buildResources(apiserverOptions(all), storage, admission);
  core = built.core;
  const apiHandler = buildApiHandler({ resources: built.resources, openapi: built.openapi });
  const { access } = built;
  const postStartHooks = [...corePostStartHooks(apiserverOptions(all), undefined, core, opts), ...access.serverDeps.postStartHooks];
  const server = await startTestApiserver(values, {
    apiHandler,
    authorizationModes: access.serverDeps.authorizationModes,
    onAuthBuilt: access.serverDeps.onAuthBuilt,
    postStartHooks,
  });
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
      // The RBAC index watches its stores: stop it before storage closes.
      access.stop();
      await storage.close();
    },
  };
}

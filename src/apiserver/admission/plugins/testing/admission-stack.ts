// For end-to-end tests of admission plugins: the server composed as orch-apiserver composes it
// (admission from the options with its late-bound deps, every resource, access control, the
// start-up hooks), handed to the caller's starter so the real HTTPS server runs it.
import type { FlagValues } from '../../../../options/flag.ts';
import type { ServerDeps } from '../../../server/config.ts';
import { buildAdmission } from '../../build.ts';
import { buildApiHandler } from '../../../endpoints/installer.ts';
import { namespaceAccess } from '../../../registry/core/namespaces/access.ts';
import { buildResources } from '../../../../cmd/apiserver/build-resources.ts';
import { buildStorage, type ApiserverStorage } from '../../../../cmd/apiserver/build-storage.ts';
import { corePostStartHooks, type CoreResources } from '../../../../cmd/apiserver/core-resources.ts';
import { lateAdmissionDeps } from '../common/late-deps.ts';

export interface AdmissionStack<S> {
  server: S;
  storage: ApiserverStorage;
  core: CoreResources;
  stop(): Promise<void>;
}

export async function startAdmissionStack<S extends { stop(): Promise<void> }>(
  values: FlagValues,
  start: (values: FlagValues, deps: ServerDeps) => Promise<S>,
): Promise<AdmissionStack<S>> {
  let core: CoreResources | undefined;
  const late = lateAdmissionDeps();
  const admission = buildAdmission(values, { namespaces: namespaceAccess(() => core!.namespaces), ...late.deps });
  const storage = await buildStorage(values);
  const built = buildResources(values, storage, admission);
  core = built.core;
  late.bindServedKinds(built.resources.filter((r) => !r.subresource).map((r) => r.declaration));
  const apiHandler = buildApiHandler({ resources: built.resources, openapi: built.openapi });
  const server = await start(values, {
    apiHandler,
    authorizationModes: built.access.serverDeps.authorizationModes,
    onAuthBuilt: (auth) => {
      late.bindAuthorizer(auth.authorizer);
      built.access.serverDeps.onAuthBuilt(auth);
    },
    postStartHooks: [...corePostStartHooks(values, undefined, core), ...built.access.serverDeps.postStartHooks],
  });
  return {
    server,
    storage,
    core,
    async stop() {
      await server.stop();
      built.access.stop();
      await storage.close();
    },
  };
}

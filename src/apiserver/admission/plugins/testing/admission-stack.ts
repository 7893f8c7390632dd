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
import { lateAdmissionDeps } from '../../late-deps.ts';
import { withAdmissionRequestScope } from '../../request-scope.ts';
import { buildAdmissionRegistration, type AdmissionRegistration } from '../../../registry/admissionregistration/build.ts';
import { apiserverOptions } from '../../../../options/apiserver-options.ts';

export interface AdmissionStack<S> {
  server: S;
  storage: ApiserverStorage;
  core: CoreResources;
  registration: AdmissionRegistration;
  stop(): Promise<void>;
}

export async function startAdmissionStack<S extends { stop(): Promise<void> }>(
  values: FlagValues,
  start: (values: FlagValues, deps: ServerDeps) => Promise<S>,
  opts: { featureGates?: { enabled(name: string): boolean } } = {},
): Promise<AdmissionStack<S>> {
  let core: CoreResources | undefined;
  const late = lateAdmissionDeps();
  const admission = buildAdmission(apiserverOptions(values).admission, { namespaces: namespaceAccess(() => core!.namespaces), ...late.deps });
  const storage = await buildStorage(apiserverOptions(values).storage);
  const built = buildResources(apiserverOptions(values), storage, admission);
  const registration = buildAdmissionRegistration({ storeFor: storage.storeFor, storeName: storage.backendName, admission, featureGates: opts.featureGates, configMaps: built.core.configMaps });
  late.bindRegistration(registration);
  const resources = [...built.resources, ...registration.resources];
  core = built.core;
  late.bindServedKinds(resources.filter((r) => !r.subresource).map((r) => r.declaration));
  const apiHandler = withAdmissionRequestScope(buildApiHandler({ resources, openapi: built.openapi }));
  const server = await start(values, {
    apiHandler,
    authorizationModes: built.access.serverDeps.authorizationModes,
    onAuthBuilt: (auth) => {
      late.bindAuthorizer(auth.authorizer);
      built.access.serverDeps.onAuthBuilt(auth);
    },
    postStartHooks: [...corePostStartHooks(apiserverOptions(values), undefined, core), ...built.access.serverDeps.postStartHooks],
  });
  return {
    server,
    storage,
    core,
    registration,
    async stop() {
      await server.stop();
      built.access.stop();
      registration.stop();
      await storage.close();
    },
  };
}

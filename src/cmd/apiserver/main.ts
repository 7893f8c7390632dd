// orch-apiserver's composition: parse and validate the options, open storage, build the resources
// and their REST handler, and run the server until it is told to stop. Every part lives in its
// own module; this one only wires them together.
import { klog } from '../../component-base/logs/klog.ts';
import { applyLoggingOptions } from '../../component-base/logs/logging-options.ts';
import { versionInfo } from '../../component-base/version/version.ts';
import { loadApiserverOptions } from '../../options/apiserver-command.ts';
import { buildAdmission } from '../../apiserver/admission/build.ts';
import { buildApiHandler } from '../../apiserver/endpoints/installer.ts';
import { runApiserver } from '../../apiserver/server/run.ts';
import { buildResources } from './build-resources.ts';
import { buildStorage, type ApiserverStorage } from './build-storage.ts';
import { namespaceAccess } from '../../apiserver/registry/core/namespaces/access.ts';
import { corePostStartHooks, type CoreResources } from './core-resources.ts';
import { buildServiceAccounts } from './build-service-accounts.ts';
import { enabledResources } from './runtime-config.ts';
import { bootstrapTokenAuthenticators } from '../../apiserver/authentication/bootstrap-token.ts';
import { bootstrapTokenSecretsFrom } from '../../apiserver/authentication/bootstrap-token-secrets.ts';
import { withConnectionThrottle } from '../../apiserver/filters/with-connection-throttle.ts';
import { lateAdmissionDeps } from '../../apiserver/admission/late-deps.ts';
import { withAdmissionRequestScope } from '../../apiserver/admission/request-scope.ts';
import { buildAdmissionRegistration } from '../../apiserver/registry/admissionregistration/build.ts';
import { buildFlowControl } from '../../apiserver/flowcontrol/build.ts';
import type { CommandIO } from '../../options/command-io.ts';

const log = klog('cmd/orch-apiserver');


/** Runs orch-apiserver with its arguments (without the program name); settles with the exit code. */
export async function apiserverMain(argv: string[], io: CommandIO): Promise<number> {
  const loaded = loadApiserverOptions(argv);
  if (loaded.kind === 'exit') {
    io.stdout(loaded.stdout);
    io.stderr(loaded.stderr);
    return loaded.code;
  }
  const { options, featureGates, warnings } = loaded;

  let storage: ApiserverStorage | undefined;
  try {
    applyLoggingOptions(options.logging, featureGates);
    for (const warning of warnings) log.warning(warning);
    // Admission reads its configuration file before storage is opened: a bad file stops the start early.
    // The namespace plugins look namespaces up once the resources exist.
    let core: CoreResources | undefined;
    const late = lateAdmissionDeps();
    const admission = buildAdmission(options.admission, { namespaces: namespaceAccess(() => core!.namespaces), ...late.deps });
    storage = await buildStorage(options.storage);
    const built = buildResources(options, storage, admission);
    const registration = buildAdmissionRegistration({ storeFor: storage.storeFor, admission, featureGates, configMaps: built.core.configMaps });
    late.bindRegistration(registration);
    const flowControl = buildFlowControl({ storeFor: storage.storeFor, admission, enabled: options.limits.enablePriorityAndFairness });
    const garbageCollection = options.storage.enableGarbageCollector;
    const { storeNameFor } = storage;
    // --runtime-config: a group version switched off is neither routed nor discovered. Each
    // resource names its own backend in 503 answers (--kvstore-servers-overrides may move it).
    const resources = enabledResources(options, [...built.resources, ...registration.resources, ...flowControl.resources]).map((r) => ({
      ...r,
      garbageCollection,
      storeName: storeNameFor(r.declaration.storageResource),
    }));
    const { openapi } = built;
    core = built.core;
    late.bindServedKinds(resources.filter((r) => !r.subresource).map((r) => r.declaration));
    const serviceAccounts = await buildServiceAccounts(options, resources);
    const restHandler = buildApiHandler({
      resources,
      openapi,
      config: {
        deleteCollectionWorkers: options.storage.deleteCollectionWorkers,
        minRequestTimeoutSeconds: options.limits.minRequestTimeoutSeconds,
      },
    });
    // --max-connection-bytes-per-sec paces watches (long-running) per client connection.
    const apiHandler = withConnectionThrottle(withAdmissionRequestScope(serviceAccounts.wrap(restHandler)), { bytesPerSec: options.serving.maxConnectionBytesPerSec });
    return await runApiserver(options, {
      apiHandler,
      serviceAccountGetter: serviceAccounts.serviceAccountGetter,
      tokenAuthenticators: bootstrapTokenAuthenticators(options.authentication.enableBootstrapTokenAuth, bootstrapTokenSecretsFrom(built.resources)),
      nonResourcePaths: [...serviceAccounts.nonResourcePaths, ...flowControl.nonResourcePaths],
      flowController: flowControl.controller,
      featureGates,
      versionInfo: versionInfo(options.version),
      healthChecks: storage.healthChecks,
      readyChecks: storage.readyChecks,
      authorizationModes: built.access.serverDeps.authorizationModes,
      onAuthBuilt: (auth) => {
        late.bindAuthorizer(auth.authorizer);
        built.access.serverDeps.onAuthBuilt(auth);
      },
      postStartHooks: [...corePostStartHooks(options, featureGates, core), ...built.access.serverDeps.postStartHooks, ...storage.postStartHooks, ...flowControl.postStartHooks],
      onStarted: (server) => storage?.registerMetrics(server.metrics),
      onShutdown: [() => built.access.stop(), () => registration.stop(), () => flowControl.stop(), () => storage?.close()],
    });
  } catch (err) {
    io.stderr(`Error: ${oneLine(err)}\n`);
    await storage?.close().catch(() => undefined);
    return 1;
  }
}

function oneLine(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.replace(/\s*\n\s*/g, ' ').trim();
}

// orch-apiserver's composition, the one place every group's resources are installed: admission
// with its late-bound dependencies, storage, every resource group, --runtime-config, service
// accounts, the REST handler and the filters in front of it, and the server dependencies (hooks,
// checks, authorizer modes, the flow controller). The daemon and the test servers both build
// from here, so a group added once is served the same way by both; a test's deviations are the
// options below, never a second composition.
import type { ApiserverOptions } from '../../options/apiserver-options.ts';
import type { ServerDeps, NonResourcePath, PostStartHook } from '../../apiserver/server/config.ts';
import type { ApiServer, ShutdownHook } from '../../apiserver/server/server.ts';
import type { InstalledResource } from '../../apiserver/registry/generic/context.ts';
import type { AccessControl } from '../../apiserver/registry/rbac/access-control.ts';
import { versionInfo } from '../../component-base/version/version.ts';
import { buildAdmission } from '../../apiserver/admission/build.ts';
import { lateAdmissionDeps } from '../../apiserver/admission/late-deps.ts';
import { storedObjects } from '../../apiserver/admission/stored-objects.ts';
import { nodeAuthorization } from '../../apiserver/authorization/node/build.ts';
import { withAdmissionRequestScope } from '../../apiserver/admission/request-scope.ts';
import { buildApiHandler } from '../../apiserver/endpoints/installer.ts';
import { ServedResources } from '../../apiserver/endpoints/served-resources.ts';
import { customResourcesHook } from './build-custom-resources.ts';
import { namespaceAccess } from '../../apiserver/registry/core/namespaces/access.ts';
import { buildAdmissionRegistration, type AdmissionRegistration } from '../../apiserver/registry/admissionregistration/build.ts';
import { buildFlowControl, type FlowControl } from '../../apiserver/flowcontrol/build.ts';
import { bootstrapTokenAuthenticators } from '../../apiserver/authentication/bootstrap-token.ts';
import { bootstrapTokenSecretsFrom } from '../../apiserver/authentication/bootstrap-token-secrets.ts';
import { withConnectionThrottle } from '../../apiserver/filters/with-connection-throttle.ts';
import { buildResources } from './build-resources.ts';
import { buildStorage, type ApiserverStorage } from './build-storage.ts';
import { corePostStartHooks, type CoreResources } from './core-resources.ts';
import { buildServiceAccounts } from './build-service-accounts.ts';
import { buildAdmissionReaders } from './admission-readers.ts';
import { enabledResources } from './runtime-config.ts';
import { setAllowPrivileged } from '../../apiserver/registry/core/pods/capabilities.ts';
import { withKubernetesGroupNames } from '../../apiserver/registry/generic/alias.ts';
import { installServiceAllocation, serviceAllocationFor, serviceHooks } from './build-services.ts';
import { systemPriorityClassesHook } from '../../apiserver/registry/scheduling/priorityclasses/bootstrap.ts';
import { SCHEDULING_GROUP } from '../../api/scheduling/v1/types.ts';
import { apiRegistrationResources, buildAggregator, clusterServiceResolver } from '../../apiserver/aggregator/build.ts';
import { uiPath } from '../../apiserver/ui/serve.ts';
import { storageVersionUpdaterHook } from '../../apiserver/storageversion/updater-hook.ts';
import { apiserverIdentity } from '../../apiserver/registry/coordination/leases/identity-lease.ts';
import { checkEtcdSelection, loadEgressSelector } from '../../apiserver/egress/selector.ts';

export interface ComposeDeps {
  /** The gates the options were validated with; without them every gate has its default. */
  featureGates?: { enabled(name: string): boolean };
  /** Renewal period of the server's identity lease (Kubernetes' 10 s unless a test shortens it). */
  identityRenewIntervalMs?: number;
  /** How often the priority and fairness bootstrap objects are reconciled (tests shorten it). */
  flowControlBootstrapIntervalMs?: number;
}

/** ServerDeps as composed: the lists are always present, so a test can add to them. */
export interface ComposedServerDeps extends ServerDeps {
  nonResourcePaths: NonResourcePath[];
  postStartHooks: PostStartHook[];
}

export interface ComposedApiserver {
  /** What the server is built from (completeConfig / runApiserver). */
  serverDeps: ComposedServerDeps;
  storage: ApiserverStorage;
  /** Namespaces, config maps and leases without admission, for the server's own writes. */
  core: CoreResources;
  /** Every built-in resource served, after --runtime-config. */
  resources: InstalledResource<any, any>[];
  /** The built-in resources and those custom resource definitions add while the server runs. */
  served: ServedResources;
  access: AccessControl;
  registration: AdmissionRegistration;
  flowControl: FlowControl;
  /** Once the port is bound: storage metrics join the server's registry. */
  onStarted(server: ApiServer): void;
  /** In order, once the server has stopped: the watchers first, then storage. */
  shutdownHooks: ShutdownHook[];
  /** Runs shutdownHooks, for a caller that stops the server itself. */
  close(): Promise<void>;
}

/** Builds everything orch-apiserver serves from completed options; storage is closed again if a later step fails. */
export async function composeApiserver(options: ApiserverOptions, deps: ComposeDeps = {}): Promise<ComposedApiserver> {
  const { featureGates } = deps;
  // --allow-privileged: read by every pod spec's validation, as Kubernetes' capabilities are.
  setAllowPrivileged(options.admission.allowPrivileged);
  // Admission reads its configuration file before storage is opened: a bad file stops the start early.
  // The namespace plugins look namespaces up once the resources exist.
  let core: CoreResources | undefined;
  // --egress-selector-config-file: webhooks, aggregated servers and node agents are reached
  // through the cluster selection; read before storage is opened, so a bad file stops the start early.
  const egress = loadEgressSelector(options.other.egressSelectorConfigFile);
  checkEtcdSelection(egress, options.storage.kvstoreServers.length > 0);
  const clusterDialer = egress.dialer('cluster');
  const late = lateAdmissionDeps();
  const admission = buildAdmission(options.admission, { namespaces: namespaceAccess(() => core!.namespaces), ...late.deps, clusterDialer });
  const storage = await buildStorage(options.storage);
  const stops: Array<() => void> = [];
  try {
    const built = buildResources(options, storage, admission, late.deps.authorizer, clusterDialer);
    stops.push(() => built.access.stop());
    const registration = buildAdmissionRegistration({ storeFor: storage.storeFor, admission, featureGates, configMaps: built.core.configMaps });
    stops.push(() => registration.stop());
    late.bindRegistration(registration);
    const flowControl = buildFlowControl({
      storeFor: storage.storeFor,
      admission,
      enabled: options.limits.enablePriorityAndFairness,
      bootstrapIntervalMs: deps.flowControlBootstrapIntervalMs,
    });
    stops.push(() => flowControl.stop());
    const garbageCollection = options.storage.enableGarbageCollector;
    const { storeNameFor } = storage;
    // --runtime-config: a group version switched off is neither routed nor discovered. Each
    // resource names its own backend in 503 answers (--kvstore-servers-overrides may move it).
    // Services hold cluster IPs and node ports: their writes reserve them (--service-cluster-ip-range, --service-node-port-range).
    const serviceAllocation = serviceAllocationFor(options, storage);
    const apiRegistration = apiRegistrationResources(storage.storeFor, admission);
    // Alpha and beta resources also need their feature gates (ResourceDeclaration.featureGates).
    const enabled = enabledResources(options, [...built.resources, ...registration.resources, ...flowControl.resources, ...apiRegistration], featureGates).map((r) => ({
      ...r,
      garbageCollection,
      storeName: storeNameFor(r.declaration.storageResource),
    }));
    const allocated = installServiceAllocation(enabled, serviceAllocation);
    // --kubernetes-group-names: each x.orch.io group served as x.k8s.io too, over the same stores.
    const resources = options.versioning.kubernetesGroupNames ? withKubernetesGroupNames(allocated) : allocated;
    core = built.core;
    const services = serviceHooks(options, storage, serviceAllocation, resources, namespaceAccess(() => core!.namespaces));
    // Before storage closes: this server leaves the orch service's endpoints.
    stops.push(() => services.stop());
    const served = new ServedResources(resources, built.openapi);
    const bindServedKinds = () => late.bindServedKinds(served.all().filter((r) => !r.subresource && !r.declaration.aliasOf).map((r) => r.declaration));
    bindServedKinds();
    served.onChange(bindServedKinds);
    late.bindObjects(storedObjects(() => served.all()));
    // Webhooks named by a service reference reach it as the aggregator reaches services.
    const resolveService = clusterServiceResolver(resources, options.serving.enableAggregatorRouting);
    late.bindServiceResolver(resolveService);
    // CustomResourceDefinitions: their versions are served beside the built-in resources once established.
    const customResources = customResourcesHook({ served, storage, admission, garbageCollection, resolveService, clusterDialer });
    stops.push(() => customResources.stop());
    // APIServices: the local ones follow what is served; requests of remote ones are passed on.
    let customResourcesSynced!: () => void;
    const crdHook: PostStartHook = { ...customResources.hook, run: (ctx) => Promise.resolve(customResources.hook.run(ctx)).finally(() => customResourcesSynced()) };
    const aggregator = buildAggregator(
      { ...options.serving, requestHeader: options.authentication.requestHeader },
      { resources, served, customResourcesSynced: new Promise<void>((resolve) => (customResourcesSynced = resolve)), clusterDialer },
    );
    stops.push(() => aggregator.stop());
    // --authorization-mode Node: the graph of pods and what they use, watched once the mode is built.
    const nodeAuthz = nodeAuthorization(() => resources);
    stops.push(() => nodeAuthz.stop());
    const admissionReaders = buildAdmissionReaders(resources);
    stops.push(() => admissionReaders.stop());
    late.bindCoreObjects(admissionReaders.readers);
    const serviceAccounts = await buildServiceAccounts(options, resources);
    const restHandler = buildApiHandler({
      resources: served,
      delegated: aggregator.delegated,
      config: {
        deleteCollectionWorkers: options.storage.deleteCollectionWorkers,
        minRequestTimeoutSeconds: options.limits.minRequestTimeoutSeconds,
      },
    });
    // --max-connection-bytes-per-sec paces watches (long-running) per client connection.
    const apiHandler = withConnectionThrottle(withAdmissionRequestScope(serviceAccounts.wrap(restHandler)), { bytesPerSec: options.serving.maxConnectionBytesPerSec });
    const { access } = built;
    const shutdownHooks: ShutdownHook[] = [...stops, () => storage.close()];
    return {
      serverDeps: {
        apiHandler,
        serviceAccountGetter: serviceAccounts.serviceAccountGetter,
        tokenAuthenticators: bootstrapTokenAuthenticators(options.authentication.enableBootstrapTokenAuth, bootstrapTokenSecretsFrom(built.resources)),
        // --enable-ui: the web page's files under /ui/ (its data comes through the API).
        nonResourcePaths: [...serviceAccounts.nonResourcePaths, ...flowControl.nonResourcePaths, ...(options.serving.enableUi ? [uiPath()] : [])],
        flowController: flowControl.controller,
        featureGates,
        versionInfo: versionInfo(options.version),
        healthChecks: storage.healthChecks,
        readyChecks: storage.readyChecks,
        authorizationModes: { ...access.serverDeps.authorizationModes, Node: nodeAuthz.mode },
        onAuthBuilt: (auth) => {
          late.bindAuthorizer(auth.authorizer);
          access.serverDeps.onAuthBuilt(auth);
        },
        postStartHooks: [
          ...corePostStartHooks(options, featureGates, built.core, { identityRenewIntervalMs: deps.identityRenewIntervalMs }),
          ...access.serverDeps.postStartHooks,
          ...storage.postStartHooks,
          ...flowControl.postStartHooks,
          ...services.postStartHooks,
          crdHook,
          ...aggregator.postStartHooks,
          systemPriorityClassesHook(() => resources.find((r) => !r.subresource && !r.declaration.aliasOf && r.declaration.group === SCHEDULING_GROUP && r.declaration.plural === 'priorityclasses')),
          // StorageVersionAPI: this server's storage versions, under its identity lease's name.
          ...(featureGates?.enabled('StorageVersionAPI') && featureGates.enabled('APIServerIdentity') ? [storageVersionUpdaterHook({ resources: () => resources, serverId: apiserverIdentity() })] : []),
        ],
      },
      storage,
      core: built.core,
      resources,
      served,
      access,
      registration,
      flowControl,
      onStarted: (server) => storage.registerMetrics(server.metrics),
      shutdownHooks,
      close: () => runInOrder(shutdownHooks),
    };
  } catch (err) {
    await runInOrder([...stops, () => storage.close()]).catch(() => undefined);
    throw err;
  }
}

/** Runs every hook even when one fails, and then rejects with the first failure. */
async function runInOrder(hooks: readonly ShutdownHook[]): Promise<void> {
  let first: unknown;
  let failed = false;
  for (const hook of hooks) {
    try {
      await hook();
    } catch (err) {
      if (!failed) first = err;
      failed = true;
    }
  }
  if (failed) throw first;
}

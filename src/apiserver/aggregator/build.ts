// The aggregator in the composition: the apiservices resource, the local APIServices kept for the
// group-versions served here (autoregister.ts), the availability controller of the remote ones,
// and the DelegatedApis the REST handler passes their requests to. Options: --proxy-client-cert-file
// and --proxy-client-key-file (the certificate shown to aggregated servers),
// --requestheader-*-headers (the identity headers), --enable-aggregator-routing and
// --aggregator-reject-forwarding-redirect. Without the apiservices resource (switched off by
// --runtime-config) nothing is aggregated.
import { readFileSync } from 'node:fs';
import type { APIService } from '../../api/apiregistration/v1/types.ts';
import { APIREGISTRATION_GROUP } from '../../api/apiregistration/v1/types.ts';
import type { Endpoints } from '../../api/core/v1/endpoints-types.ts';
import type { Service } from '../../api/core/v1/service-types.ts';
import type { ApiObject, Store } from '../../storage/interface.ts';
import type { GroupResourceName } from '../../storage/keys.ts';
import type { Admission } from '../admission/types.ts';
import type { ServedResources } from '../endpoints/served-resources.ts';
import type { DelegatedApis } from '../endpoints/delegated-apis.ts';
import { watchStoreView, type StoreView } from '../registry/admissionregistration/store-view.ts';
import { apiregistrationDeclarations } from '../registry/apiregistration/declarations.ts';
import type { InstalledResource } from '../registry/generic/context.ts';
import { collectionPrefix, objectKey } from '../registry/generic/keys.ts';
import type { PostStartHook } from '../server/config.ts';
import { startAvailabilityController, type AvailabilityController } from './availability-controller.ts';
import { autoRegistration, type GroupVersion } from './autoregister.ts';
import { aggregatorApis } from './delegated-apis.ts';
import { identityHeaderNames } from './identity-headers.ts';
import type { ProxyDeps } from './proxy.ts';
import { serviceResolver, type ServiceResolver } from './resolver.ts';
import type { EgressDialer } from '../egress/selector.ts';
import type { ServiceLookup } from './service-lookup.ts';
import { followStore } from './store-follower.ts';
import type { ProxyClientCertificate } from './transport.ts';

export interface AggregatorOptions {
  enableAggregatorRouting: boolean;
  aggregatorRejectForwardingRedirect: boolean;
  proxyClientCertFile: string;
  proxyClientKeyFile: string;
  requestHeader: { usernameHeaders: readonly string[]; groupHeaders: readonly string[]; extraHeadersPrefix: readonly string[] };
}

/** The resources of the apiregistration group, over their stores, writes admitted by `admission`. */
export function apiRegistrationResources(storeFor: (gr: GroupResourceName) => Store<ApiObject>, admission: Admission): InstalledResource<any, any>[] {
  return apiregistrationDeclarations().map((declaration) => ({ declaration, store: storeFor(declaration.storageResource), admission }));
}

export interface Aggregator {
  /** For the REST handler; undefined when APIServices are not served. */
  delegated?: DelegatedApis;
  postStartHooks: PostStartHook[];
  stop(): void;
}

export interface AggregatorDeps {
  /** Every built-in resource served (after --runtime-config, with the Kubernetes-named aliases). */
  resources: readonly InstalledResource<any, any>[];
  served: ServedResources;
  /** Settles once the CustomResourceDefinitions stored at start are served. */
  customResourcesSynced: Promise<void>;
  /** The egress selector's cluster dialer: remote APIServices' servers are reached through it. */
  clusterDialer?: EgressDialer;
}

const find = (resources: readonly InstalledResource<any, any>[], group: string, plural: string) =>
  resources.find((r) => !r.subresource && !r.declaration.aliasOf && r.declaration.group === group && r.declaration.plural === plural);

function readClientCertificate(opts: AggregatorOptions): ProxyClientCertificate | undefined {
  if (!opts.proxyClientCertFile || !opts.proxyClientKeyFile) return undefined;
  return { cert: readFileSync(opts.proxyClientCertFile, 'utf8'), key: readFileSync(opts.proxyClientKeyFile, 'utf8') };
}

function lookupOver(services: InstalledResource<any, any> | undefined, endpoints: InstalledResource<any, any> | undefined): ServiceLookup {
  const read = async <T>(res: InstalledResource<any, any> | undefined, ns: string, name: string): Promise<T | undefined> => {
    if (!res) return undefined;
    const stored = await res.store.get(objectKey(res.declaration, ns, name), { ignoreNotFound: true, readOnly: true });
    return stored ? (res.declaration.fromStored(stored) as T) : undefined;
  };
  return {
    service: (ns, name) => read<Service>(services, ns, name),
    endpoints: (ns, name) => read<Endpoints>(endpoints, ns, name),
  };
}

const groupVersionsOf = (resources: readonly InstalledResource<any, any>[]): GroupVersion[] => {
  const seen = new Map<string, GroupVersion>();
  for (const r of resources) if (!r.subresource) seen.set(`${r.declaration.group}/${r.declaration.version}`, { group: r.declaration.group, version: r.declaration.version });
  return [...seen.values()];
};

/**
 * How this server reaches a service (APIServices, and webhooks named by a service reference): over
 * the served services and endpoints, through endpoints with --enable-aggregator-routing.
 */
export function clusterServiceResolver(resources: readonly InstalledResource<any, any>[], endpointRouting: boolean): ServiceResolver {
  return serviceResolver(lookupOver(find(resources, '', 'services'), find(resources, '', 'endpoints')), endpointRouting);
}

export function buildAggregator(options: AggregatorOptions, deps: AggregatorDeps): Aggregator {
  const apiServices = find(deps.resources, APIREGISTRATION_GROUP, 'apiservices') as InstalledResource<APIService, APIService> | undefined;
  if (!apiServices) return { postStartHooks: [], stop: () => {} };
  const services = find(deps.resources, '', 'services');
  const endpoints = find(deps.resources, '', 'endpoints');
  const lookup = lookupOver(services, endpoints);
  const proxyDeps: ProxyDeps = {
    resolve: serviceResolver(lookup, options.enableAggregatorRouting),
    clientCertificate: readClientCertificate(options),
    clusterDialer: deps.clusterDialer,
    identity: identityHeaderNames(options.requestHeader),
    rejectForwardingRedirects: options.aggregatorRejectForwardingRedirect,
  };
  const view: StoreView<APIService> = watchStoreView(apiServices.store, collectionPrefix(apiServices.declaration, ''), 'APIService');
  const delegated = aggregatorApis(view, proxyDeps);
  const builtIn = groupVersionsOf(deps.resources);
  const registration = autoRegistration({
    apiServices,
    view,
    builtIn: () => builtIn,
    customResources: () => groupVersionsOf(deps.served.all().filter((r) => r.declaration.customResource)),
  });
  let availability: AvailabilityController | undefined;
  const followers: Array<{ stop(): void }> = [];
  let unsubscribe: (() => void) | undefined;
  return {
    delegated,
    postStartHooks: [
      {
        name: 'kube-apiserver-autoregistration',
        async run() {
          await view.synced;
          // The versions of the definitions stored at start are served first, so their APIServices are kept.
          await deps.customResourcesSynced;
          await registration.sync();
          unsubscribe = deps.served.onChange(() => void registration.sync());
        },
      },
      {
        name: 'apiservice-status-remote-available-controller',
        async run() {
          await view.synced;
          availability = startAvailabilityController({
            ...proxyDeps,
            lookup,
            apiServices: view,
            writeStatus: async (name, next) => {
              await apiServices.store
                .guaranteedUpdate(objectKey(apiServices.declaration, '', name), {
                  tryUpdate: (current) => {
                    const updated = current && next(current);
                    if (!updated) throw new NothingToWrite();
                    return { object: updated };
                  },
                })
                .catch((err) => {
                  if (!(err instanceof NothingToWrite)) throw err;
                });
            },
          });
          const changed = (obj: ApiObject) => availability?.serviceChanged(obj.metadata.namespace ?? '', obj.metadata.name ?? '');
          for (const res of [services, endpoints]) if (res) followers.push(followStore(res.store, collectionPrefix(res.declaration, ''), changed));
        },
      },
    ],
    stop() {
      unsubscribe?.();
      registration.stop();
      availability?.stop();
      for (const f of followers) f.stop();
      delegated.stop();
      view.stop();
    },
  };
}

class NothingToWrite extends Error {}

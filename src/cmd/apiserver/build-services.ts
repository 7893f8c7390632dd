// orch-apiserver's service allocation and the orch service, composed from its options: the
// allocators of --service-cluster-ip-range and --service-node-port-range, which the services
// resource is installed with; the repair hook over the services' store; and the bootstrap
// controller that keeps default/orch and its endpoints (--endpoint-reconciler-type,
// --orch-service-node-port) and the default ServiceCIDR of the range, writing without admission
// as the server's own writes do.
import type { ApiserverOptions } from '../../options/apiserver-options.ts';
import type { Endpoints } from '../../api/core/v1/endpoints-types.ts';
import type { Service } from '../../api/core/v1/service-types.ts';
import type { PostStartHook } from '../../apiserver/server/config.ts';
import type { NamespaceAccess } from '../../apiserver/admission/namespace-access.ts';
import type { InstalledResource } from '../../apiserver/registry/generic/context.ts';
import { collectionPrefix } from '../../apiserver/registry/generic/keys.ts';
import { buildServiceAllocation, type ServiceAllocationSetup } from '../../apiserver/registry/core/services/allocation/build.ts';
import { buildOrchService } from '../../apiserver/registry/core/services/orch-service/build.ts';
import { defaultServiceCIDRController } from '../../apiserver/registry/networking/servicecidrs/default-servicecidr.ts';
import { subresourceOf } from '../../apiserver/endpoints/subresources.ts';
import type { ApiserverStorage } from './build-storage.ts';

export type { ServiceAllocationSetup };

/** The allocators; throws with kube-apiserver's message when a range cannot serve. */
export function serviceAllocationFor(options: ApiserverOptions, storage: ApiserverStorage): ServiceAllocationSetup {
  return buildServiceAllocation(
    {
      serviceClusterIPRange: options.serving.serviceClusterIPRange,
      nodePortRange: options.serving.serviceNodePortRange,
      requestTimeoutMs: options.limits.requestTimeoutMs,
    },
    storage.storeFor,
  );
}

/** The resources with the allocation installed on the services resource itself (its /status writes allocate nothing). */
export function installServiceAllocation<R extends InstalledResource<any, any>>(resources: R[], setup: ServiceAllocationSetup): R[] {
  return resources.map((r) => (r.declaration.group === '' && r.declaration.plural === 'services' && !r.subresource ? { ...r, allocation: setup.allocation } : r));
}

export interface ServiceHooks {
  postStartHooks: PostStartHook[];
  /** Takes this server out of the orch service's endpoints; runs at shutdown, before storage closes. */
  stop(): Promise<void>;
}

/** The repair and orch service hooks over the served resources (found by plural; absent when --runtime-config switched them off). */
export function serviceHooks(
  options: ApiserverOptions,
  storage: ApiserverStorage,
  setup: ServiceAllocationSetup,
  resources: readonly InstalledResource<any, any>[],
  namespaces: NamespaceAccess,
): ServiceHooks {
  const find = <T extends InstalledResource<any, any>>(plural: string): T | undefined => {
    const found = resources.find((r) => r.declaration.group === '' && r.declaration.plural === plural && !r.subresource);
    return found ? ({ ...found, admission: undefined } as T) : undefined;
  };
  const services = find<InstalledResource<Service, Service>>('services');
  const endpoints = find<InstalledResource<Endpoints, Endpoints>>('endpoints');
  const cidrHooks = defaultServiceCIDRHooks(setup, resources);
  if (!services) return { postStartHooks: cidrHooks, stop: async () => undefined };
  const repair = setup.repairHook({ store: services.store, prefix: collectionPrefix(services.declaration, '') });
  if (!endpoints) return { postStartHooks: [repair, ...cidrHooks], stop: async () => undefined };
  const controller = buildOrchService({
    endpointReconcilerType: options.serving.endpointReconcilerType,
    orchServiceNodePort: options.serving.orchServiceNodePort,
    serviceIP: setup.orchServiceIP,
    services: () => services,
    endpoints: () => endpoints,
    namespaces,
    storeFor: storage.storeFor,
    after: [repair.ready],
  });
  return { postStartHooks: [repair, controller, ...cidrHooks], stop: () => controller.stop() };
}

/** The default ServiceCIDR of --service-cluster-ip-range, when networking.orch.io/v1 servicecidrs are served. */
function defaultServiceCIDRHooks(setup: ServiceAllocationSetup, resources: readonly InstalledResource<any, any>[]): PostStartHook[] {
  const found = resources.find((r) => r.declaration.group === 'networking.orch.io' && r.declaration.plural === 'servicecidrs' && !r.subresource);
  if (!found) return [];
  const main = { ...found, admission: undefined };
  const status = subresourceOf(main, 'status')!;
  return [defaultServiceCIDRController({ cidrs: setup.ranges.map((r) => r.cidr), serviceCIDRs: () => main, status: () => status })];
}

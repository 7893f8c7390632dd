// The orch service controller from the server's options: the endpoint reconciler that
// --endpoint-reconciler-type names (lease leases live 15 seconds, Kubernetes'
// DefaultEndpointReconcilerTTL, renewed every 10), over the resources without admission, as the
// server's own writes are.
import type { Endpoints } from '../../../../../api/core/v1/endpoints-types.ts';
import type { Service } from '../../../../../api/core/v1/service-types.ts';
import type { NamespaceAccess } from '../../../../admission/namespace-access.ts';
import type { InstalledResource } from '../../../generic/context.ts';
import type { StoreFor } from '../allocation/build.ts';
import { orchServiceController, type OrchServiceController } from './controller.ts';
import { leaseEndpointReconciler, masterCountEndpointReconciler, noneEndpointReconciler, type EndpointReconciler } from './endpoint-reconcilers.ts';
import { MASTER_LEASES_RESOURCE, masterLeases } from './master-leases.ts';

export const MASTER_LEASE_TTL_SECONDS = 15;

export interface OrchServiceBuildOptions {
  /** --endpoint-reconciler-type. */
  endpointReconcilerType: string;
  /** --orch-service-node-port. */
  orchServiceNodePort: number;
  serviceIP: string;
  services: () => InstalledResource<Service, Service>;
  endpoints: () => InstalledResource<Endpoints, Endpoints>;
  namespaces: NamespaceAccess;
  storeFor: StoreFor;
  after?: Promise<unknown>[];
  /** Reconcile period (tests shorten it) and lease time to live, which follows it. */
  intervalMs?: number;
}

function reconcilerFor(opts: OrchServiceBuildOptions): EndpointReconciler {
  switch (opts.endpointReconcilerType) {
    case 'none':
      return noneEndpointReconciler();
    case 'master-count':
      return masterCountEndpointReconciler(opts.endpoints);
    default: {
      const ttl = opts.intervalMs ? Math.ceil((opts.intervalMs * 1.5) / 1000) : MASTER_LEASE_TTL_SECONDS;
      return leaseEndpointReconciler(opts.endpoints, masterLeases(opts.storeFor<Endpoints>(MASTER_LEASES_RESOURCE), ttl));
    }
  }
}

export function buildOrchService(opts: OrchServiceBuildOptions): OrchServiceController {
  return orchServiceController({
    services: opts.services,
    namespaces: opts.namespaces,
    reconciler: reconcilerFor(opts),
    serviceIP: opts.serviceIP,
    nodePort: opts.orchServiceNodePort,
    after: opts.after,
    intervalMs: opts.intervalMs,
  });
}

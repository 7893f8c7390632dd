// What the aggregator reads of the cluster's services: a Service and its Endpoints by namespace and
// name, straight from their stores (undefined when missing). A leaf seam, so the resolver and the
// availability checks can be tested over plain objects.
import type { Endpoints } from '../../api/core/v1/endpoints-types.ts';
import type { Service } from '../../api/core/v1/service-types.ts';

export interface ServiceLookup {
  service(namespace: string, name: string): Promise<Service | undefined>;
  endpoints(namespace: string, name: string): Promise<Endpoints | undefined>;
}

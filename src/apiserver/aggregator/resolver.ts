// Where a remote APIService's requests go, as Kubernetes' service resolvers decide. Without
// --enable-aggregator-routing: the service's cluster IP and port (ClusterIP, NodePort and
// LoadBalancer services; not a headless one), or for an ExternalName service its external name
// and the APIService's port. With it: one of the ready addresses of the service's Endpoints, at
// the endpoint port named as the service port is. This server has no service proxy, so a cluster
// IP is only reachable where something else routes it; an ExternalName service (or endpoint
// routing) reaches a server anywhere.
import type { Service } from '../../api/core/v1/service-types.ts';
import type { ServiceLookup } from './service-lookup.ts';

export interface ResolvedEndpoint {
  host: string;
  port: number;
}

/** Why a service cannot be reached; the message is Kubernetes'. */
export class ResolveError extends Error {}

function findServicePort(svc: Service, port: number) {
  const found = (svc.spec?.ports ?? []).find((p) => p.port === port);
  if (!found) throw new ResolveError(`no service port ${port} found for service "${svc.metadata.name}"`);
  return found;
}

async function serviceOf(lookup: ServiceLookup, namespace: string, name: string): Promise<Service> {
  const svc = await lookup.service(namespace, name);
  if (!svc) throw new ResolveError(`service "${name}" not found`);
  return svc;
}

const typeOf = (svc: Service) => svc.spec?.type ?? 'ClusterIP';

async function resolveCluster(lookup: ServiceLookup, namespace: string, name: string, port: number): Promise<ResolvedEndpoint> {
  const svc = await serviceOf(lookup, namespace, name);
  const type = typeOf(svc);
  if (type === 'ClusterIP' && svc.spec?.clusterIP === 'None') throw new ResolveError('cannot route to service with ClusterIP "None"');
  if (type === 'ClusterIP' || type === 'NodePort' || type === 'LoadBalancer') {
    return { host: svc.spec?.clusterIP ?? '', port: findServicePort(svc, port).port };
  }
  if (type === 'ExternalName') return { host: svc.spec?.externalName ?? '', port };
  throw new ResolveError(`unsupported service type "${type}"`);
}

async function resolveEndpoints(lookup: ServiceLookup, namespace: string, name: string, port: number): Promise<ResolvedEndpoint> {
  const svc = await serviceOf(lookup, namespace, name);
  const svcPort = findServicePort(svc, port);
  const type = typeOf(svc);
  if (type !== 'ClusterIP' && type !== 'NodePort' && type !== 'LoadBalancer') throw new ResolveError(`unsupported service type "${type}"`);
  const eps = await lookup.endpoints(namespace, name);
  if (!eps) throw new ResolveError(`endpoints "${name}" not found`);
  const all: ResolvedEndpoint[] = [];
  for (const subset of eps.subsets ?? []) {
    for (const p of subset.ports ?? []) {
      if ((p.name ?? '') !== (svcPort.name ?? '')) continue;
      for (const address of subset.addresses ?? []) all.push({ host: address.ip, port: p.port });
    }
  }
  if (!all.length) throw new ResolveError(`no endpoints available for service "${name}"`);
  return all[Math.floor(Math.random() * all.length)]!;
}

export type ServiceResolver = (namespace: string, name: string, port: number) => Promise<ResolvedEndpoint>;

export function serviceResolver(lookup: ServiceLookup, endpointRouting: boolean): ServiceResolver {
  return (namespace, name, port) => (endpointRouting ? resolveEndpoints : resolveCluster)(lookup, namespace, name, port);
}

/** `host:port`, with brackets around an IPv6 address. */
export function hostPort(e: ResolvedEndpoint): string {
  return e.host.includes(':') ? `[${e.host}]:${e.port}` : `${e.host}:${e.port}`;
}

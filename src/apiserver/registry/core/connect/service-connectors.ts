// services/proxy, as Kubernetes serves it: `name`, `name:port` or `scheme:name:port`, where a
// numeric port is the service's port (its name then picks the endpoint port) and a name is the
// endpoint port's own. The request goes to a ready address of the service's Endpoints, chosen at
// random, whose target pod (same namespace) still holds that address; none is a 503.
import { badRequest, serviceUnavailable } from '../../../../machinery/status.ts';
import { goQuote } from '../../../../machinery/validation/go-format.ts';
import { getObject } from '../../generic/get.ts';
import type { ConnectRequest, Connector, InstalledResource } from '../../generic/context.ts';
import type { BackendTarget } from './backend-target.ts';
import type { ConnectEndpoints, ConnectPod, ConnectService } from './connect-shapes.ts';
import { forwardHttp } from './forward-http.ts';
import { proxyPath, rawQuery } from './proxy-path.ts';
import { proxyTarget } from './proxy-target.ts';
import { splitSchemeNamePort } from './scheme-name-port.ts';
import type { EgressDialer } from '../../../egress/selector.ts';
import { isUpgrade, upgradeTo } from './upgrade-target.ts';

export interface ServiceAccess {
  services: InstalledResource<any, any>;
  endpoints: InstalledResource<any, any> | undefined;
  pods: InstalledResource<any, any> | undefined;
  /** The egress selector's cluster dialer; none: endpoints are dialled directly. */
  egress?: EgressDialer;
  /** [0, n): the random choices of subset and address (a seam for tests). */
  random?: (n: number) => number;
}

type EndpointAddress = NonNullable<NonNullable<ConnectEndpoints['subsets']>[number]['addresses']>[number];

/** The endpoint port name a request's port means; a numeric port must be one of the service's. */
async function endpointPortName(access: ServiceAccess, name: string, namespace: string, port: string): Promise<string> {
  if (!/^[+-]?\d+$/.test(port)) return port;
  const svc = (await getObject(access.services, name, namespace, '', true)) as ConnectService;
  const wanted = Number(port);
  const found = (svc.spec?.ports ?? []).find((p) => p.port === wanted);
  if (!found) throw serviceUnavailable(`no service port ${wanted} found for service ${goQuote(name)}`);
  return found.name ?? '';
}

export function serviceConnectors(access: ServiceAccess): Record<string, Connector> {
  const random = access.random ?? ((n: number) => Math.floor(Math.random() * n));

  /** The address still belongs to the pod it names, in the request's namespace. */
  async function isValidAddress(address: EndpointAddress, namespace: string): Promise<boolean> {
    const ref = address.targetRef;
    if (!ref?.name || ref.namespace !== namespace || !access.pods) return false;
    try {
      const pod = (await getObject(access.pods, ref.name, namespace, '', true)) as ConnectPod;
      return (pod.status?.podIPs ?? []).some((p) => p.ip === address.ip);
    } catch {
      return false;
    }
  }

  async function endpointTarget(id: { scheme: string; name: string; port: string }, fullId: string, namespace: string): Promise<BackendTarget> {
    const portName = await endpointPortName(access, id.name, namespace, id.port);
    if (!access.endpoints) throw serviceUnavailable(`no endpoints available for service ${goQuote(id.name)}`);
    const eps = (await getObject(access.endpoints, id.name, namespace, '', true)) as ConnectEndpoints;
    const subsets = eps.subsets ?? [];
    if (subsets.length === 0) throw serviceUnavailable(`no endpoints available for service ${goQuote(id.name)}`);
    const subsetSeed = random(subsets.length);
    for (let i = 0; i < subsets.length; i++) {
      const subset = subsets[(subsetSeed + i) % subsets.length]!;
      const addresses = subset.addresses ?? [];
      if (addresses.length === 0) continue;
      for (const port of subset.ports ?? []) {
        if ((port.name ?? '') !== portName) continue;
        const addressSeed = random(addresses.length);
        for (let t = 0; t < addresses.length; t++) {
          const address = addresses[(addressSeed + t) % addresses.length]!;
          if (await isValidAddress(address, namespace)) return { ...proxyTarget(id.scheme, address.ip, String(port.port)), egress: access.egress };
        }
      }
    }
    throw serviceUnavailable(`no endpoints available for service ${goQuote(fullId)}`);
  }

  async function proxy(request: ConnectRequest): Promise<void> {
    const id = splitSchemeNamePort(request.name);
    if (!id) throw badRequest(`invalid service request ${goQuote(request.name)}`);
    const target = await endpointTarget(id, request.name, request.namespace);
    const path = `${proxyPath(request.path)}${rawQuery(request.req)}`;
    await (isUpgrade(request) ? upgradeTo(request, target, path) : forwardHttp(request, target, path));
  }
  return { proxy };
}

// The bootstrap-controller post-start hook, Kubernetes' "kubernetes" service controller: the
// service default/orch (the first address of the primary service range, port 443 named https onto
// this server's port) is created when missing, and its Endpoints kept by the endpoint reconciler
// every ten seconds. At start-up this server first takes out a lease a previous run left behind
// (it did not stop cleanly); on shutdown it takes itself out so clients move to the others sooner.
// The hook finishes once the service exists (so /readyz means it does) and the endpoints have
// been tried once.
import type { EndpointPort } from '../../../../../api/core/v1/endpoints-types.ts';
import type { Service, ServicePort } from '../../../../../api/core/v1/service-types.ts';
import { klog } from '../../../../../component-base/logs/klog.ts';
import { isAlreadyExists, isNotFound } from '../../../../../machinery/status.ts';
import type { PostStartHook } from '../../../../server/config.ts';
import type { InstalledResource } from '../../../generic/context.ts';
import { createObject } from '../../../generic/create.ts';
import { getObject } from '../../../generic/get.ts';
import type { NamespaceAccess } from '../../../../admission/namespace-access.ts';
import type { EndpointReconciler } from './endpoint-reconcilers.ts';
import { isLoopback, isUnspecified, parseIPSloppy } from '../../../../../machinery/validation/ip.ts';

const log = klog('registry/services/orch-service');

export const ORCH_SERVICE_NAME = 'orch';
export const ORCH_SERVICE_NAMESPACE = 'default';
/** Kubernetes' DefaultEndpointReconcilerInterval. */
export const ENDPOINT_INTERVAL_MS = 10_000;
const SERVICE_PORT = 443;
const PORT_NAME = 'https';

const WRITE = { dryRun: false, fieldValidation: 'Ignore' as const, fieldManager: 'orch-apiserver' };

export interface OrchServiceOptions {
  services: () => InstalledResource<Service, Service>;
  namespaces: NamespaceAccess;
  reconciler: EndpointReconciler;
  /** The first address of the primary service range. */
  serviceIP: string;
  /** --orch-service-node-port; 0 makes the service a ClusterIP one. */
  nodePort: number;
  /** Settle before the first write: the repair's first pass, the system namespaces. */
  after?: Promise<unknown>[];
  intervalMs?: number;
}

export function orchServiceSpec(serviceIP: string, targetPort: number, nodePort: number): Service {
  const port: ServicePort = { name: PORT_NAME, protocol: 'TCP', port: SERVICE_PORT, targetPort };
  if (nodePort > 0) port.nodePort = nodePort;
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: ORCH_SERVICE_NAME, namespace: ORCH_SERVICE_NAMESPACE, labels: { provider: 'orch', component: 'apiserver' } },
    spec: {
      ports: [port],
      clusterIP: serviceIP,
      ipFamilyPolicy: 'SingleStack',
      sessionAffinity: 'None',
      type: nodePort > 0 ? 'NodePort' : 'ClusterIP',
    },
  };
}

function isLoopbackOrUnspecified(address: string): boolean {
  const ip = parseIPSloppy(address);
  return !ip || isLoopback(ip) || isUnspecified(ip);
}

export interface OrchServiceController extends PostStartHook {
  /** Takes this server out of the endpoints (bounded by two intervals); called at shutdown. */
  stop(): Promise<void>;
}

export function orchServiceController(opts: OrchServiceOptions): OrchServiceController {
  const interval = opts.intervalMs ?? ENDPOINT_INTERVAL_MS;
  let identity: { ip: string; ports: EndpointPort[] } | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopping: Promise<void> | undefined;

  async function ensureService(targetPort: number): Promise<void> {
    const res = opts.services();
    try {
      await getObject(res, ORCH_SERVICE_NAME, ORCH_SERVICE_NAMESPACE);
      return;
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
    await opts.namespaces.create(ORCH_SERVICE_NAMESPACE);
    try {
      await createObject(res, orchServiceSpec(opts.serviceIP, targetPort, opts.nodePort), ORCH_SERVICE_NAMESPACE, WRITE);
      log.info('Created the orch service', { clusterIP: opts.serviceIP }, 2);
    } catch (err) {
      // Another API server created it meanwhile.
      if (!isAlreadyExists(err)) throw err;
    }
  }

  // The same failure every ten seconds (a loopback advertise address, which Endpoints may not
  // hold) is logged once, and again only when it changes.
  let lastFailure = '';
  function reportFailure(err: unknown): void {
    const message = String((err as Error)?.message ?? err);
    if (message === lastFailure) return log.info('Unable to sync the orch service', { err: message }, 4);
    lastFailure = message;
    log.error('Unable to sync the orch service', { err: message });
  }

  async function reconcileEndpoints(ip: string, ports: EndpointPort[], reconcilePorts: boolean): Promise<void> {
    try {
      await opts.reconciler.reconcile(ORCH_SERVICE_NAME, ip, ports, reconcilePorts);
      lastFailure = '';
    } catch (err) {
      reportFailure(err);
    }
  }

  function stop(): Promise<void> {
    stopping ??= (async () => {
      clearTimeout(timer);
      opts.reconciler.stop();
      if (!identity) return;
      const removal = opts.reconciler.remove(ORCH_SERVICE_NAME, identity.ip, identity.ports).catch((err: unknown) => {
        log.error('Unable to remove this server from the orch service endpoints', { err: String((err as Error)?.message ?? err) });
      });
      let bound: NodeJS.Timeout | undefined;
      // Storage may be gone: do not hold shutdown up for long.
      await Promise.race([removal, new Promise<void>((resolve) => (bound = setTimeout(resolve, 2 * interval)))]);
      clearTimeout(bound);
    })();
    return stopping;
  }

  return {
    name: 'bootstrap-controller',
    stop,
    async run({ signal, port, advertiseAddress }) {
      if (!port || !advertiseAddress) throw new Error('the orch service needs the server port and advertise address');
      const ports: EndpointPort[] = [{ name: PORT_NAME, port, protocol: 'TCP' }];
      if (!isLoopbackOrUnspecified(advertiseAddress)) identity = { ip: advertiseAddress, ports };
      signal.addEventListener('abort', () => void stop(), { once: true });
      if (identity && (await opts.reconciler.remove(ORCH_SERVICE_NAME, advertiseAddress, ports).catch(() => false))) {
        log.error('Found stale data, removed previous endpoints on the orch service; the API server did not stop cleanly before');
      }
      await Promise.all(opts.after ?? []);
      // The service gates readiness; its endpoints, as in Kubernetes, do not. The first pass sets
      // the endpoint ports as well; later passes leave them as they are, as Kubernetes does.
      for (;;) {
        if (signal.aborted) return;
        try {
          await ensureService(port);
          break;
        } catch (err) {
          reportFailure(err);
          await new Promise((resolve) => setTimeout(resolve, 1000).unref());
        }
      }
      // Endpoints may not hold a loopback address: a server advertising one (a single host's
      // cluster, as `orch up` runs it) serves the orch service without endpoints.
      const listable = identity !== undefined;
      if (!listable) log.info('The advertise address is a loopback address, which Endpoints may not hold: the orch service gets no endpoints from this server', { address: advertiseAddress }, 1);
      if (listable) await reconcileEndpoints(advertiseAddress, ports, true);
      const tick = () => {
        timer = setTimeout(async () => {
          try {
            await ensureService(port);
            if (listable) await reconcileEndpoints(advertiseAddress, ports, false);
          } catch (err) {
            reportFailure(err);
          }
          if (!signal.aborted && !stopping) tick();
        }, interval);
        timer.unref();
      };
      tick();
    },
  };
}

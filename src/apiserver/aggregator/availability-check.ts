// One availability check of a remote APIService, as Kubernetes' remote availability controller
// makes it: the service must exist; a ClusterIP service must have the port and endpoints with a
// ready address on the port's name; then its server must answer GET /apis/<group>/<version>
// (/api/v1 for the core group) with a 2xx within 5 seconds, asked five times at once as
// system:kube-aggregator in system:masters, one success being enough. The condition it
// yields carries Kubernetes' reasons and messages.
import type { APIService, APIServiceCondition } from '../../api/apiregistration/v1/types.ts';
import { DEFAULT_SERVICE_PORT } from '../../api/apiregistration/v1/types.ts';
import { nowTimestamp } from '../registry/generic/object-meta.ts';
import { backendUrl, callBackend } from './backend-client.ts';
import { identityHeaders, type IdentityHeaderNames } from './identity-headers.ts';
import { hostPort, type ServiceResolver } from './resolver.ts';
import type { ServiceLookup } from './service-lookup.ts';
import { backendTls, type ProxyClientCertificate } from './transport.ts';
import type { EgressDialer } from '../egress/selector.ts';

const ATTEMPTS = 5;
const REQUEST_TIMEOUT_MS = 5000;
const CHECKER = { name: 'system:kube-aggregator', groups: ['system:masters'] };

export interface CheckDeps {
  lookup: ServiceLookup;
  resolve: ServiceResolver;
  clientCertificate?: ProxyClientCertificate;
  /** The egress selector's cluster dialer; none: backends are dialled directly. */
  clusterDialer?: EgressDialer;
  identity: IdentityHeaderNames;
}

export interface CheckResult {
  condition: APIServiceCondition;
  /** The discovery check failed: check again soon. */
  retry: boolean;
}

function condition(status: string, reason: string, message: string): APIServiceCondition {
  return { type: 'Available', status, lastTransitionTime: nowTimestamp(), reason, message };
}

async function discoveryAttempt(api: APIService, deps: CheckDeps): Promise<void> {
  const service = api.spec.service!;
  const target = await deps.resolve(service.namespace ?? '', service.name ?? '', service.port ?? DEFAULT_SERVICE_PORT);
  const path = api.metadata.name === 'v1.' ? `/api/${api.spec.version}` : `/apis/${api.spec.group}/${api.spec.version}`;
  const url = backendUrl(target, path);
  let res;
  try {
    res = await callBackend(target, backendTls(api, deps.clientCertificate, deps.clusterDialer), {
      method: 'GET',
      path,
      headers: [['Host', hostPort(target)], ...identityHeaders(CHECKER, deps.identity)],
      timeoutMs: REQUEST_TIMEOUT_MS,
    });
  } catch (err) {
    throw new Error(`failing or missing response from ${url}: Get "${url}": ${(err as Error).message}`);
  }
  res.resume();
  const code = res.statusCode ?? 0;
  if (code < 200 || code >= 300) throw new Error(`failing or missing response from ${url}: bad status from ${url}: ${code}`);
}

export async function checkAvailability(api: APIService, deps: CheckDeps): Promise<CheckResult> {
  const service = api.spec.service!;
  const ns = service.namespace ?? '';
  const name = service.name ?? '';
  const port = service.port ?? DEFAULT_SERVICE_PORT;
  const svc = await deps.lookup.service(ns, name);
  if (!svc) return { condition: condition('False', 'ServiceNotFound', `service/${name} in "${ns}" is not present`), retry: false };
  if ((svc.spec?.type ?? 'ClusterIP') === 'ClusterIP') {
    const svcPort = (svc.spec?.ports ?? []).find((p) => p.port === port);
    if (!svcPort) return { condition: condition('False', 'ServicePortError', `service/${name} in "${ns}" is not listening on port ${port}`), retry: false };
    const portName = svcPort.name ?? '';
    const eps = await deps.lookup.endpoints(ns, name);
    if (!eps) return { condition: condition('False', 'EndpointsNotFound', `cannot find endpoints for service/${name} in "${ns}"`), retry: false };
    const ready = (eps.subsets ?? []).some((s) => (s.addresses ?? []).length > 0 && (s.ports ?? []).some((p) => (p.name ?? '') === portName));
    if (!ready) return { condition: condition('False', 'MissingEndpoints', `endpoints for service/${name} in "${ns}" have no addresses with port name "${portName}"`), retry: false };
  }
  const outcomes = await Promise.allSettled(Array.from({ length: ATTEMPTS }, () => discoveryAttempt(api, deps)));
  if (outcomes.some((o) => o.status === 'fulfilled')) return { condition: condition('True', 'Passed', 'all checks passed'), retry: false };
  const last = outcomes.at(-1) as PromiseRejectedResult;
  return { condition: condition('False', 'FailedDiscoveryCheck', (last.reason as Error).message), retry: true };
}

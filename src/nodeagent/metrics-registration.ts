// The agent registers the metrics API it serves, since only it knows the port it got: an
// ExternalName Service naming the agent's address, and the APIService v1beta1.metrics.k8s.io
// (apiregistration.orch.io/v1, with metrics-server's priorities) pointing at that Service and
// port, with the CA that verifies the agent's serving certificate (for the name
// <service>.<namespace>.svc), or skipping verification when none is given, as metrics-server's own
// manifests do. Both are created or brought back to this form at every start; a start that
// cannot write them retries with back-off until it can or the agent stops.
import type { RestClient } from '../client/rest/client.ts';
import { sleep, type Clock } from '../client/clock/clock.ts';
import { klog } from '../component-base/logs/klog.ts';
import { isNotFound } from '../machinery/status.ts';
import { METRICS_GROUP, METRICS_VERSION } from './metrics-api.ts';

const log = klog('nodeagent/metrics');

export const APISERVICES = '/apis/apiregistration.orch.io/v1/apiservices';

export interface MetricsRegistration {
  namespace: string;
  serviceName: string;
  /** The host the Service names: an IP the agent serves on, or a DNS name. */
  host: string;
  port: number;
  /** PEM; '' : insecureSkipTLSVerify. */
  caBundlePem: string;
}

/** The host an ExternalName may name for a listening address: an unspecified address is served on the node IP. */
export function externalHost(address: string, nodeIP: string): string {
  return address === '0.0.0.0' || address === '::' ? nodeIP : address;
}

export function metricsService(r: MetricsRegistration) {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: r.serviceName, namespace: r.namespace, labels: { 'app.orch.io/name': 'orch-nodeagent' } },
    spec: { type: 'ExternalName', externalName: r.host, ports: [{ name: 'https', port: r.port, protocol: 'TCP' }] },
  };
}

export function metricsAPIService(r: MetricsRegistration) {
  return {
    apiVersion: 'apiregistration.orch.io/v1',
    kind: 'APIService',
    metadata: { name: `${METRICS_VERSION}.${METRICS_GROUP}`, labels: { 'app.orch.io/name': 'orch-nodeagent' } },
    spec: {
      group: METRICS_GROUP,
      version: METRICS_VERSION,
      service: { namespace: r.namespace, name: r.serviceName, port: r.port },
      groupPriorityMinimum: 100,
      versionPriority: 100,
      ...(r.caBundlePem ? { caBundle: Buffer.from(r.caBundlePem).toString('base64') } : { insecureSkipTLSVerify: true }),
    },
  };
}

/** Creates the object, or replaces the spec of the one there. */
async function put(rest: RestClient, collection: string, object: { metadata: { name: string }; spec: unknown }, signal: AbortSignal): Promise<void> {
  const path = `${collection}/${encodeURIComponent(object.metadata.name)}`;
  let current: { metadata: { resourceVersion?: string; labels?: Record<string, string> } } | undefined;
  try {
    current = await rest.request({ path, signal });
  } catch (err) {
    if (!isNotFound(err)) throw err;
  }
  if (!current) {
    await rest.request({ method: 'POST', path: collection, body: object, signal });
    return;
  }
  const body = { ...current, metadata: { ...current.metadata, labels: { ...current.metadata.labels, ...(object.metadata as { labels?: Record<string, string> }).labels } }, spec: object.spec };
  await rest.request({ method: 'PUT', path, body, signal });
}

export async function registerMetricsAPI(rest: RestClient, r: MetricsRegistration, clock: Clock, signal: AbortSignal): Promise<void> {
  for (let wait = 500; ; wait = Math.min(wait * 2, 10_000)) {
    try {
      await put(rest, `/api/v1/namespaces/${encodeURIComponent(r.namespace)}/services`, metricsService(r), signal);
      await put(rest, APISERVICES, metricsAPIService(r), signal);
      log.info('Registered the metrics API', { apiService: `${METRICS_VERSION}.${METRICS_GROUP}`, service: `${r.namespace}/${r.serviceName}`, host: r.host, port: r.port });
      return;
    } catch (err) {
      if (signal.aborted) return;
      log.warning('Unable to register the metrics API; will retry', { err: (err as Error).message });
      await sleep(clock, wait, signal).catch(() => undefined);
      if (signal.aborted) return;
    }
  }
}

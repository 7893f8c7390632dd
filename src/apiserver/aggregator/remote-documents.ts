// What the servers behind remote APIServices publish, fetched again whenever their APIService
// changes (its spec, or its availability): the discovery entry of the group-version, taken from
// the server's aggregated discovery (/apis as an APIGroupDiscoveryList) or, when it serves none,
// built from its /apis/<group>/<version> resource list as Kubernetes' aggregated discovery
// manager does; and the OpenAPI v3 index entry of the group-version, whose document is then
// passed on from the server when asked for. Fetched as system:kube-aggregator in system:masters.
import type { APIService } from '../../api/apiregistration/v1/types.ts';
import { DEFAULT_SERVICE_PORT } from '../../api/apiregistration/v1/types.ts';
import { klog } from '../../component-base/logs/klog.ts';
import { callBackend, readBody } from './backend-client.ts';
import { identityHeaders, type IdentityHeaderNames } from './identity-headers.ts';
import { hostPort, type ServiceResolver } from './resolver.ts';
import { backendTls, type ProxyClientCertificate } from './transport.ts';
import type { EgressDialer } from '../egress/selector.ts';

const log = klog('aggregator/discovery');
const FETCHER = { name: 'system:kube-aggregator', groups: ['system:masters'] };
const AGGREGATED_ACCEPT = 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,application/json';
const TIMEOUT_MS = 5000;

export interface FetchDeps {
  resolve: ServiceResolver;
  clientCertificate?: ProxyClientCertificate;
  /** The egress selector's cluster dialer; none: backends are dialled directly. */
  clusterDialer?: EgressDialer;
  identity: IdentityHeaderNames;
}

export interface RemoteDocuments {
  /** The apidiscovery APIVersionDiscovery of the group-version. */
  discovery?: Record<string, unknown>;
  /** The server's OpenAPI v3 index entry for apis/<group>/<version>. */
  openapi?: { serverRelativeURL: string };
}

/** GETs `path` from the server of `api`; the status and the body. */
export async function fetchFromBackend(api: APIService, deps: FetchDeps, path: string, accept: string): Promise<{ status: number; contentType: string; body: Buffer }> {
  const service = api.spec.service!;
  const target = await deps.resolve(service.namespace ?? '', service.name ?? '', service.port ?? DEFAULT_SERVICE_PORT);
  const res = await callBackend(target, backendTls(api, deps.clientCertificate, deps.clusterDialer), {
    method: 'GET',
    path,
    headers: [['Host', hostPort(target)], ['Accept', accept], ...identityHeaders(FETCHER, deps.identity)],
    timeoutMs: TIMEOUT_MS,
  });
  return { status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), body: await readBody(res) };
}

interface ApiResource {
  name: string;
  singularName?: string;
  namespaced?: boolean;
  group?: string;
  version?: string;
  kind: string;
  verbs?: string[];
  shortNames?: string[];
  categories?: string[];
}

/** An APIResourceList as the aggregated APIVersionDiscovery of its version (subresources under their resource). */
export function versionDiscoveryFromResourceList(group: string, version: string, list: { resources?: ApiResource[] }): Record<string, unknown> {
  const all = list.resources ?? [];
  const resources = all
    .filter((r) => !r.name.includes('/'))
    .map((r) => {
      const entry: Record<string, unknown> = {
        resource: r.name,
        responseKind: { group: r.group ?? group, version: r.version ?? version, kind: r.kind },
        scope: r.namespaced ? 'Namespaced' : 'Cluster',
        singularResource: r.singularName || r.kind.toLowerCase(),
        verbs: r.verbs ?? [],
      };
      if (r.shortNames?.length) entry['shortNames'] = r.shortNames;
      if (r.categories?.length) entry['categories'] = r.categories;
      const subs = all
        .filter((s) => s.name.startsWith(`${r.name}/`))
        .map((s) => ({ subresource: s.name.slice(r.name.length + 1), responseKind: { group: s.group ?? group, version: s.version ?? version, kind: s.kind }, verbs: s.verbs ?? [] }));
      if (subs.length) entry['subresources'] = subs;
      return entry;
    });
  return { version, resources, freshness: 'Current' };
}

async function fetchDiscovery(api: APIService, deps: FetchDeps): Promise<Record<string, unknown> | undefined> {
  const group = api.spec.group ?? '';
  const version = api.spec.version ?? '';
  const aggregated = await fetchFromBackend(api, deps, '/apis', AGGREGATED_ACCEPT);
  if (aggregated.status === 200 && aggregated.contentType.includes('as=APIGroupDiscoveryList')) {
    const doc = JSON.parse(aggregated.body.toString('utf8')) as { items?: Array<{ metadata?: { name?: string }; versions?: Array<Record<string, unknown>> }> };
    const entry = doc.items?.find((i) => i.metadata?.name === group)?.versions?.find((v) => v['version'] === version);
    if (entry) return entry;
  }
  const legacy = await fetchFromBackend(api, deps, `/apis/${group}/${version}`, 'application/json');
  if (legacy.status !== 200) throw new Error(`the server answered ${legacy.status} to /apis/${group}/${version}`);
  return versionDiscoveryFromResourceList(group, version, JSON.parse(legacy.body.toString('utf8')));
}

async function fetchOpenApiEntry(api: APIService, deps: FetchDeps): Promise<{ serverRelativeURL: string } | undefined> {
  const index = await fetchFromBackend(api, deps, '/openapi/v3', 'application/json');
  if (index.status !== 200) return undefined;
  const doc = JSON.parse(index.body.toString('utf8')) as { paths?: Record<string, { serverRelativeURL?: string }> };
  const url = doc.paths?.[`apis/${api.spec.group}/${api.spec.version}`]?.serverRelativeURL;
  return url ? { serverRelativeURL: url } : undefined;
}

/** Both documents of the APIService's group-version; what cannot be fetched is left out and logged. */
export async function fetchRemoteDocuments(api: APIService, deps: FetchDeps): Promise<RemoteDocuments> {
  const [discovery, openapi] = await Promise.allSettled([fetchDiscovery(api, deps), fetchOpenApiEntry(api, deps)]);
  if (discovery.status === 'rejected') log.warning('Fetching the discovery of an APIService failed', { apiservice: api.metadata.name, err: String((discovery.reason as Error)?.message ?? discovery.reason) });
  return {
    discovery: discovery.status === 'fulfilled' ? discovery.value : undefined,
    openapi: openapi.status === 'fulfilled' ? openapi.value : undefined,
  };
}

// The aggregator's side of the endpoints' DelegatedApis seam: which group-versions other servers
// answer (remote APIServices), passing their requests on (proxy.ts), the order of every group in
// discovery (ordering.ts over all APIServices, with built-in priorities for a local group-version
// that has none yet), and the discovery and OpenAPI documents of the remote ones, fetched again
// whenever their APIService changes (remote-documents.ts). A remote APIService that is not
// Available is left out of discovery; its requests are answered 503.
import type { APIService } from '../../api/apiregistration/v1/types.ts';
import { availableCondition } from '../../api/apiregistration/v1/types.ts';
import type { Request, Response } from '../../component-base/serving/request-context.ts';
import { requestContext } from '../../component-base/serving/request-context.ts';
import type { DelegatedApis } from '../endpoints/delegated-apis.ts';
import type { StoreView } from '../registry/admissionregistration/store-view.ts';
import { isHopByHopResponseHeader } from '../registry/core/connect/forwarded-headers.ts';
import { pipeToResponse } from '../registry/core/connect/response-pipe.ts';
import { callBackend } from './backend-client.ts';
import { identityHeaders } from './identity-headers.ts';
import { sortedGroups, type PrioritizedVersion } from './ordering.ts';
import { builtInPriority } from './priorities.ts';
import { plainError, proxyToApiService, type ProxyDeps } from './proxy.ts';
import { fetchRemoteDocuments, type RemoteDocuments } from './remote-documents.ts';
import { hostPort } from './resolver.ts';
import { backendTls } from './transport.ts';
import { DEFAULT_SERVICE_PORT } from '../../api/apiregistration/v1/types.ts';

const isRemote = (api: APIService | undefined): api is APIService => Boolean(api?.spec?.service);
const isAvailable = (api: APIService) => availableCondition(api)?.status === 'True';
const apiServiceName = (group: string, version: string) => `${version}.${group}`;

export interface AggregatorApis extends DelegatedApis {
  stop(): void;
}

export function aggregatorApis(view: StoreView<APIService>, deps: ProxyDeps): AggregatorApis {
  const documents = new Map<string, RemoteDocuments>();
  const fetchedFrom = new Map<string, string>();
  let stopped = false;

  function refresh(): void {
    const remote = view.list().filter((a) => isRemote(a) && isAvailable(a));
    const names = new Set(remote.map((a) => a.metadata.name ?? ''));
    for (const name of [...documents.keys()]) if (!names.has(name)) documents.delete(name);
    for (const name of [...fetchedFrom.keys()]) if (!names.has(name)) fetchedFrom.delete(name);
    for (const api of remote) {
      const name = api.metadata.name ?? '';
      // Only the spec and the condition say the server may publish something else.
      const fingerprint = JSON.stringify([api.spec, availableCondition(api)]);
      if (fetchedFrom.get(name) === fingerprint) continue;
      fetchedFrom.set(name, fingerprint);
      void fetchRemoteDocuments(api, deps).then((docs) => {
        if (!stopped && fetchedFrom.get(name) === fingerprint) documents.set(name, docs);
      });
    }
  }
  view.onChange(refresh);

  const remoteFor = (group: string, version: string) => {
    const api = view.get(apiServiceName(group, version));
    return isRemote(api) ? api : undefined;
  };

  return {
    async serve(req: Request, res: Response, group: string, version: string): Promise<boolean> {
      const api = remoteFor(group, version);
      if (!api) return false;
      await proxyToApiService(req, res, api, deps);
      return true;
    },

    order(local: Map<string, string[]>): Map<string, string[]> {
      const entries: PrioritizedVersion[] = [];
      const covered = new Set<string>();
      for (const api of view.list()) {
        const group = api.spec.group ?? '';
        const version = api.spec.version ?? '';
        const served = isRemote(api) ? isAvailable(api) : Boolean(local.get(group)?.includes(version));
        if (!served) continue;
        covered.add(`${group}/${version}`);
        entries.push({ name: api.metadata.name ?? '', group, version, groupPriorityMinimum: api.spec.groupPriorityMinimum, versionPriority: api.spec.versionPriority });
      }
      for (const [group, versions] of local) {
        for (const version of versions) {
          if (covered.has(`${group}/${version}`)) continue;
          const p = builtInPriority(group, version);
          entries.push({ name: apiServiceName(group, version), group, version, groupPriorityMinimum: p.group, versionPriority: p.version });
        }
      }
      return sortedGroups(entries);
    },

    discoveryVersion(group: string, version: string) {
      const api = remoteFor(group, version);
      if (!api) return undefined;
      return documents.get(api.metadata.name ?? '')?.discovery ?? { version, resources: [], freshness: 'Stale' };
    },

    openapiV3Paths() {
      const out: Record<string, { serverRelativeURL: string }> = {};
      for (const api of view.list()) {
        const entry = isRemote(api) && isAvailable(api) ? documents.get(api.metadata.name ?? '')?.openapi : undefined;
        if (entry) out[`apis/${api.spec.group}/${api.spec.version}`] = entry;
      }
      return out;
    },

    async serveOpenApiV3(req: Request, res: Response, key: string): Promise<boolean> {
      const [root, group, version, ...rest] = key.split('/');
      if (root !== 'apis' || !group || !version || rest.length) return false;
      const api = remoteFor(group, version);
      if (!api) return false;
      if (!isAvailable(api)) {
        plainError(res, 503, 'service unavailable');
        return true;
      }
      const service = api.spec.service!;
      try {
        const target = await deps.resolve(service.namespace ?? '', service.name ?? '', service.port ?? DEFAULT_SERVICE_PORT);
        const headers: Array<[string, string]> = [['Host', hostPort(target)], ...identityHeaders({ name: 'system:kube-aggregator', groups: ['system:masters'] }, deps.identity)];
        for (const name of ['accept', 'if-none-match']) if (req.headers[name]) headers.push([name, String(req.headers[name])]);
        const backend = await callBackend(target, backendTls(api, deps.clientCertificate, deps.clusterDialer), { method: 'GET', path: req.url ?? `/openapi/v3/${key}`, headers, signal: requestContext(req).signal });
        res.statusCode = backend.statusCode ?? 502;
        for (const [name, value] of Object.entries(backend.headers)) if (value !== undefined && !isHopByHopResponseHeader(name)) res.setHeader(name, value);
        await pipeToResponse(backend, res, requestContext(req).signal);
      } catch (err) {
        plainError(res, 503, (err as Error).message);
      }
      return true;
    },

    stop() {
      stopped = true;
    },
  };
}

// Serves discovery on /api, /api/v1, /apis, /apis/<group> and /apis/<group>/<version>;
// aggregated discovery when the Accept names APIGroupDiscoveryList (in the client's group).
import type { Request, Response } from '../../../component-base/serving/request-context.ts';
import { writeJson } from '../../../component-base/serving/responses.ts';
import { notAcceptable } from '../../../machinery/status.ts';
import type { ResourceDeclaration } from '../../registry/resource.ts';
import { parseAccept } from '../negotiation.ts';
import type { DelegatedApis } from '../delegated-apis.ts';
import { aggregatedDiscovery, apiGroupDocument, apiGroupList, apiResourceList, apiVersions } from './documents.ts';

const DISCOVERY_GROUPS = new Set(['apidiscovery.k8s.io', 'apidiscovery.orch.io']);
const DISCOVERY_VERSIONS = new Set(['v2', 'v2beta1']);

/** The aggregated form the Accept asks for, or undefined for the legacy documents; 406 when nothing fits. */
function aggregatedChoice(accept: string | undefined): { group: string; version: string } | undefined {
  for (const c of parseAccept(accept)) {
    if (c.params['as'] === 'APIGroupDiscoveryList') {
      const g = c.params['g'] ?? '';
      const v = c.params['v'] ?? '';
      if ((c.type === 'application/json' || c.type === '*/*') && DISCOVERY_GROUPS.has(g) && DISCOVERY_VERSIONS.has(v)) return { group: g, version: v };
      continue;
    }
    if (c.type === 'application/json' || c.type === '*/*' || c.type === 'application/*') return undefined;
  }
  throw notAcceptable('only the following media types are accepted: application/json, application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList');
}

/** Answers a discovery path; false when the path is not one. `delegated` adds the groups other servers serve. */
export function serveDiscovery(req: Request, res: Response, path: string, decls: readonly ResourceDeclaration<any, any>[], delegated?: DelegatedApis): boolean {
  const parts = path.split('/').filter(Boolean);
  if (parts[0] !== 'api' && parts[0] !== 'apis') return false;
  if (parts.length === 1) {
    const agg = aggregatedChoice(req.headers.accept);
    if (agg) {
      const body = aggregatedDiscovery(decls, parts[0] === 'api', `${agg.group}/${agg.version}`, delegated);
      res.setHeader('Vary', 'Accept');
      const text = JSON.stringify(body);
      res.statusCode = 200;
      res.setHeader('Content-Type', `application/json;g=${agg.group};v=${agg.version};as=APIGroupDiscoveryList`);
      res.setHeader('Content-Length', Buffer.byteLength(text));
      res.end(text);
      return true;
    }
    const host = String(req.headers.host ?? (req.headers as Record<string, unknown>)[':authority'] ?? '');
    writeJson(req, res, 200, parts[0] === 'api' ? apiVersions(decls, host) : apiGroupList(decls, delegated));
    return true;
  }
  if (parts[0] === 'api' && parts.length === 2) {
    const doc = apiResourceList(decls, '', parts[1]!);
    if (!doc) return false;
    writeJson(req, res, 200, doc);
    return true;
  }
  if (parts[0] === 'apis' && parts.length === 2) {
    const doc = apiGroupDocument(decls, parts[1]!, delegated);
    if (!doc) return false;
    writeJson(req, res, 200, doc);
    return true;
  }
  if (parts[0] === 'apis' && parts.length === 3) {
    const doc = apiResourceList(decls, parts[1]!, parts[2]!);
    if (!doc) return false;
    writeJson(req, res, 200, doc);
    return true;
  }
  return false;
}

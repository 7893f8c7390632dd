// The end of the filter chain: the server's own non-resource paths (health, version, metrics,
// profiling, logs, the root index), and everything under /api, /apis and /openapi handed to the
// REST layer.
import { pathNotFound } from '../../machinery/status.ts';
import type { HealthCheck } from '../../component-base/healthz/checks.ts';
import { serveHealth } from '../../component-base/healthz/handler.ts';
import type { MetricsRegistry } from '../../component-base/metrics/registry.ts';
import { servePprof } from '../../component-base/pprof/handler.ts';
import { requestContext, type Handler, type Request, type Response } from '../../component-base/serving/request-context.ts';
import { serveLogs } from './logs-handler.ts';
import { writeJson, writeStatus, writeText } from '../../component-base/serving/responses.ts';
import { requestURL } from '../filters/with-request-info.ts';
import type { NonResourcePath } from './config.ts';

export interface MuxDeps {
  apiHandler?: Handler;
  /** Paths served by other packages: exact, or with everything below them. */
  nonResourcePaths?: NonResourcePath[];
  healthz: () => HealthCheck[];
  livez: () => HealthCheck[];
  readyz: () => HealthCheck[];
  metrics: MetricsRegistry;
  versionInfo: Record<string, string>;
  profiling: boolean;
  logDir?: string;
}

const API_PATH = /^\/(api|apis|openapi)(\/|$)/;

export function rootPaths(deps: MuxDeps): string[] {
  const paths = ['/api', '/apis', '/healthz', '/livez', '/readyz', '/metrics', '/version', '/openapi/v2', '/openapi/v3'];
  for (const c of deps.healthz()) paths.push(`/healthz/${c.name}`);
  for (const c of deps.livez()) paths.push(`/livez/${c.name}`);
  for (const c of deps.readyz()) paths.push(`/readyz/${c.name}`);
  if (deps.profiling) paths.push('/debug/pprof');
  if (deps.logDir) paths.push('/logs');
  for (const p of deps.nonResourcePaths ?? []) paths.push(p.path);
  return [...new Set(paths)].sort();
}

export function createMux(deps: MuxDeps): Handler {
  return (req, res) => {
    const path = requestContext(req).requestInfo?.path ?? requestURL(req).pathname;
    if (API_PATH.test(path) && deps.apiHandler) return deps.apiHandler(req, res);
    const extra = deps.nonResourcePaths?.find((p) => p.path === path || (p.prefix && path.startsWith(`${p.path}/`)));
    if (extra) return extra.handler(req, res);
    return serveOther(deps, req, res, path);
  };
}

/** The server's own paths: health, version, metrics, debugging, the root listing. */
async function serveOther(deps: MuxDeps, req: Request, res: Response, path: string): Promise<void> {
  const query = requestURL(req).searchParams;
  if (await serveHealth('healthz', deps.healthz, req, res, path, query)) return;
  if (await serveHealth('livez', deps.livez, req, res, path, query)) return;
  if (await serveHealth('readyz', deps.readyz, req, res, path, query)) return;
  if (path === '/version' || path === '/version/') return writeJson(req, res, 200, deps.versionInfo);
  if (path === '/metrics') {
    const text = await deps.metrics.render();
    return writeText(res, 200, text, deps.metrics.contentType);
  }
  if (deps.profiling && (await servePprof(req, res, path, query))) return;
  if (deps.logDir && (await serveLogs(req, res, path, deps.logDir))) return;
  if (path === '/' || path === '') return writeJson(req, res, 200, { paths: rootPaths(deps) });
  writeStatus(req, res, pathNotFound());
}

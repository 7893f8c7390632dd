// The HTTPS endpoint of the metrics API, one per agent (whatever number of nodes it simulates),
// on its own port: the API server's aggregator reaches it through an APIService. Every request
// must come from the aggregator (metrics-auth.ts: proxy client certificate and identity headers),
// 401 otherwise; metrics requests are authorized for the user the aggregator names, 403 when
// refused. /healthz, /livez and /readyz answer ok to anyone, as probes need.
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { klog } from '../component-base/logs/klog.ts';
import type { ServingMaterial } from './agent-server.ts';
import type { MetricsAccess } from './metrics-auth.ts';
import { answerMetrics, DISCOVERY, METRICS_GROUP, METRICS_VERSION, metricsRequest, type MetricsSource } from './metrics-api.ts';

const log = klog('nodeagent/metrics');

function send(res: ServerResponse, code: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(code, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

function status(code: number, reason: string, message: string) {
  return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason, code };
}

const HEALTH = new Set(['/healthz', '/livez', '/readyz']);

export class MetricsServer {
  private readonly server: Server;
  private readonly source: MetricsSource;
  private readonly access: MetricsAccess;

  constructor(source: MetricsSource, access: MetricsAccess, tls: Pick<ServingMaterial, 'certPem' | 'keyPem'>) {
    this.source = source;
    this.access = access;
    // The handshake asks for a certificate of the request-header CA; the authenticator decides.
    this.server = createServer({ cert: tls.certPem, key: tls.keyPem, ca: access.clientCA, requestCert: true, rejectUnauthorized: false }, (req, res) => {
      this.handle(req, res).catch((err) => {
        log.error('Metrics request failed', { path: req.url, err: (err as Error).message });
        if (!res.headersSent) send(res, 500, status(500, 'InternalError', 'an error on the server prevented the request from succeeding'));
        else res.destroy();
      });
    });
  }

  listen(address: string, port: number): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, address, () => {
        this.server.off('error', reject);
        resolve((this.server.address() as { port: number }).port);
      });
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.closeAllConnections();
      this.server.close(() => resolve());
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'https://metrics');
    if (HEALTH.has(url.pathname)) {
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' });
      return void res.end('ok');
    }
    let user;
    try {
      user = (await this.access.authenticator.authenticate(req))?.user;
    } catch (err) {
      log.info('Metrics request not authenticated', { err: (err as Error).message }, 4);
    }
    if (!user) return send(res, 401, status(401, 'Unauthorized', 'Unauthorized'));
    if (req.method !== 'GET') return send(res, 405, status(405, 'MethodNotAllowed', `the server does not allow this method on the requested resource`));
    const path = url.pathname.replace(/\/+$/, '');
    if (path === '/apis') return send(res, 200, DISCOVERY.groupList);
    if (path === `/apis/${METRICS_GROUP}`) return send(res, 200, DISCOVERY.group);
    if (path === `/apis/${METRICS_GROUP}/${METRICS_VERSION}`) return send(res, 200, DISCOVERY.resources);
    const request = metricsRequest(path);
    if (!request) return send(res, 404, status(404, 'NotFound', 'the server could not find the requested resource'));
    const verb = request.name ? 'get' : 'list';
    const decision = await this.access.authorize(user, { verb, resource: request.resource, namespace: request.namespace, name: request.name });
    if (!decision.allowed) {
      const scope = request.namespace ? ` in the namespace "${request.namespace}"` : ' at the cluster scope';
      return send(res, 403, status(403, 'Forbidden', `${request.resource}.${METRICS_GROUP}${request.name ? ` "${request.name}"` : ''} is forbidden: User "${user.name}" cannot ${verb} resource "${request.resource}" in API group "${METRICS_GROUP}"${scope}${decision.reason ? `: ${decision.reason}` : ''}`));
    }
    const answer = answerMetrics(this.source, request, url.searchParams.get('labelSelector') ?? '');
    send(res, answer.status, answer.body);
  }
}

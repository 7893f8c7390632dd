// The controller manager's HTTPS server: /healthz, /livez, /readyz (with ?verbose, ?exclude and
// per-check paths), /metrics and /debug/pprof, behind delegated authentication and authorization.
import type { Server, Socket } from 'node:net';
import type { Http2Session } from 'node:http2';
import { klog } from '../../component-base/logs/klog.ts';
import { reportInternalError } from '../../component-base/logs/internal-error.ts';
import { createSecureHttpServer } from '../../component-base/serving/secure-server.ts';
import { listenSecurePort } from '../../component-base/serving/listen.ts';
import { serveHealth } from '../../component-base/healthz/handler.ts';
import { logCheck, pingCheck, shutdownCheck, type HealthCheck } from '../../component-base/healthz/checks.ts';
import { servePprof } from '../../component-base/pprof/handler.ts';
import type { MetricsRegistry } from '../../component-base/metrics/registry.ts';
import { pathNotFound } from '../../machinery/status.ts';
import { writeStatus, writeText } from '../../component-base/serving/responses.ts';
import type { Handler } from '../../component-base/serving/request-context.ts';
import type { ServingConfig } from './serving-config.ts';
import { withDelegatedAuth } from '../../component-base/delegated/filter.ts';

const log = klog('controllermanager/serving');

export interface SecureServingDeps {
  metrics: MetricsRegistry;
  /** Checks beyond ping and log (e.g. leaderElection), on all three health paths. */
  healthChecks: () => HealthCheck[];
}

export interface RunningSecureServer {
  port: number;
  /** /readyz fails from now on. */
  beginShutdown(): void;
  close(): Promise<void>;
}

export function controllerManagerHandler(config: ServingConfig, deps: SecureServingDeps, isShuttingDown: () => boolean): Handler {
  const health = () => [pingCheck, logCheck, ...deps.healthChecks()];
  const ready = () => [...health(), shutdownCheck(isShuttingDown)];
  const serve: Handler = async (req, res) => {
    const url = new URL(req.url ?? '/', 'https://localhost');
    const path = url.pathname;
    if (await serveHealth('healthz', health, req, res, path, url.searchParams)) return;
    if (await serveHealth('livez', health, req, res, path, url.searchParams)) return;
    if (await serveHealth('readyz', ready, req, res, path, url.searchParams)) return;
    if (path === '/metrics') {
      writeText(res, 200, await deps.metrics.render(), deps.metrics.contentType);
      return;
    }
    if (config.profiling && (await servePprof(req, res, path, url.searchParams))) return;
    writeStatus(req, res, pathNotFound());
  };
  return withDelegatedAuth(serve, config.authentication.authenticator, config.authorizer);
}

export async function startSecureServing(config: ServingConfig, deps: SecureServingDeps): Promise<RunningSecureServer> {
  let shuttingDown = false;
  const handler = controllerManagerHandler(config, deps, () => shuttingDown);
  const server: Server = createSecureHttpServer(
    { pair: config.pair, sniCerts: config.sniCerts, tls: config.tls, http2: config.http2, maxStreamsPerConnection: config.http2MaxStreams },
    async (req, res) => {
      try {
        await handler(req, res);
      } catch (err) {
        const status = reportInternalError(log, 'Request failed', err, { path: req.url });
        if (!res.headersSent) writeStatus(req, res, status);
        else res.end();
      }
    },
  );
  server.on('tlsClientError', (err: Error) => log.info('TLS handshake error', { err: err.message }, 4));
  const sockets = new Set<Socket>();
  const sessions = new Set<Http2Session>();
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
  });
  server.on('session', (s: Http2Session) => {
    sessions.add(s);
    s.once('close', () => sessions.delete(s));
  });
  await listenSecurePort(server, { bindAddress: config.bindAddress, port: config.port, reusePort: config.permitPortSharing });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  log.info('Serving securely', { address: typeof address === 'object' && address ? `${address.address}:${port}` : String(address), http2: config.http2 });
  return {
    port,
    beginShutdown: () => (shuttingDown = true),
    close: () =>
      new Promise<void>((resolve) => {
        shuttingDown = true;
        config.authentication.close();
        config.authorizer.close();
        server.close(() => resolve());
        for (const s of sessions) s.destroy();
        for (const s of sockets) s.destroy();
      }),
  };
}

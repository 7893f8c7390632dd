// The API server built from a CompletedConfig: start() binds the secure port and runs the
// post-start hooks; shutdown() runs the graceful sequence of the spec's States and transitions.
import type { Server } from 'node:net';
import type { Server as HttpServer } from 'node:http';
import { klog } from '../../component-base/logs/klog.ts';
import { logCheck, passingUntil, pingCheck, shutdownCheck, type HealthCheck } from '../../component-base/healthz/checks.ts';
import { createSecureHttpServer } from '../../component-base/serving/secure-server.ts';
import { listenSecurePort } from '../../component-base/serving/listen.ts';
import { startDebugSocket } from '../../component-base/pprof/debug-socket.ts';
import type { MetricsRegistry } from '../../component-base/metrics/registry.ts';
import type { CompletedConfig } from './config.ts';
import { buildHandlerChain } from './handler-chain.ts';
import { createMux } from './mux.ts';
import { ServerLifecycle } from './lifecycle.ts';
import { ConnectionTracker } from './connections.ts';
import { warmLazyModules } from '../../machinery/lazy/lazy-require.ts';

const log = klog('apiserver/server');

export type ShutdownHook = () => void | Promise<void>;

export interface ApiServer {
  start(): Promise<{ port: number; addresses: string[] }>;
  /** The graceful sequence; resolves when the server has stopped and the shutdown hooks ran. */
  shutdown(): Promise<void>;
  /** Registers work to run at the end of shutdown (e.g. closing storage), in registration order. */
  onShutdown(hook: ShutdownHook): void;
  /** Resolves when shutdown is complete, however it began. */
  readonly stopped: Promise<void>;
  readonly lifecycle: ServerLifecycle;
  readonly metrics: MetricsRegistry;
}

/** How long after the post-start hooks finish the lazily loaded packages are loaded. */
const WARM_DELAY_MS = 1000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

class PostStartHookState {
  finished = false;
  error: Error | undefined;
}

export function createServer(config: CompletedConfig): ApiServer {
  const lifecycle = new ServerLifecycle();
  const connections = new ConnectionTracker();
  const shutdownHooks: ShutdownHook[] = [];
  const stopController = new AbortController();
  let startedAt = 0;
  let server: Server | undefined;
  let debugServer: HttpServer | undefined;
  let shutdownPromise: Promise<void> | undefined;
  let resolveStopped!: () => void;
  const stopped = new Promise<void>((resolve) => (resolveStopped = resolve));

  const hookStates = new Map(config.postStartHooks.map((h) => [h.name, new PostStartHookState()]));
  const hookChecks: HealthCheck[] = config.postStartHooks.map((h) => ({
    name: `poststarthook/${h.name}`,
    check() {
      const state = hookStates.get(h.name)!;
      if (state.error) throw state.error;
      if (!state.finished) throw new Error('not finished');
    },
  }));
  const common = [pingCheck, logCheck, ...config.healthChecks];
  const healthz = [...common, ...hookChecks];
  const livez = [...common, ...hookChecks.map((c) => passingUntil(c, () => startedAt + config.livezGracePeriodMs))];
  const readyz = [...common, ...config.readyChecks, ...hookChecks, shutdownCheck(() => lifecycle.shutdownInitiated)];

  const mux = createMux({
    apiHandler: config.apiHandler,
    nonResourcePaths: config.nonResourcePaths,
    healthz: () => healthz,
    livez: () => livez,
    readyz: () => readyz,
    metrics: config.metrics,
    versionInfo: config.versionInfo,
    profiling: config.profiling,
    logDir: config.enableLogsHandler ? config.logDir : undefined,
  });
  const chain = buildHandlerChain(mux, { ...config, lifecycle });

  function runPostStartHooks(port: number): void {
    const runs = config.postStartHooks.map((hook) => {
      const state = hookStates.get(hook.name)!;
      return Promise.resolve()
        .then(() => hook.run({ signal: stopController.signal, port, advertiseAddress: config.advertiseAddress }))
        .then(
          () => {
            state.finished = true;
          },
          (err: unknown) => {
            state.error = err instanceof Error ? err : new Error(String(err));
            log.error('PostStartHook failed', { name: hook.name, err: state.error });
          },
        );
    });
    // The packages requests load on first use are loaded a second after the server is ready, so the
    // readiness probes that follow its start are answered first.
    void Promise.all(runs).then(() => setTimeout(warmLazyModules, WARM_DELAY_MS).unref());
  }

  async function start(): Promise<{ port: number; addresses: string[] }> {
    if (server) throw new Error('the server is already started');
    server = createSecureHttpServer(
      {
        pair: config.servingCert,
        sniCerts: config.sniCerts,
        tls: config.tls,
        http2: config.http2,
        maxStreamsPerConnection: config.http2MaxStreams,
      },
      (req, res) => {
        connections.track(req, res);
        return chain(req, res);
      },
    );
    // A TLS handshake failure is the client's problem; keep it out of the error log.
    server.on('tlsClientError', (err: Error) => log.info('TLS handshake error', { err: err.message }, 4));
    connections.attach(server);
    await listenSecurePort(server, { bindAddress: config.bindAddress, port: config.port, reusePort: config.permitPortSharing });
    if (config.debugSocketPath) debugServer = await startDebugSocket(config.debugSocketPath);
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    startedAt = Date.now();
    const addresses = [`https://${config.advertiseAddress.includes(':') ? `[${config.advertiseAddress}]` : config.advertiseAddress}:${port}`];
    log.info('Serving securely', { address: typeof address === 'object' && address ? `${address.address}:${address.port}` : String(address), http2: config.http2 });
    runPostStartHooks(port);
    return { port, addresses };
  }

  function closeListener(): void {
    lifecycle.listenersClosed = true;
    server?.close();
    connections.closeIdle();
  }

  async function endLongRunning(): Promise<void> {
    const entries = [...lifecycle.longRunning];
    for (const e of entries) e.end();
    if (entries.length && config.shutdownWatchTerminationGraceMs > 0) {
      const all = Promise.all(entries.map((e) => e.done));
      await Promise.race([all, sleep(config.shutdownWatchTerminationGraceMs)]);
    }
    // Let handlers that honoured the signal finish their last write.
    await sleep(0);
    for (const e of lifecycle.longRunning) e.forceEnd();
  }

  async function runShutdown(): Promise<void> {
    lifecycle.shutdownInitiated = true;
    stopController.abort();
    log.info('Shutdown initiated: /readyz now fails', { delay: `${config.shutdownDelayMs}ms` });
    if (config.shutdownDelayMs > 0) await sleep(config.shutdownDelayMs);
    if (config.shutdownSendRetryAfter) {
      lifecycle.draining = true;
      await lifecycle.drained();
      closeListener();
    } else {
      closeListener();
      await lifecycle.drained();
    }
    log.info('In-flight non-long-running requests drained', undefined, 1);
    await endLongRunning();
    // Buffered audit events are written before the process goes.
    await config.audit?.shutdown();
    // So are finished spans.
    await config.tracing?.shutdown().catch((err: Error) => log.warning('Exporting the last spans failed', { err: err.message }));
    connections.destroyAll();
    if (debugServer) await new Promise<void>((resolve) => debugServer!.close(() => resolve()));
    for (const hook of shutdownHooks) {
      try {
        await hook();
      } catch (err) {
        log.error('Shutdown hook failed', { err });
      }
    }
    log.info('The server has stopped');
    resolveStopped();
  }

  return {
    start,
    shutdown() {
      shutdownPromise ??= runShutdown();
      return shutdownPromise;
    },
    onShutdown(hook) {
      shutdownHooks.push(hook);
    },
    stopped,
    lifecycle,
    metrics: config.metrics,
  };
}

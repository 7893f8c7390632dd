// Runs the API server as a daemon: config completed, port bound, signal handlers installed;
// resolves with the exit code once graceful shutdown is complete. The caller applies the logging
// flags first, before its own first log line.
import type { ApiserverOptions } from '../../options/apiserver-options.ts';
import { flushLogs } from '../../component-base/logs/logging-options.ts';
import { klog } from '../../component-base/logs/klog.ts';
import { completeConfig, type ServerDeps } from './config.ts';
import { createServer, type ApiServer, type ShutdownHook } from './server.ts';
import { installShutdownSignals } from './signals.ts';

const log = klog('apiserver/run');

export interface RunDeps extends ServerDeps {
  /** Run at the end of shutdown, e.g. closing storage. */
  onShutdown?: ShutdownHook[];
  /** Called once the port is bound. */
  onStarted?: (server: ApiServer, info: { port: number; addresses: string[] }) => void;
}

/** Returns 0 after a graceful shutdown. Configuration and bind errors reject with a one-line Error. */
export async function runApiserver(options: ApiserverOptions, deps: RunDeps = {}): Promise<number> {
  const config = await completeConfig(options, deps);
  const server = createServer(config);
  for (const hook of deps.onShutdown ?? []) server.onShutdown(hook);
  const info = await server.start();
  const uninstall = installShutdownSignals(server);
  deps.onStarted?.(server, info);
  await server.stopped;
  uninstall();
  log.info('Exiting', { code: 0 });
  flushLogs();
  return 0;
}

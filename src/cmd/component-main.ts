// The process side of a small component (orch-scheduler, orch-nodeagent): SIGTERM or SIGINT begin
// a clean shutdown and a second one exits at once; the process lives until the component returns
// and exits with its code.
import type { CommandIO } from '../options/command-io.ts';
import type { LoadedOptions } from '../options/command-loader.ts';
import type { LoggingOptions } from '../component-base/logs/logging-options.ts';
import { applyLoggingOptions, flushLogs } from '../component-base/logs/logging-options.ts';
import { klog } from '../component-base/logs/klog.ts';

export type ComponentMain = (argv: string[], io: CommandIO, deps: { shutdown: AbortSignal }) => Promise<number>;

/**
 * A component's main: load its options (help, version and bad flags end here with their exit
 * code), apply the logging options, report the warnings, then run until shutdown.
 */
export function componentMain<O extends { logging: LoggingOptions }>(
  name: string,
  load: (argv: string[]) => LoadedOptions<O>,
  run: (options: O, deps: { shutdown: AbortSignal }) => Promise<number>,
): ComponentMain {
  const log = klog(`cmd/${name}`);
  return async (argv, io, deps) => {
    const loaded = load(argv);
    if (loaded.kind === 'exit') {
      io.stdout(loaded.stdout);
      io.stderr(loaded.stderr);
      return loaded.code;
    }
    try {
      applyLoggingOptions(loaded.options.logging, loaded.featureGates);
      for (const warning of loaded.warnings) log.warning(warning);
      const code = await run(loaded.options, { shutdown: deps.shutdown });
      log.info('Exiting', { code });
      flushLogs();
      return code;
    } catch (err) {
      io.stderr(`Error: ${err instanceof Error ? err.message : String(err)}\n`);
      return 1;
    }
  };
}

export async function runComponentMain(main: ComponentMain): Promise<void> {
  const shutdown = new AbortController();
  let signalled = false;
  const onSignal = () => {
    if (signalled) process.exit(1);
    signalled = true;
    shutdown.abort();
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  const io: CommandIO = { stdout: (t) => process.stdout.write(t), stderr: (t) => process.stderr.write(t) };
  // A daemon lives until told to stop, even while nothing else is pending.
  const keepAlive = setInterval(() => {}, 1 << 30);
  process.exitCode = await main(process.argv.slice(2), io, { shutdown: shutdown.signal });
  clearInterval(keepAlive);
  process.off('SIGTERM', onSignal);
  process.off('SIGINT', onSignal);
}

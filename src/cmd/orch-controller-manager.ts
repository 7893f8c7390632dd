// orch-controller-manager: parse and validate the options, then run the controller manager until
// SIGTERM or SIGINT (a second signal exits at once) or until leadership is lost. Composition only.
import { klog } from '../component-base/logs/klog.ts';
import { applyLoggingOptions, flushLogs } from '../component-base/logs/logging-options.ts';
import { loadControllerManagerOptions } from '../options/controllermanager-command.ts';
import { runControllerManager } from '../controllermanager/app/run.ts';
import type { CommandIO } from '../options/command-io.ts';
import { runComponentMain } from './component-main.ts';

const log = klog('cmd/orch-controller-manager');


export interface ControllerManagerMainDeps {
  /** Aborting it begins a clean shutdown. */
  shutdown: AbortSignal;
  onServing?(port: number): void;
}

/** Runs orch-controller-manager with its arguments (without the program name); settles with the exit code. */
export async function controllerManagerMain(argv: string[], io: CommandIO, deps: ControllerManagerMainDeps): Promise<number> {
  const loaded = loadControllerManagerOptions(argv);
  if (loaded.kind === 'exit') {
    io.stdout(loaded.stdout);
    io.stderr(loaded.stderr);
    return loaded.code;
  }
  try {
    applyLoggingOptions(loaded.options.logging, loaded.featureGates);
    for (const warning of loaded.warnings) log.warning(warning);
    const code = await runControllerManager(loaded.options, { shutdown: deps.shutdown, onServing: deps.onServing });
    log.info('Exiting', { code });
    flushLogs();
    return code;
  } catch (err) {
    io.stderr(`Error: ${oneLine(err)}\n`);
    return 1;
  }
}

function oneLine(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.replace(/\s*\n\s*/g, ' ').trim();
}

/** The process: runs orch-controller-manager with the command line's arguments until it is told to stop. */
export const main = (): Promise<void> => runComponentMain(controllerManagerMain);

if (import.meta.main) await main();

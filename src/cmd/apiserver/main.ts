// orch-apiserver: parse and validate the options, compose the server (compose.ts: storage, every
// resource and their REST handler) and run it until it is told to stop.
import { klog } from '../../component-base/logs/klog.ts';
import { applyLoggingOptions } from '../../component-base/logs/logging-options.ts';
import { loadApiserverOptions } from '../../options/apiserver-command.ts';
import { runApiserver } from '../../apiserver/server/run.ts';
import { composeApiserver, type ComposedApiserver } from './compose.ts';
import type { CommandIO } from '../../options/command-io.ts';

const log = klog('cmd/orch-apiserver');


/** Runs orch-apiserver with its arguments (without the program name); settles with the exit code. */
export async function apiserverMain(argv: string[], io: CommandIO): Promise<number> {
  const loaded = loadApiserverOptions(argv);
  if (loaded.kind === 'exit') {
    io.stdout(loaded.stdout);
    io.stderr(loaded.stderr);
    return loaded.code;
  }
  const { options, featureGates, warnings } = loaded;

  let composed: ComposedApiserver | undefined;
  try {
    applyLoggingOptions(options.logging, featureGates);
    for (const warning of warnings) log.warning(warning);
    composed = await composeApiserver(options, { featureGates });
    return await runApiserver(options, {
      ...composed.serverDeps,
      onStarted: composed.onStarted,
      onShutdown: composed.shutdownHooks,
    });
  } catch (err) {
    io.stderr(`Error: ${oneLine(err)}\n`);
    await composed?.close().catch(() => undefined);
    return 1;
  }
}

function oneLine(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.replace(/\s*\n\s*/g, ' ').trim();
}

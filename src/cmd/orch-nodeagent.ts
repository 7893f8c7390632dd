// orch-nodeagent: parse and validate the options, then run the simulated nodes until SIGTERM or
// SIGINT (a second signal exits at once). Composition only.
import { klog } from '../component-base/logs/klog.ts';
import { applyLoggingOptions, flushLogs } from '../component-base/logs/logging-options.ts';
import { loadNodeAgentOptions } from '../options/components/nodeagent-command.ts';
import { runNodeAgent } from '../nodeagent/run.ts';
import type { CommandIO } from '../options/command-io.ts';
import { runComponentMain } from './component-main.ts';

const log = klog('cmd/orch-nodeagent');

/** Runs orch-nodeagent with its arguments (without the program name); settles with the exit code. */
export async function nodeAgentMain(argv: string[], io: CommandIO, deps: { shutdown: AbortSignal }): Promise<number> {
  const loaded = loadNodeAgentOptions(argv);
  if (loaded.kind === 'exit') {
    io.stdout(loaded.stdout);
    io.stderr(loaded.stderr);
    return loaded.code;
  }
  try {
    applyLoggingOptions(loaded.options.logging, loaded.featureGates);
    for (const warning of loaded.warnings) log.warning(warning);
    const code = await runNodeAgent(loaded.options, { shutdown: deps.shutdown });
    log.info('Exiting', { code });
    flushLogs();
    return code;
  } catch (err) {
    io.stderr(`Error: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
}

if (import.meta.main) await runComponentMain(nodeAgentMain);

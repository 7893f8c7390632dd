// orch-nodeagent: parse and validate the options, then run the simulated nodes until SIGTERM or
// SIGINT (a second signal exits at once). Composition only.
import { loadNodeAgentOptions } from '../options/components/nodeagent-command.ts';
import { runNodeAgent } from '../nodeagent/run.ts';
import { componentMain, runComponentMain } from './component-main.ts';

/** Runs orch-nodeagent with its arguments (without the program name); settles with the exit code. */
export const nodeAgentMain = componentMain('orch-nodeagent', loadNodeAgentOptions, runNodeAgent);

/** The process: runs orch-nodeagent with the command line's arguments until it is told to stop. */
export const main = (): Promise<void> => runComponentMain(nodeAgentMain);

if (import.meta.main) await main();

// orch-scheduler: parse and validate the options, then schedule pods until SIGTERM or SIGINT (a
// second signal exits at once). Composition only.
import { loadSchedulerOptions } from '../options/components/scheduler-command.ts';
import { runScheduler } from '../scheduler/run.ts';
import { componentMain, runComponentMain } from './component-main.ts';

/** Runs orch-scheduler with its arguments (without the program name); settles with the exit code. */
export const schedulerMain = componentMain('orch-scheduler', loadSchedulerOptions, runScheduler);

/** The process: runs orch-scheduler with the command line's arguments until it is told to stop. */
export const main = (): Promise<void> => runComponentMain(schedulerMain);

if (import.meta.main) await main();

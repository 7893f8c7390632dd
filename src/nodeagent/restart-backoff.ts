// How long a container waits before it is restarted after exiting, as the node agent's
// CrashLoopBackOff counts it: the first restart is at once; after that 10 s, doubling with each
// restart up to 5 minutes, and at once again after a run that lasted 10 minutes.
const INITIAL_MS = 10_000;
const MAX_MS = 300_000;
const RESET_AFTER_MS = 600_000;

/** The wait before the next restart, from the previous wait (none yet: undefined) and the last run's length. */
export function nextRestartDelayMs(previousMs: number | undefined, lastRunMs: number): number {
  if (previousMs === undefined || lastRunMs >= RESET_AFTER_MS) return 0;
  if (previousMs === 0) return INITIAL_MS;
  return Math.min(previousMs * 2, MAX_MS);
}

// A periodic poll that runs at once and then every periodMs, one run at a time, and never keeps
// the process alive. A period of 0 (or less) disables it.

export interface Poll {
  stop(): void;
}

export function startPoll(periodMs: number, run: () => Promise<void>): Poll {
  if (!(periodMs > 0)) return { stop: () => undefined };
  let running = false;
  let stopped = false;
  const tick = async (): Promise<void> => {
    if (running || stopped) return;
    running = true;
    try {
      await run();
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), periodMs);
  timer.unref();
  void tick();
  return {
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}

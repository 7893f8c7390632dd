// Long operations of the binder (provisioning, deleting, recycling a volume) run beside the sync
// loop, at most one per name, as Kubernetes' goroutine map runs them: a sync that finds the
// operation running skips it, and one that failed is not started again until its exponential
// back-off (500 ms doubling to 2 m 2 s) has passed. A success forgets the back-off.
import type { Clock } from '../../../../client/clock/clock.ts';
import { klog } from '../../../../component-base/logs/klog.ts';

const log = klog('controllermanager/persistentvolume');

export const INITIAL_BACKOFF_MS = 500;
export const MAX_BACKOFF_MS = 122_000;

interface Entry {
  running: boolean;
  backoffMs: number;
  retryAt: number;
}

export class OperationMap {
  private readonly entries = new Map<string, Entry>();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly clock: Clock;

  constructor(clock: Clock) {
    this.clock = clock;
  }

  /** Starts the operation unless it runs or backs off; returns whether it started. */
  run(name: string, operation: () => Promise<void>): boolean {
    const entry = this.entries.get(name);
    if (entry?.running) {
      log.info('Operation is already running, skipping', { operationName: name }, 4);
      return false;
    }
    if (entry && this.clock.now() < entry.retryAt) {
      log.info('Operation postponed due to exponential backoff', { operationName: name }, 4);
      return false;
    }
    const current: Entry = { running: true, backoffMs: entry?.backoffMs ?? 0, retryAt: 0 };
    this.entries.set(name, current);
    const work = operation().then(
      () => void this.entries.delete(name),
      (err: unknown) => {
        current.running = false;
        current.backoffMs = current.backoffMs ? Math.min(current.backoffMs * 2, MAX_BACKOFF_MS) : INITIAL_BACKOFF_MS;
        current.retryAt = this.clock.now() + current.backoffMs;
        log.error('Operation failed', { operationName: name, err: (err as Error).message, retryIn: `${current.backoffMs}ms` });
      },
    );
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
    return true;
  }

  isRunning(name: string): boolean {
    return this.entries.get(name)?.running ?? false;
  }

  /** Resolves once every operation started so far has ended. */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
  }
}

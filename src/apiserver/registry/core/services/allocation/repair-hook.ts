// The start-service-ip-repair-controllers post-start hook: both repairs run once at start-up (the
// hook, and so /readyz, finishes when they have succeeded), then every three minutes as
// Kubernetes runs its node port repair, and sooner when a pass left something too young to judge.
import { klog } from '../../../../../component-base/logs/klog.ts';
import { isStorageError } from '../../../../../storage/interface.ts';
import type { PostStartHook } from '../../../../server/config.ts';
import type { RepairOutcome } from './repair-ips.ts';

const log = klog('registry/services/repair');

/** Kubernetes' repair interval for service IPs and node ports. */
export const REPAIR_INTERVAL_MS = 3 * 60_000;
const RETRY_MS = 1000;
/** Passes run again at once when an allocation raced them, this many times before waiting. */
const CONFLICT_RETRIES = 5;

export type RepairPass = () => Promise<RepairOutcome>;

async function runWithRetries(name: string, pass: RepairPass): Promise<RepairOutcome> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await pass();
    } catch (err) {
      if (!isStorageError(err, 'Conflict') || attempt >= CONFLICT_RETRIES) throw err;
      log.info('Repair raced an allocation; running it again', { repair: name }, 4);
    }
  }
}

export interface RepairHookOptions {
  passes: Record<string, RepairPass>;
  intervalMs?: number;
}

export interface RepairHook extends PostStartHook {
  /** Settles once the first passes have succeeded. */
  ready: Promise<void>;
}

export function serviceRepairHook(opts: RepairHookOptions): RepairHook {
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  const interval = opts.intervalMs ?? REPAIR_INTERVAL_MS;
  const runAll = async (): Promise<number | undefined> => {
    let recheckAt: number | undefined;
    for (const [name, pass] of Object.entries(opts.passes)) {
      const out = await runWithRetries(name, pass);
      if (out.recheckAt !== undefined) recheckAt = Math.min(recheckAt ?? out.recheckAt, out.recheckAt);
    }
    return recheckAt;
  };
  return {
    name: 'start-service-ip-repair-controllers',
    ready,
    async run({ signal }) {
      let recheckAt: number | undefined;
      for (;;) {
        if (signal.aborted) return;
        try {
          recheckAt = await runAll();
          markReady();
          break;
        } catch (err) {
          log.error('Unable to perform the initial IP and port allocation check; retrying', { err: String((err as Error)?.message ?? err) });
          await new Promise((resolve) => setTimeout(resolve, RETRY_MS).unref());
        }
      }
      let timer: NodeJS.Timeout | undefined;
      const schedule = (at: number | undefined) => {
        const delay = Math.max(0, Math.min(interval, at === undefined ? interval : at - Date.now() + 50));
        timer = setTimeout(async () => {
          let next: number | undefined;
          try {
            next = await runAll();
          } catch (err) {
            log.error('Service IP and node port repair failed', { err: String((err as Error)?.message ?? err) });
            next = Date.now() + RETRY_MS * 10;
          }
          if (!signal.aborted) schedule(next);
        }, delay);
        timer.unref();
      };
      schedule(recheckAt);
      signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
    },
  };
}

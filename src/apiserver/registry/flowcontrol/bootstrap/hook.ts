// The post-start hook that creates the bootstrap configuration and keeps it reconciled (every
// minute by default, as Kubernetes does), until the server shuts down.
import type { PostStartHook } from '../../../server/config.ts';
import { klog } from '../../../../component-base/logs/klog.ts';
import { reconcileBootstrapConfiguration, type BootstrapTargets } from './reconcile.ts';

const log = klog('flowcontrol/bootstrap');
const RETRY_MS = 1000;

export interface BootstrapHookOptions {
  /** Time between reconciliations after the first; 60 s by default. */
  intervalMs?: number;
  /** Resolves when the system namespaces exist (nothing here depends on them, but logs stay quiet). */
  after?: Promise<void>;
}

export function flowControlBootstrapHook(targets: BootstrapTargets, opts: BootstrapHookOptions = {}): PostStartHook {
  const interval = opts.intervalMs ?? 60_000;
  return {
    name: 'priority-and-fairness-config-producer',
    async run({ signal }) {
      await opts.after;
      // The hook is done once the first reconciliation succeeds; it keeps going in the background.
      for (;;) {
        try {
          await reconcileBootstrapConfiguration(targets);
          break;
        } catch (err) {
          if (signal.aborted) return;
          log.warning('Creating the bootstrap configuration failed; retrying', { err: (err as Error).message });
          await new Promise((r) => setTimeout(r, RETRY_MS).unref());
        }
      }
      const timer = setInterval(() => {
        reconcileBootstrapConfiguration(targets).catch((err: unknown) => log.warning('Reconciling the bootstrap configuration failed', { err: (err as Error).message }));
      }, interval);
      timer.unref();
      signal.addEventListener('abort', () => clearInterval(timer), { once: true });
    },
  };
}

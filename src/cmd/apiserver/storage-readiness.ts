// --storage-initialization-timeout: the `storage-readiness` post-start hook, as Kubernetes runs
// it. /readyz reports poststarthook/storage-readiness failing until every watch cache has done
// its first list (the stores are initialised), or until the timeout has passed: then the hook
// logs a warning and readiness no longer waits, since a cache that is not ready yet serves its
// reads from the store itself.
import { klog } from '../../component-base/logs/klog.ts';
import type { PostStartHook } from '../../apiserver/server/config.ts';

const log = klog('cmd/storage');

interface InitializingStore {
  /** Resolves true once the store is initialised, false when timeoutMs passed first. */
  waitReady(timeoutMs: number): Promise<boolean>;
}

function initializing(store: object): store is InitializingStore {
  return typeof (store as Partial<InitializingStore>).waitReady === 'function';
}

/** Waits for the stores that have an initialisation (the watch caches); the others are ready at once. */
export function storageReadinessHook(stores: () => Iterable<object>, timeoutMs: number): PostStartHook {
  return {
    name: 'storage-readiness',
    async run({ signal }) {
      const deadline = Date.now() + Math.max(0, timeoutMs);
      const pending = [...stores()].filter(initializing);
      const remaining = () => Math.max(0, deadline - Date.now());
      const all = Promise.all(pending.map((s) => s.waitReady(remaining())));
      const aborted = new Promise<boolean[]>((resolve) => signal.addEventListener('abort', () => resolve([]), { once: true }));
      const results = await Promise.race([all, aborted]);
      if (signal.aborted) return;
      const notReady = results.filter((ready) => !ready).length;
      if (notReady > 0) {
        log.warning('Deadline exceeded while waiting for storage readiness... ignoring', { timeout: `${timeoutMs}ms`, notReady });
      }
    },
  };
}

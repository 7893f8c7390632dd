// Follows one stored kind: lists it, then watches from the list's revision, calling `onObject` for
// every object listed and every change (with `deleted` for a deletion); a watch that ends lists
// again after a second. The aggregator follows services and endpoints this way to know when an
// APIService's backend changed.
import type { ApiObject, Store } from '../../storage/interface.ts';
import { klog } from '../../component-base/logs/klog.ts';

const log = klog('aggregator');
const RETRY_MS = 1000;

export function followStore<T extends ApiObject>(store: Store<T>, prefix: string, onObject: (obj: T, deleted: boolean) => void): { stop(): void } {
  let stopped = false;
  let stopWatch: (() => void) | undefined;
  const loop = async (): Promise<void> => {
    while (!stopped) {
      try {
        const list = await store.list(prefix, { recursive: true, resourceVersion: '' });
        for (const obj of list.items) onObject(obj, false);
        const watcher = await store.watch(prefix, { recursive: true, resourceVersion: list.resourceVersion });
        stopWatch = () => watcher.stop();
        if (stopped) watcher.stop();
        for await (const ev of watcher) {
          if (ev.type === 'ERROR') break;
          if (ev.type !== 'BOOKMARK') onObject(ev.object, ev.type === 'DELETED');
        }
      } catch (err) {
        if (stopped) return;
        log.warning('Watch failed; listing again', { prefix, err: (err as Error).message });
      }
      if (!stopped) await new Promise((r) => setTimeout(r, RETRY_MS).unref());
    }
  };
  void loop();
  return {
    stop() {
      stopped = true;
      stopWatch?.();
    },
  };
}

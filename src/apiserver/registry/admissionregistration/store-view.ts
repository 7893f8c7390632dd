// An in-memory view of one stored kind, kept current by listing and then watching its store;
// a watch that ends (compaction, a slow watcher cut off) lists again. Admission reads it per request.
import type { ApiObject, Store } from '../../../storage/interface.ts';
import { klog } from '../../../component-base/logs/klog.ts';

const log = klog('apiserver/admissionregistration');
const RETRY_MS = 1000;

export interface StoreView<T extends ApiObject> {
  /** Every object, sorted by name (the order Kubernetes calls webhooks and policies in). */
  list(): readonly T[];
  get(name: string): T | undefined;
  /** Resolves once the first list has been read. */
  synced: Promise<void>;
  /** Called after each change. */
  onChange(fn: () => void): void;
  stop(): void;
}

export function watchStoreView<T extends ApiObject>(store: Store<T>, prefix: string, what: string): StoreView<T> {
  const abort = new AbortController();
  const items = new Map<string, T>();
  let sorted: T[] | undefined;
  const listeners: (() => void)[] = [];
  let stopWatch: (() => void) | undefined;
  const changed = () => {
    sorted = undefined;
    for (const fn of listeners) fn();
  };
  let resolveSynced!: () => void;
  const synced = new Promise<void>((r) => (resolveSynced = r));
  const loop = async (): Promise<void> => {
    while (!abort.signal.aborted) {
      try {
        const list = await store.list(prefix, { recursive: true });
        items.clear();
        for (const obj of list.items) items.set(obj.metadata.name ?? '', obj);
        changed();
        resolveSynced();
        const watcher = await store.watch(prefix, { recursive: true, resourceVersion: list.resourceVersion });
        stopWatch = () => watcher.stop();
        if (abort.signal.aborted) watcher.stop();
        for await (const ev of watcher) {
          if (ev.type === 'ADDED' || ev.type === 'MODIFIED') items.set(ev.object.metadata.name ?? '', ev.object as T);
          else if (ev.type === 'DELETED') items.delete(ev.object.metadata.name ?? '');
          else if (ev.type === 'ERROR') break;
          changed();
        }
      } catch (err) {
        if (abort.signal.aborted) return;
        log.warning('Watch of admission configuration failed; listing again', { kind: what, err: (err as Error).message });
      }
      if (!abort.signal.aborted) await new Promise((r) => setTimeout(r, RETRY_MS).unref());
    }
  };
  void loop();
  return {
    list: () => (sorted ??= [...items.values()].sort((a, b) => ((a.metadata.name ?? '') < (b.metadata.name ?? '') ? -1 : 1))),
    get: (name) => items.get(name),
    synced,
    onChange: (fn) => listeners.push(fn),
    stop() {
      abort.abort();
      stopWatch?.();
    },
  };
}

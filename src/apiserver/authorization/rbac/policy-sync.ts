// Keeps an RbacPolicyIndex current from the four RBAC stores: list, then watch from the list's
// revision; when a watch ends (compaction, a slow watcher cut off) the kind is listed again.
import type { ApiObject, Store } from '../../../storage/interface.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import type { RbacKind, RbacPolicyIndex } from './policy-index.ts';
import type { Role, RoleBinding } from '../../../api/rbac/v1/types.ts';

const log = klog('authorization/rbac');
const RETRY_MS = 1000;

export interface RbacSource {
  kind: RbacKind;
  store: Store<ApiObject>;
  /** The storage prefix of the kind (ending in "/"). */
  prefix: string;
}

export interface PolicySync {
  /** Resolves once every kind has been listed into the index. */
  synced: Promise<void>;
  stop(): void;
}

export function syncPolicyIndex(index: RbacPolicyIndex, sources: readonly RbacSource[]): PolicySync {
  const abort = new AbortController();
  const stops: (() => void)[] = [];
  const syncOne = (src: RbacSource): Promise<void> =>
    new Promise<void>((resolveFirst) => {
      const loop = async (): Promise<void> => {
        while (!abort.signal.aborted) {
          try {
            const list = await src.store.list(src.prefix, { recursive: true });
            index.clear(src.kind);
            for (const obj of list.items) index.set(src.kind, obj as Role | RoleBinding);
            resolveFirst();
            const watcher = await src.store.watch(src.prefix, { recursive: true, resourceVersion: list.resourceVersion });
            stops.push(() => watcher.stop());
            if (abort.signal.aborted) watcher.stop();
            for await (const ev of watcher) {
              if (ev.type === 'ADDED' || ev.type === 'MODIFIED') index.set(src.kind, ev.object as Role | RoleBinding);
              else if (ev.type === 'DELETED') index.delete(src.kind, ev.object as Role | RoleBinding);
              else if (ev.type === 'ERROR') break;
            }
          } catch (err) {
            if (abort.signal.aborted) return;
            log.warning('RBAC policy watch failed; listing again', { kind: src.kind, err: (err as Error).message });
          }
          if (!abort.signal.aborted) await new Promise((r) => setTimeout(r, RETRY_MS).unref());
        }
      };
      void loop();
    });
  const synced = Promise.all(sources.map(syncOne)).then(() => undefined);
  return {
    synced,
    stop() {
      abort.abort();
      for (const s of stops) s();
    },
  };
}

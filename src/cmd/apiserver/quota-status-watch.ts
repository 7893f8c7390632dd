// Watches every ResourceQuota and hands the ones whose status lags their spec (new, or with
// changed limits) to the status keeper, so a namespace's quota counts as soon as it is created,
// as Kubernetes' quota controller makes it count. A watch that ends lists again.
import type { ResourceQuota } from '../../api/core/v1/policy-types.ts';
import type { InstalledResource } from '../../apiserver/registry/generic/context.ts';
import { collectionPrefix } from '../../apiserver/registry/generic/keys.ts';
import { statusLags, type QuotaStatusKeeper } from '../../apiserver/admission/plugins/resource-quota/status-keeper.ts';
import { klog } from '../../component-base/logs/klog.ts';

const log = klog('apiserver/resourcequota');
const RETRY_MS = 1000;

export function watchQuotaStatus(res: InstalledResource<any, any>, keeper: QuotaStatusKeeper): { stop(): void } {
  const abort = new AbortController();
  let stopWatch: (() => void) | undefined;
  // One sync at a time per quota; a change seen meanwhile is looked at again after it.
  const running = new Map<string, ResourceQuota | undefined>();
  const consider = (quota: ResourceQuota) => {
    if (!statusLags(quota)) return;
    const key = `${quota.metadata.namespace}/${quota.metadata.name}`;
    if (running.has(key)) return void running.set(key, quota);
    running.set(key, undefined);
    void keeper
      .sync(quota)
      .catch((err) => log.warning('Could not fill in the status of a resource quota', { quota: key, err: (err as Error).message }))
      .finally(() => {
        const again = running.get(key);
        running.delete(key);
        if (again && !abort.signal.aborted) consider(again);
      });
  };
  const prefix = collectionPrefix(res.declaration, '');
  const loop = async () => {
    while (!abort.signal.aborted) {
      try {
        const list = await res.store.list(prefix, { recursive: true });
        for (const quota of list.items as ResourceQuota[]) consider(quota);
        const watcher = await res.store.watch(prefix, { recursive: true, resourceVersion: list.resourceVersion });
        stopWatch = () => watcher.stop();
        if (abort.signal.aborted) watcher.stop();
        for await (const ev of watcher) {
          if (ev.type === 'ADDED' || ev.type === 'MODIFIED') consider(ev.object as ResourceQuota);
          else if (ev.type === 'ERROR') break;
        }
      } catch (err) {
        if (abort.signal.aborted) return;
        log.warning('Watch of resource quotas failed; listing again', { err: (err as Error).message });
      }
      if (!abort.signal.aborted) await new Promise((r) => setTimeout(r, RETRY_MS).unref());
    }
  };
  void loop();
  return {
    stop() {
      abort.abort();
      stopWatch?.();
    },
  };
}

// The resourcequota controller's view of what quotas count (Kubernetes' QuotaMonitor): a shared
// informer for every namespaced resource the server serves with create, list, watch and delete
// (events and review kinds aside), found by discovery and found again periodically so resources
// served later are counted too. The informers' caches are what usage is measured from; their
// deletions, and updates that may lower usage, are reported as replenishment of a namespace.
import type { ApiObject } from '../../../api/meta/v1/types.ts';
import type { SharedInformer } from '../../../client/cache/shared-informer.ts';
import { NAMESPACE_INDEX } from '../../../client/cache/store.ts';
import type { InformerFactory } from '../../../client/cache/informer-factory.ts';
import { withVerbs, type ApiResource } from '../../../client/discovery/discovery-client.ts';
import { updateMayReplenish } from '../../../machinery/quota/replenish.ts';
import type { NamespacedObjects } from '../../../machinery/quota/usage.ts';

/** Kubernetes' resources quota never counts: events, and kinds that are not stored. */
const IGNORED = new Set([
  '/events', 'events.orch.io/events', 'events.k8s.io/events', '/bindings', '/componentstatuses',
  'authentication.orch.io/tokenreviews', 'authentication.orch.io/selfsubjectreviews',
  'authorization.orch.io/subjectaccessreviews', 'authorization.orch.io/selfsubjectaccessreviews',
  'authorization.orch.io/localsubjectaccessreviews', 'authorization.orch.io/selfsubjectrulesreviews',
]);

const K8S_SUFFIX = '.k8s.io';
const ORCH_SUFFIX = '.orch.io';

/** Namespaced resources quota may count: created, listed, watched and deleted through the API. */
export function quotableResources(resources: readonly ApiResource[]): ApiResource[] {
  return withVerbs(resources, 'create', 'list', 'watch', 'delete').filter((r) => r.namespaced && !IGNORED.has(`${r.group}/${r.resource}`));
}

export type Replenish = (group: string, resource: string, namespace: string) => void;

export class QuotaMonitor implements NamespacedObjects {
  private readonly informers: InformerFactory;
  private readonly replenish: Replenish;
  private readonly now: () => number;
  /** `group/resource` → the informer watching it. */
  private readonly monitors = new Map<string, SharedInformer<ApiObject>>();

  constructor(informers: InformerFactory, replenish: Replenish, now: () => number = Date.now) {
    this.informers = informers;
    this.replenish = replenish;
    this.now = now;
  }

  /** Watches the quotable resources not watched yet; returns those added. */
  add(resources: readonly ApiResource[]): ApiResource[] {
    const added = quotableResources(resources).filter((r) => !this.monitors.has(`${r.group}/${r.resource}`));
    for (const r of added) {
      const informer = this.informers.informerFor<ApiObject>(r);
      this.monitors.set(`${r.group}/${r.resource}`, informer);
      const changed = (obj: ApiObject) => obj.metadata.namespace && this.replenish(r.group, r.resource, obj.metadata.namespace);
      informer.addEventHandler({
        onDelete: changed,
        onUpdate: (old, cur) => {
          if (updateMayReplenish(r.group, r.resource, old, cur, this.now())) changed(cur);
        },
      });
    }
    return added;
  }

  /** Resolves once every watched resource's cache has its first list. */
  async waitForSync(): Promise<void> {
    await Promise.all([...this.monitors.values()].map((i) => i.waitForSync()));
  }

  /** The cached objects of a resource in a namespace; a Kubernetes group name is read under orch's. */
  list(group: string, resource: string, namespace: string): readonly ApiObject[] | undefined {
    let informer = this.monitors.get(`${group}/${resource}`);
    if (!informer && group.endsWith(K8S_SUFFIX)) informer = this.monitors.get(`${group.slice(0, -K8S_SUFFIX.length)}${ORCH_SUFFIX}/${resource}`);
    return informer?.indexer.byIndex(NAMESPACE_INDEX, namespace);
  }
}

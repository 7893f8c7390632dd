// Claims waiting to be looked at, grouped by namespace (Kubernetes' pvcProcessingStore): one live
// pod list then serves every claim of the namespace taken together, so deleting many claims at
// once costs one list per namespace rather than one per claim.
import { WorkQueue } from '../../../../client/workqueue/queue.ts';

export class NamespaceBatches {
  private readonly claims = new Map<string, string[]>();
  private readonly namespaces = new WorkQueue<string>();

  /** Files a claim key (`namespace/name`) under its namespace, queueing the namespace if new. */
  add(key: string): void {
    const namespace = key.slice(0, key.indexOf('/'));
    let keys = this.claims.get(namespace);
    if (!keys) {
      this.claims.set(namespace, (keys = []));
      this.namespaces.add(namespace);
    }
    keys.push(key);
  }

  /** The next namespace's claim keys, taken out of the store; undefined once shut down. */
  async next(): Promise<{ namespace: string; keys: string[] } | undefined> {
    const got = await this.namespaces.get();
    if (got.shutdown) return undefined;
    const namespace = got.item;
    const keys = this.claims.get(namespace) ?? [];
    this.claims.delete(namespace);
    this.namespaces.done(namespace);
    return { namespace, keys };
  }

  shutDown(): void {
    this.namespaces.shutDown();
  }
}

// Reading and writing a parent's ControllerRevisions, as Kubernetes' controller history does:
// listing (from the informer's cache) the revisions the selector picks that are the parent's or
// no one's; creating one and stepping the collision count past a name taken by different data;
// renumbering one (retried on conflict, re-read from the cache); deleting; and adopting an orphan
// or releasing one by strategic merge patch pinned to the revision's uid.
import type { ControllerRevision } from '../../../api/apps/v1/types.ts';
import type { LabelSelector } from '../../../api/meta/v1/types.ts';
import type { Indexer } from '../../../client/cache/store.ts';
import { NAMESPACE_INDEX } from '../../../client/cache/store.ts';
import type { RestClient } from '../../../client/rest/client.ts';
import { ResourceClient } from '../../../client/rest/resource.ts';
import { labelSelectorMatches } from '../../../machinery/selectors/label-selector.ts';
import { isAlreadyExists, isConflict } from '../../../machinery/status.ts';
import { controllerOf, controllerRefTo, controllerRevisionName, hashControllerRevision, revisionDataBytes, type ParentKind, type ParentObject } from './revisions.ts';

export const CONTROLLER_REVISIONS = { group: 'apps', version: 'v1', resource: 'controllerrevisions' };

/** Conflicts retried before a renumbering gives up (client-go's DefaultBackoff has five steps). */
const UPDATE_ATTEMPTS = 5;

/** What the controllers need of a parent's history; ControllerHistory is the real one. */
export interface History {
  list(parent: ParentObject, selector: LabelSelector | undefined | null): ControllerRevision[];
  create(parent: ParentObject, revision: ControllerRevision, collision: { count: number }): Promise<ControllerRevision>;
  updateRevision(revision: ControllerRevision, newRevision: number): Promise<ControllerRevision>;
  delete(revision: ControllerRevision): Promise<void>;
  adopt(parent: ParentObject, kind: ParentKind, revision: ControllerRevision): Promise<ControllerRevision>;
}

export class ControllerHistory implements History {
  private readonly client: RestClient;
  private readonly cache: Indexer<ControllerRevision>;
  private readonly signal: AbortSignal | undefined;

  constructor(client: RestClient, cache: Indexer<ControllerRevision>, signal?: AbortSignal) {
    this.client = client;
    this.cache = cache;
    this.signal = signal;
  }

  private api(namespace: string | undefined): ResourceClient<ControllerRevision> {
    return new ResourceClient<ControllerRevision>(this.client, CONTROLLER_REVISIONS, namespace);
  }

  /** ListControllerRevisions: cached revisions in the parent's namespace the selector picks, owned by the parent or orphaned. */
  list(parent: ParentObject, selector: LabelSelector | undefined | null): ControllerRevision[] {
    return this.cache.byIndex(NAMESPACE_INDEX, parent.metadata.namespace ?? '').filter((r) => {
      if (!selector || !labelSelectorMatches(selector, r.metadata.labels)) return false;
      const ref = controllerOf(r);
      return !ref || ref.uid === parent.metadata.uid;
    });
  }

  /**
   * CreateControllerRevision: creates the revision under the name its hash gives; when that name
   * holds other data the collision count is raised (in `collision.count`) and the next name tried.
   */
  async create(parent: ParentObject, revision: ControllerRevision, collision: { count: number }): Promise<ControllerRevision> {
    const api = this.api(parent.metadata.namespace);
    for (;;) {
      const clone = structuredClone(revision);
      clone.metadata.name = controllerRevisionName(parent.metadata.name ?? '', hashControllerRevision(revision, collision.count));
      clone.metadata.namespace = parent.metadata.namespace;
      try {
        return await api.create(clone, this.signal);
      } catch (err) {
        if (!isAlreadyExists(err)) throw err;
        const existing = await api.get(clone.metadata.name, this.signal);
        if (revisionDataBytes(existing) === revisionDataBytes(clone)) return existing;
        collision.count++;
      }
    }
  }

  /** UpdateControllerRevision: gives the revision a new number. */
  async updateRevision(revision: ControllerRevision, newRevision: number): Promise<ControllerRevision> {
    let clone = structuredClone(revision);
    const api = this.api(revision.metadata.namespace);
    for (let attempt = 1; ; attempt++) {
      if (clone.revision === newRevision) return clone;
      clone.revision = newRevision;
      try {
        return await api.update(clone, this.signal);
      } catch (err) {
        if (!isConflict(err) || attempt >= UPDATE_ATTEMPTS) throw err;
        const cached = this.cache.get(`${revision.metadata.namespace}/${revision.metadata.name}`);
        clone = structuredClone(cached ?? (await api.get(revision.metadata.name ?? '', this.signal)));
      }
    }
  }

  async delete(revision: ControllerRevision): Promise<void> {
    await this.api(revision.metadata.namespace).delete(revision.metadata.name ?? '', this.signal);
  }

  /** AdoptControllerRevision: makes the parent the orphan revision's controller. */
  async adopt(parent: ParentObject, kind: ParentKind, revision: ControllerRevision): Promise<ControllerRevision> {
    const owner = controllerOf(revision);
    if (owner) throw new Error(`attempt to adopt revision owned by ${JSON.stringify(owner)}`);
    const patch = { metadata: { ownerReferences: [controllerRefTo(parent, kind)], uid: revision.metadata.uid } };
    return this.api(parent.metadata.namespace).patch(revision.metadata.name ?? '', 'application/strategic-merge-patch+json', patch, {}, this.signal);
  }

  /** ReleaseControllerRevision: removes the parent's reference from a revision it no longer selects. */
  async release(parent: ParentObject, revision: ControllerRevision): Promise<ControllerRevision> {
    const patch = { metadata: { ownerReferences: [{ $patch: 'delete', uid: parent.metadata.uid }], uid: revision.metadata.uid } };
    return this.api(parent.metadata.namespace).patch(revision.metadata.name ?? '', 'application/strategic-merge-patch+json', patch, {}, this.signal);
  }
}

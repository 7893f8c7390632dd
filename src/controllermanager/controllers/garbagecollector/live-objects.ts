// The garbage collector's reads and writes, always against the server, never the cache: get an
// object by identity, delete it with a uid precondition and a propagation policy, and rewrite its
// owner references or finalizers with optimistic concurrency (re-read on conflict).
import type { RestClient } from '../../../client/rest/client.ts';
import { collectionPath } from '../../../client/rest/resource.ts';
import { isConflict, isNotFound } from '../../../machinery/status.ts';
import type { RestMapper } from '../../../client/discovery/rest-mapper.ts';
import type { OwnerReference } from '../../../api/meta/v1/types.ts';
import type { ObjectIdentity } from './graph.ts';

const JSON_TYPE = 'application/json';
const MAX_CONFLICT_RETRIES = 5;

export interface LiveObject {
  apiVersion?: string;
  kind?: string;
  metadata: {
    name: string;
    namespace?: string;
    uid: string;
    resourceVersion?: string;
    deletionTimestamp?: string;
    finalizers?: string[];
    ownerReferences?: OwnerReference[];
  };
  [field: string]: unknown;
}

export type PropagationPolicy = 'Background' | 'Foreground' | 'Orphan';

/** The server does not serve the kind a reference names; retried, as the kind may appear. */
export class UnknownKindError extends Error {}

export class LiveObjects {
  private readonly client: RestClient;
  private mapper: RestMapper;

  constructor(client: RestClient, mapper: RestMapper) {
    this.client = client;
    this.mapper = mapper;
  }

  setMapper(mapper: RestMapper): void {
    this.mapper = mapper;
  }

  /** Whether the kind is namespaced, or undefined when it is not served. */
  isNamespaced(apiVersion: string, kind: string): boolean | undefined {
    return this.mapper.resourceFor(apiVersion, kind)?.namespaced;
  }

  private path(id: Pick<ObjectIdentity, 'apiVersion' | 'kind' | 'namespace' | 'name'>): string {
    const resource = this.mapper.resourceFor(id.apiVersion, id.kind);
    if (!resource) throw new UnknownKindError(`the server does not serve ${id.kind} in ${id.apiVersion}`);
    return `${collectionPath(resource, resource.namespaced ? id.namespace : undefined)}/${encodeURIComponent(id.name)}`;
  }

  /** The object, or undefined when it is gone. */
  async get(id: Pick<ObjectIdentity, 'apiVersion' | 'kind' | 'namespace' | 'name'>, signal?: AbortSignal): Promise<LiveObject | undefined> {
    try {
      return await this.client.request<LiveObject>({ path: this.path(id), contentType: JSON_TYPE, signal });
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }

  /** Deletes the object only if it is still the one with this uid; a gone object is not an error. */
  async delete(id: ObjectIdentity, policy: PropagationPolicy, signal?: AbortSignal): Promise<void> {
    const body = { kind: 'DeleteOptions', apiVersion: 'v1', propagationPolicy: policy, preconditions: { uid: id.uid } };
    try {
      await this.client.request({ method: 'DELETE', path: this.path(id), body, contentType: JSON_TYPE, signal });
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  }

  /**
   * Applies `change` to the live object with this uid and writes it back; `change` returns false
   * when nothing needs writing. A gone or replaced object is left alone.
   */
  async mutate(id: ObjectIdentity, change: (obj: LiveObject) => boolean, signal?: AbortSignal): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      const obj = await this.get(id, signal);
      if (!obj || obj.metadata.uid !== id.uid) return;
      if (!change(obj)) return;
      try {
        await this.client.request({ method: 'PUT', path: this.path(id), body: obj, contentType: JSON_TYPE, signal });
        return;
      } catch (err) {
        if (isNotFound(err)) return;
        if (!isConflict(err) || attempt >= MAX_CONFLICT_RETRIES) throw err;
      }
    }
  }
}

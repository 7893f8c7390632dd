// Paths and verbs of one resource (group/version/resource, optionally in a namespace), as
// client-go's dynamic client offers them.
import type { PatchContentType, RestClient } from './client.ts';
import type { WatchStream } from './watch-stream.ts';

export interface GroupVersionResource {
  /** '' for the core group. */
  group: string;
  version: string;
  resource: string;
}

export interface ListOptions {
  labelSelector?: string;
  fieldSelector?: string;
  limit?: number;
  continue?: string;
  resourceVersion?: string;
  resourceVersionMatch?: string;
  timeoutSeconds?: number;
}

export interface WatchOptions {
  labelSelector?: string;
  fieldSelector?: string;
  resourceVersion?: string;
  resourceVersionMatch?: string;
  allowWatchBookmarks?: boolean;
  sendInitialEvents?: boolean;
  timeoutSeconds?: number;
}

export interface PatchOptions {
  fieldManager?: string;
  /** Apply only: take ownership of conflicting fields. */
  force?: boolean;
  dryRun?: 'All';
  fieldValidation?: 'Strict' | 'Warn' | 'Ignore';
}

export interface ObjectList<T> {
  apiVersion?: string;
  kind?: string;
  metadata: { resourceVersion?: string; continue?: string; remainingItemCount?: number };
  items: T[];
}

export function collectionPath(gvr: GroupVersionResource, namespace?: string): string {
  const root = gvr.group === '' ? `/api/${gvr.version}` : `/apis/${gvr.group}/${gvr.version}`;
  return namespace ? `${root}/namespaces/${encodeURIComponent(namespace)}/${gvr.resource}` : `${root}/${gvr.resource}`;
}

export class ResourceClient<T extends { metadata?: { name?: string } } = Record<string, any>> {
  readonly client: RestClient;
  readonly gvr: GroupVersionResource;
  readonly namespace: string | undefined;

  constructor(client: RestClient, gvr: GroupVersionResource, namespace?: string) {
    this.client = client;
    this.gvr = gvr;
    this.namespace = namespace;
  }

  get path(): string {
    return collectionPath(this.gvr, this.namespace);
  }

  private item(name: string): string {
    return `${this.path}/${encodeURIComponent(name)}`;
  }

  list(opts: ListOptions = {}, signal?: AbortSignal): Promise<ObjectList<T>> {
    return this.client.request<ObjectList<T>>({ path: this.path, query: { ...opts }, signal });
  }

  get(name: string, signal?: AbortSignal): Promise<T> {
    return this.client.request<T>({ path: this.item(name), signal });
  }

  create(obj: T, signal?: AbortSignal): Promise<T> {
    return this.client.request<T>({ method: 'POST', path: this.path, body: obj, signal });
  }

  update(obj: T, signal?: AbortSignal): Promise<T> {
    return this.client.request<T>({ method: 'PUT', path: this.item(obj.metadata?.name ?? ''), body: obj, signal });
  }

  /** PATCH of one object: `body` is the patch document for `patchType` (apply needs query.fieldManager). */
  patch(name: string, patchType: PatchContentType, body: unknown, query: PatchOptions = {}, signal?: AbortSignal): Promise<T> {
    return this.client.request<T>({ method: 'PATCH', path: this.item(name), body, patchType, query: { ...query }, signal });
  }

  delete(name: string, signal?: AbortSignal): Promise<unknown> {
    return this.client.request({ method: 'DELETE', path: this.item(name), signal });
  }

  watch(opts: WatchOptions = {}, signal?: AbortSignal): Promise<WatchStream<T>> {
    return this.client.watch<T>(this.path, { ...opts }, signal);
  }
}

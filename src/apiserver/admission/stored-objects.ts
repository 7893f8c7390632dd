// Reads of stored objects for admission plugins and authorizers that consult other resources
// than the one being written (existing pods of a namespace, the pod a node acts on, a claim's
// storage class). Resources are found by group and plural among those the server serves; one
// that is not served answers as empty, so a plugin works the same before it exists. Objects are
// in their stored form, which is the served form of the core kinds these readers ask for, and may
// be shared with the watch cache: read them, never change them.
import type { ApiObject } from '../../api/meta/v1/types.ts';
import type { InstalledResource } from '../registry/generic/context.ts';
import { collectionPrefix, objectKey } from '../registry/generic/keys.ts';

export interface StoredObjects {
  /** The server serves this resource (group "" is core). */
  serves(group: string, resource: string): boolean;
  /** The object as the watch cache holds it (read-only), or undefined when it does not exist. */
  get<T extends ApiObject>(group: string, resource: string, namespace: string, name: string): Promise<T | undefined>;
  /** Every object of a namespace ("" for all, or for cluster-scoped kinds), read-only. */
  list<T extends ApiObject>(group: string, resource: string, namespace: string): Promise<T[]>;
}

export function storedObjects(resources: () => readonly InstalledResource<any, any>[]): StoredObjects {
  const find = (group: string, resource: string) =>
    resources().find((r) => !r.subresource && !r.virtualRead && r.declaration.group === group && r.declaration.plural === resource && !r.declaration.aliasOf);
  return {
    serves: (group, resource) => find(group, resource) !== undefined,
    async get<T extends ApiObject>(group: string, resource: string, namespace: string, name: string) {
      const res = find(group, resource);
      if (!res || !name) return undefined;
      return ((await res.store.get(objectKey(res.declaration, namespace, name), { resourceVersion: '0', ignoreNotFound: true, readOnly: true })) ?? undefined) as T | undefined;
    },
    async list<T extends ApiObject>(group: string, resource: string, namespace: string) {
      const res = find(group, resource);
      if (!res) return [];
      const result = await res.store.list(collectionPrefix(res.declaration, namespace), { recursive: true, resourceVersion: '0' });
      return result.items as T[];
    },
  };
}

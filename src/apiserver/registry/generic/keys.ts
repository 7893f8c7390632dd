// Storage keys of a declaration's objects, laid out by the storage key module.
import { storageKey, storagePrefix } from '../../../storage/keys.ts';
import type { ResourceDeclaration } from '../resource.ts';

/** Root of every key, as Kubernetes' default --etcd-prefix. */
export const REGISTRY_PREFIX = '/registry';

export function objectKey(decl: ResourceDeclaration<any, any>, namespace: string, name: string): string {
  return storageKey(REGISTRY_PREFIX, decl.storageResource, decl.namespaced ? namespace : '', name);
}

/** The prefix of a collection; namespace "" means all namespaces. */
export function collectionPrefix(decl: ResourceDeclaration<any, any>, namespace: string): string {
  return storagePrefix(REGISTRY_PREFIX, decl.storageResource, decl.namespaced && namespace ? namespace : undefined);
}

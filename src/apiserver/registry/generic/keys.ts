// Storage keys of a declaration's objects, laid out by the storage key module.
import { storageKey, storagePrefix } from '../../../storage/keys.ts';
import type { ResourceDeclaration } from '../resource.ts';
import { badRequest } from '../../../machinery/status.ts';
import { pathSegmentNameErrors } from '../../../machinery/validation/names.ts';

/** Root of every key, as Kubernetes' default --etcd-prefix. */
export const REGISTRY_PREFIX = '/registry';

/**
 * The key of one object. A name that is not a valid path segment ("." or "..", or one holding "/"
 * or "%") is refused with a 400 before it can address anything: as a key it would name another
 * object or a prefix of many.
 */
export function objectKey(decl: ResourceDeclaration<any, any>, namespace: string, name: string): string {
  if (!name) throw badRequest('Name parameter required.');
  const errs = pathSegmentNameErrors(name);
  if (errs.length) throw badRequest(`Name parameter invalid: ${JSON.stringify(name)}: ${errs.join(';')}`);
  return storageKey(REGISTRY_PREFIX, decl.storageResource, decl.namespaced ? namespace : '', name);
}

/** The prefix of a collection; namespace "" means all namespaces. */
export function collectionPrefix(decl: ResourceDeclaration<any, any>, namespace: string): string {
  return storagePrefix(REGISTRY_PREFIX, decl.storageResource, decl.namespaced && namespace ? namespace : undefined);
}

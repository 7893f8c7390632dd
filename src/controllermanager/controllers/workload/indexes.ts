// Cache indexes controllers that own pods share, named as Kubernetes names them: pods by their
// controller (`namespace/kind/name/uid`, or the namespace alone for an orphan), so a sync finds its
// own pods and the orphans it may adopt without scanning the namespace; and owners by the uid of
// their own controller, so a deployment's replica sets find one another.
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import type { CachedObject } from '../../../client/cache/store.ts';
import { controllerRefOf } from './pod-state.ts';

export const POD_CONTROLLER_INDEX = 'podController';
export const OWNER_CONTROLLER_UID_INDEX = 'controllerUID';

export function podControllerIndexKey(namespace: string, ref: { kind: string; name: string; uid: string } | undefined): string {
  return ref ? `${namespace}/${ref.kind}/${ref.name}/${ref.uid}` : namespace;
}

export function podControllerIndexFunc(pod: Pod): string[] {
  return [podControllerIndexKey(pod.metadata?.namespace ?? '', controllerRefOf(pod))];
}

export function controllerUidIndexFunc(obj: CachedObject): string[] {
  const ref = controllerRefOf(obj);
  return ref ? [ref.uid] : [];
}

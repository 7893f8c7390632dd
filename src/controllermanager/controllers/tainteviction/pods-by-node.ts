// The pod cache index by spec.nodeName that the node controllers share (Kubernetes' nodeNameKeyIndex).
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import type { Indexer } from '../../../client/cache/store.ts';

export const NODE_NAME_INDEX = 'spec.nodeName';

export function addNodeNameIndex(pods: Indexer<Pod>): void {
  pods.addIndexer(NODE_NAME_INDEX, (pod) => (pod.spec?.nodeName ? [pod.spec.nodeName] : []));
}

export function podsOnNode(pods: Indexer<Pod>, nodeName: string): Pod[] {
  return pods.byIndex(NODE_NAME_INDEX, nodeName);
}

// Kubernetes' ResetObjectMetaForStatus: a write through /status (or another subresource that
// only touches the status) changes none of these metadata fields.
import type { ObjectMeta } from '../../api/meta/v1/types.ts';

const KEPT = ['deletionTimestamp', 'generation', 'labels', 'annotations', 'finalizers', 'ownerReferences'] as const;

export function keepMetadataForStatus(meta: ObjectMeta, old: ObjectMeta): void {
  for (const key of KEPT) {
    if (old[key] === undefined) delete meta[key];
    else (meta as Record<string, unknown>)[key] = structuredClone(old[key]);
  }
}

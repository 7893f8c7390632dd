// Deleting a CustomResourceDefinition first deletes its objects, as in Kubernetes: the first
// DELETE only marks the definition, adding the cleanup finalizer and the Terminating condition;
// the API server's definition controller deletes the objects and then removes the finalizer.
import type { CustomResourceDefinition } from '../../../../api/apiextensions/v1/types.ts';
import { CUSTOM_RESOURCE_CLEANUP_FINALIZER } from '../../../../api/apiextensions/v1/types.ts';
import type { DeletionHooks } from '../../resource.ts';
import { nowTimestamp } from '../../generic/object-meta.ts';

export const customResourceDefinitionDeletion: DeletionHooks<CustomResourceDefinition> = {
  // Not yet marked: the objects are still to be deleted, whatever finalizers the definition has.
  hasPendingFinalizers: (crd) => !crd.metadata.deletionTimestamp,
  markDeleting(crd) {
    const finalizers = crd.metadata.finalizers ?? [];
    if (!finalizers.includes(CUSTOM_RESOURCE_CLEANUP_FINALIZER)) crd.metadata.finalizers = [...finalizers, CUSTOM_RESOURCE_CLEANUP_FINALIZER];
    const conditions = (crd.status ??= {}).conditions ?? [];
    if (conditions.some((c) => c.type === 'Terminating' && c.status === 'True')) return;
    crd.status.conditions = [
      ...conditions.filter((c) => c.type !== 'Terminating'),
      { type: 'Terminating', status: 'True', lastTransitionTime: nowTimestamp(), reason: 'InstanceDeletionPending', message: 'CustomResourceDefinition marked for deletion; CustomResource deletion will begin soon' },
    ];
  },
};

// The claim behind a pod's generic ephemeral volume, as Kubernetes' ephemeral volume controller
// makes it: named <pod>-<volume>, with the template's labels, annotations and spec, controlled by
// the pod (blockOwnerDeletion) so it goes with the pod. A claim of that name the pod does not
// control is not the pod's: the pod cannot use it.
import type { Pod } from '../../../../api/core/v1/pod-types.ts';
import type { PersistentVolumeClaim, Volume } from '../../../../api/core/v1/volume-types.ts';
import type { OwnerReference } from '../../../../api/meta/v1/types.ts';
import { ephemeralClaimName } from '../pvcprotection/pod-uses-claim.ts';

export function ephemeralClaimFor(pod: Pod, volume: Volume): PersistentVolumeClaim {
  const template = volume.ephemeral?.volumeClaimTemplate;
  return {
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    metadata: {
      name: ephemeralClaimName(pod, volume),
      namespace: pod.metadata.namespace,
      ownerReferences: [{ apiVersion: 'v1', kind: 'Pod', name: pod.metadata.name ?? '', uid: pod.metadata.uid ?? '', controller: true, blockOwnerDeletion: true }],
      ...(template?.metadata?.annotations ? { annotations: { ...template.metadata.annotations } } : {}),
      ...(template?.metadata?.labels ? { labels: { ...template.metadata.labels } } : {}),
    },
    spec: structuredClone(template?.spec ?? {}),
  };
}

/** Undefined when the pod controls the claim, else why the pod cannot use it. */
export function claimNotForPod(pod: Pod, claim: PersistentVolumeClaim): string | undefined {
  const owners = (claim.metadata.ownerReferences ?? []) as OwnerReference[];
  const controller = owners.find((o) => o.controller === true);
  if (claim.metadata.namespace === pod.metadata.namespace && controller && controller.uid === pod.metadata.uid) return undefined;
  return `PVC ${claim.metadata.namespace}/${claim.metadata.name} was not created for pod ${pod.metadata.namespace}/${pod.metadata.name} (pod is not owner)`;
}

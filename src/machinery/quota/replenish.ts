// Which changes to a counted object can lower a quota's usage, so the quotas counting its kind are
// measured again at once rather than at the next full resync (Kubernetes' replenishment
// controllers): any deletion, and updates of a pod that stops being charged (it finished, or its
// deletion grace period ran out), of a service whose quota type changes, or of a claim whose
// allocated storage changes.
import type { Pod } from '../../api/core/v1/pod-types.ts';
import type { Service } from '../../api/core/v1/service-types.ts';
import type { PersistentVolumeClaim } from '../../api/core/v1/volume-types.ts';
import type { ApiObject } from '../../api/meta/v1/types.ts';
import { compareQuantity } from '../quantity/resource-lists.ts';
import { chargedPod } from './pods.ts';
import { quotaServiceType } from './services.ts';

function allocatedStorageChanged(old: PersistentVolumeClaim, cur: PersistentVolumeClaim): boolean {
  const a = old.status?.allocatedResources?.['storage'];
  const b = cur.status?.allocatedResources?.['storage'];
  if (a === undefined || b === undefined) return a !== b;
  return compareQuantity(a, b) !== 0;
}

/** Whether an update of an object of the core resource may have lowered what quota counts. */
export function updateMayReplenish(group: string, resource: string, old: ApiObject, cur: ApiObject, now: number): boolean {
  if (group !== '') return false;
  switch (resource) {
    case 'pods':
      return chargedPod(old as Pod, now) && !chargedPod(cur as Pod, now);
    case 'services':
      return quotaServiceType(old as Service) !== quotaServiceType(cur as Service);
    case 'persistentvolumeclaims':
      return allocatedStorageChanged(old as PersistentVolumeClaim, cur as PersistentVolumeClaim);
    default:
      return false;
  }
}

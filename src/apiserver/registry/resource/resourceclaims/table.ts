// The columns `kubectl get resourceclaims` shows, as Kubernetes prints them: NAME, STATE (deleted,
// pending, allocated, reserved, joined by commas), AGE.
import type { ResourceClaim } from '../../../../api/resource/v1/types.ts';
import type { ResourceTable } from '../../resource.ts';
import { nameAgeTable } from '../../simple-table.ts';

export function resourceClaimState(claim: ResourceClaim): string {
  const states: string[] = [];
  const deleted = !!claim.metadata.deletionTimestamp;
  if (deleted) states.push('deleted');
  if (!claim.status?.allocation) {
    if (!deleted) states.push('pending');
  } else {
    states.push('allocated');
    if (claim.status.reservedFor?.length) states.push('reserved');
  }
  return states.join(',');
}

export function resourceClaimTable(): ResourceTable<ResourceClaim> {
  return nameAgeTable<ResourceClaim>(
    [{ name: 'State', type: 'string', format: '', priority: 0, description: 'Where the claim stands: pending, allocated, reserved for its users, deleted.' }],
    (claim) => [resourceClaimState(claim)],
  );
}

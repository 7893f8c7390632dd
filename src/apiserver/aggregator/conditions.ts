// Setting an APIService's Available condition as Kubernetes' helper does: the transition time
// moves only when the status changes; reason and message always follow the latest check.
import type { APIService, APIServiceCondition } from '../../api/apiregistration/v1/types.ts';

/** A copy of `api` with the condition set; `changed` says whether its status differs from before. */
export function withAvailable(api: APIService, next: APIServiceCondition): { api: APIService; changed: boolean } {
  const copy = structuredClone(api);
  const conditions = ((copy.status ??= {}).conditions ??= []);
  const existing = conditions.find((c) => c.type === next.type);
  if (!existing) {
    conditions.push(next);
    return { api: copy, changed: true };
  }
  const before = JSON.stringify(existing);
  if (existing.status !== next.status) {
    existing.status = next.status;
    existing.lastTransitionTime = next.lastTransitionTime;
  }
  existing.reason = next.reason;
  existing.message = next.message;
  return { api: copy, changed: JSON.stringify(existing) !== before };
}

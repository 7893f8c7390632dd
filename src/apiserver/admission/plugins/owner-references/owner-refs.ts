// What a write does to ownerReferences: whether it changes them at all, and which references it
// newly makes block their owner's deletion.
import type { OwnerReference } from '../../../../api/meta/v1/types.ts';
import type { ApiObject } from '../../../../api/meta/v1/types.ts';

function refsOf(obj: ApiObject | undefined): OwnerReference[] {
  return (obj?.metadata?.ownerReferences as OwnerReference[] | undefined) ?? [];
}

function canonical(ref: OwnerReference): string {
  return JSON.stringify([ref.apiVersion, ref.kind, ref.name, ref.uid, ref.controller ?? null, ref.blockOwnerDeletion ?? null]);
}

export function isChangingOwnerReferences(object: ApiObject | undefined, old: ApiObject | undefined): boolean {
  const next = refsOf(object);
  if (!old) return next.length > 0;
  const prev = refsOf(old);
  return next.length !== prev.length || next.some((r, i) => canonical(r) !== canonical(prev[i]!));
}

/** References with blockOwnerDeletion true that were absent before or did not block. */
export function newBlockingRefs(object: ApiObject | undefined, old: ApiObject | undefined): OwnerReference[] {
  const blockedBefore = new Set(refsOf(old).filter((r) => r.blockOwnerDeletion === true).map((r) => r.uid));
  return refsOf(object).filter((r) => r.blockOwnerDeletion === true && !blockedBefore.has(r.uid));
}

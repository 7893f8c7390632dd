// The status conditions a terminating namespace carries, worded as Kubernetes words them: each
// type is True with a failure reason while something is wrong, False with a success reason once it
// is not. A condition keeps its lastTransitionTime until its status changes.
import type { NamespaceCondition } from '../../../api/core/v1/namespace-types.ts';

export const DISCOVERY_FAILURE = 'NamespaceDeletionDiscoveryFailure';
export const CONTENT_FAILURE = 'NamespaceDeletionContentFailure';
export const CONTENT_REMAINING = 'NamespaceContentRemaining';
export const FINALIZERS_REMAINING = 'NamespaceFinalizersRemaining';

const SUCCESS: Record<string, { reason: string; message: string }> = {
  [DISCOVERY_FAILURE]: { reason: 'ResourcesDiscovered', message: 'All resources successfully discovered' },
  [CONTENT_FAILURE]: { reason: 'ContentDeleted', message: 'All content successfully deleted, may be waiting on finalization' },
  [CONTENT_REMAINING]: { reason: 'ContentRemoved', message: 'All content successfully removed' },
  [FINALIZERS_REMAINING]: { reason: 'ContentHasNoFinalizers', message: 'All content-preserving finalizers finished' },
};

/** What one pass of content deletion found. */
export interface DeletionOutcome {
  /** Discovery failures, one message per group version. */
  discoveryErrors: string[];
  /** Deletion failures, one message per resource. */
  contentErrors: string[];
  /** Objects left, by group-resource (`configmaps`, `leases.coordination.orch.io`). */
  remainingByResource: Map<string, number>;
  /** Objects left, by finalizer. */
  remainingByFinalizer: Map<string, number>;
}

function wanted(outcome: DeletionOutcome): Map<string, { status: string; reason: string; message: string }> {
  const out = new Map<string, { status: string; reason: string; message: string }>();
  const ok = (type: string) => out.set(type, { status: 'False', ...SUCCESS[type]! });
  if (outcome.discoveryErrors.length > 0) {
    out.set(DISCOVERY_FAILURE, { status: 'True', reason: 'DiscoveryFailed', message: `Discovery failed for some groups, ${outcome.discoveryErrors.length} failing: ${outcome.discoveryErrors.join(', ')}` });
  } else ok(DISCOVERY_FAILURE);
  if (outcome.contentErrors.length > 0) {
    out.set(CONTENT_FAILURE, { status: 'True', reason: 'ContentDeletionFailed', message: `Failed to delete all resource types, ${outcome.contentErrors.length} remaining: ${outcome.contentErrors.join(', ')}` });
  } else ok(CONTENT_FAILURE);
  if (outcome.remainingByResource.size > 0) {
    out.set(CONTENT_REMAINING, { status: 'True', reason: 'SomeResourcesRemain', message: `Some resources are remaining: ${describe(outcome.remainingByResource, 'has')}` });
  } else ok(CONTENT_REMAINING);
  if (outcome.remainingByFinalizer.size > 0) {
    out.set(FINALIZERS_REMAINING, { status: 'True', reason: 'SomeFinalizersRemain', message: `Some content in the namespace has finalizers remaining: ${describe(outcome.remainingByFinalizer, 'in')}` });
  } else ok(FINALIZERS_REMAINING);
  return out;
}

function describe(counts: Map<string, number>, word: string): string {
  return [...counts.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([name, n]) => `${name} ${word} ${n} resource instances`).join(', ');
}

/**
 * The conditions after this pass: ours replaced (keeping the transition time when the status is
 * unchanged), others kept. Returns undefined when nothing changed, so no write is needed.
 */
export function updatedConditions(current: readonly NamespaceCondition[], outcome: DeletionOutcome, now: string): NamespaceCondition[] | undefined {
  const next = wanted(outcome);
  let changed = false;
  const out: NamespaceCondition[] = [];
  for (const c of current) {
    const w = next.get(c.type);
    if (!w) {
      out.push(c);
      continue;
    }
    next.delete(c.type);
    if (c.status === w.status && c.reason === w.reason && c.message === w.message) {
      out.push(c);
      continue;
    }
    changed = true;
    out.push({ type: c.type, ...w, lastTransitionTime: c.status === w.status && c.lastTransitionTime ? c.lastTransitionTime : now });
  }
  for (const [type, w] of next) {
    changed = true;
    out.push({ type, ...w, lastTransitionTime: now });
  }
  return changed ? out : undefined;
}

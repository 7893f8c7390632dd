// The eviction subresource's budget check over the PodDisruptionBudget store, as Kubernetes'
// EvictionREST makes it: the namespace's budgets whose (non-empty) selector matches the pod; more
// than one is refused (Kubernetes does not support it); none allows. A pod that is not ready is let go
// without taking from the budget when the budget allows it (AlwaysAllow, or IfHealthyBudget with
// enough healthy pods). Otherwise the budget must have caught up with its spec (observedGeneration)
// and allow a disruption: one is taken, and the pod recorded in status.disruptedPods, in one
// compare-and-swap write of the budget (re-read and checked again when another write won).
import type { PodDisruptionBudget, PodDisruptionBudgetStatus } from '../../../../api/policy/v1/types.ts';
import { labelSelectorMatches } from '../../../../machinery/selectors/label-selector.ts';
import { disruptionBudgetViolated, forbidden, forbiddenMessage, type StatusError } from '../../../../machinery/status.ts';
import type { Store } from '../../../../storage/interface.ts';
import { collectionPrefix, objectKey } from '../../generic/keys.ts';
import { interpretStorageError } from '../../generic/storage-errors.ts';
import { nowTimestamp } from '../../generic/object-meta.ts';
import type { DisruptionCheck } from '../../core/pods/subresources/eviction.ts';
import { budgetStillProcessing } from '../../core/pods/subresources/eviction.ts';
import type { BoundPod } from '../../core/pods/subresources/pod-shape.ts';
import { podDisruptionBudgetsDeclaration } from './declaration.ts';
import { podDisruptionBudgetStrategy } from './strategy.ts';

/** Pods recorded as disrupted and not yet seen deleted by the controller: past this, evictions stop. */
const MAX_DISRUPTED_PODS = 2000;
const BUDGET_RESOURCE = { group: 'policy', resource: 'poddisruptionbudget' };

function selects(pdb: PodDisruptionBudget, pod: BoundPod): boolean {
  const selector = pdb.spec?.selector;
  // A missing or empty selector selects nothing here, not everything.
  if (!selector || (!Object.keys(selector.matchLabels ?? {}).length && !selector.matchExpressions?.length)) return false;
  try {
    return labelSelectorMatches(selector, pod.metadata.labels);
  } catch {
    // A selector that cannot be read matches no pod.
    return false;
  }
}

function isReady(pod: BoundPod): boolean {
  return (pod.status?.conditions ?? []).some((c) => c.type === 'Ready' && c.status === 'True');
}

/**
 * More than one budget selects the pod: Kubernetes' message, as a 403 (Kubernetes answers a bare
 * 500; here a refused request is never a server error).
 */
function tooManyBudgets(): StatusError {
  return forbiddenMessage('This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.');
}

/** UpdateDisruptionAllowedCondition once none are left: DisruptionAllowed False, InsufficientPods. */
function noneAllowedCondition(status: PodDisruptionBudgetStatus, now: string): void {
  const conditions = (status.conditions ??= []);
  const existing = conditions.find((c) => c.type === 'DisruptionAllowed');
  const observedGeneration = status.observedGeneration ?? 0;
  if (!existing) {
    conditions.push({ type: 'DisruptionAllowed', status: 'False', observedGeneration, lastTransitionTime: now, reason: 'InsufficientPods', message: '' });
    return;
  }
  if (existing.status !== 'False') existing.lastTransitionTime = now;
  Object.assign(existing, { status: 'False', reason: 'InsufficientPods', message: '', observedGeneration });
}

/** checkAndDecrement: refuses (throws) or returns the budget with one disruption taken. */
function takeDisruption(pdb: PodDisruptionBudget, podName: string, record: boolean): PodDisruptionBudget {
  const name = pdb.metadata.name ?? '';
  const status = pdb.status ?? { disruptionsAllowed: 0, currentHealthy: 0, desiredHealthy: 0, expectedPods: 0 };
  if ((status.observedGeneration ?? 0) < (pdb.metadata.generation ?? 0)) throw budgetStillProcessing(name);
  if (status.disruptionsAllowed < 0) throw forbidden(BUDGET_RESOURCE, name, 'pdb disruptions allowed is negative');
  if (Object.keys(status.disruptedPods ?? {}).length > MAX_DISRUPTED_PODS) {
    throw forbidden(BUDGET_RESOURCE, name, 'DisruptedPods map too big - too many evictions not confirmed by PDB controller');
  }
  if (status.disruptionsAllowed === 0) {
    throw disruptionBudgetViolated(
      "Cannot evict pod as it would violate the pod's disruption budget.",
      `The disruption budget ${name} needs ${status.desiredHealthy} healthy pods and has ${status.currentHealthy} currently`,
    );
  }
  const next = structuredClone(pdb);
  const s = next.status!;
  const now = nowTimestamp();
  s.disruptionsAllowed--;
  if (s.disruptionsAllowed === 0) noneAllowedCondition(s, now);
  if (record) s.disruptedPods = { ...s.disruptedPods, [podName]: now };
  // Written in Go's field order, as the status strategy would store it.
  podDisruptionBudgetStrategy.canonicalize(next);
  return next;
}

/** The budget check for pods' eviction subresource, reading and writing `store`'s budgets. */
export function podDisruptionBudgetCheck(store: Store<PodDisruptionBudget>, storeName?: string): DisruptionCheck {
  const decl = podDisruptionBudgetsDeclaration();
  const gr = { group: decl.group, resource: decl.plural };
  return async (pod, { dryRun }) => {
    const namespace = pod.metadata.namespace ?? '';
    let budgets: PodDisruptionBudget[];
    try {
      budgets = (await store.list(collectionPrefix(decl, namespace), { recursive: true })).items.filter((b) => selects(b, pod));
    } catch (err) {
      throw interpretStorageError(err, { resource: gr, name: '', storeName });
    }
    if (budgets.length > 1) throw tooManyBudgets();
    const pdb = budgets[0];
    if (!pdb) return {};
    const budget = pdb.metadata.name ?? '';
    if (!isReady(pod)) {
      // An unready pod does not count as healthy: letting it go costs the budget nothing, as long
      // as the pod stays as it was read.
      const status = pdb.status;
      if (pdb.spec?.unhealthyPodEvictionPolicy === 'AlwaysAllow') return { pinToPod: true, budget };
      if (status && status.currentHealthy >= status.desiredHealthy && status.desiredHealthy > 0) return { pinToPod: true, budget };
    }
    const podName = pod.metadata.name ?? '';
    if (dryRun) {
      takeDisruption(pdb, podName, false);
      return { budget };
    }
    try {
      await store.guaranteedUpdate(objectKey(decl, namespace, budget), {
        tryUpdate: (current) => ({ object: takeDisruption(current!, podName, true) }),
      });
    } catch (err) {
      // A refusal passes as it is; a budget deleted meanwhile is its 404.
      throw interpretStorageError(err, { resource: gr, name: budget, storeName });
    }
    return { budget };
  };
}

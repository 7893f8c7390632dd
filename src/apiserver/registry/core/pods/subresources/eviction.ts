// pods/eviction: a delete that disruption budgets may refuse (kubectl drain posts these), as
// Kubernetes' EvictionREST does it. A pod that is not running (Pending, Succeeded, Failed) or is
// already being deleted is deleted without consulting budgets (pinned to the version read, unless
// it is finished, so it cannot turn ready meanwhile). Otherwise the DisruptionCheck decides: it
// refuses by throwing the StatusError the client gets (429 when the budget allows no disruption),
// or allows, having taken the disruption from the budget; an allowance for an unready pod holds
// only while the pod is unchanged, and a pod changed meanwhile is answered 429 to be retried.
import type { ApiObject } from '../../../../../api/meta/v1/types.ts';
import { badRequest, disruptionBudgetViolated, isConflict } from '../../../../../machinery/status.ts';
import { kindSchema } from '../../../../../machinery/openapi/kind-schemas.ts';
import type { ParentAccess, SubresourceAction } from '../../../resource.ts';
import { successObject, type BoundPod } from './pod-shape.ts';

interface Eviction extends ApiObject {
  deleteOptions?: { gracePeriodSeconds?: number; preconditions?: { uid?: string; resourceVersion?: string }; dryRun?: string[] };
}

/**
 * What the disruption budgets selecting `pod` say about evicting it (policy/v1 budgets, when
 * served). A refusal is thrown as the StatusError to answer. `pinToPod`: the allowance holds only
 * for the pod as read (an unready pod let go without taking from the budget); `budget` names the
 * budget that decided, for the answer when the pod changed meanwhile.
 */
export type DisruptionCheck = (pod: BoundPod, opts: { dryRun: boolean }) => Promise<{ pinToPod?: boolean; budget?: string }>;

/** Without PodDisruptionBudgets served, every eviction is allowed. */
const noBudgets: DisruptionCheck = async () => ({});

function canIgnoreBudgets(pod: BoundPod): boolean {
  const phase = pod.status?.phase;
  return phase === 'Succeeded' || phase === 'Failed' || phase === 'Pending' || !!pod.metadata.deletionTimestamp;
}

/** A finished pod cannot become ready again: its delete need not be pinned to the version read. */
function isFinished(pod: BoundPod): boolean {
  const phase = pod.status?.phase;
  return phase === 'Succeeded' || phase === 'Failed' || !!pod.metadata.deletionTimestamp;
}

/** The 429 a client retries when the pod changed under an allowance given for it as it was. */
export function budgetStillProcessing(budget: string) {
  return disruptionBudgetViolated("Cannot evict pod as it would violate the pod's disruption budget.", `The disruption budget ${budget} is still being processed by the server.`);
}

export function evictionAction<P extends BoundPod>(checkBudgets: DisruptionCheck = noBudgets): SubresourceAction<P> {
  return {
    group: 'policy',
    version: 'v1',
    kind: 'Eviction',
    get schema() {
      return kindSchema('io.orch.api.policy.v1.Eviction');
    },
    async act(parent: ParentAccess<P>, posted: ApiObject) {
      const eviction = posted as Eviction;
      if ((eviction.metadata.name ?? '') !== parent.name) throw badRequest('name in URL does not match name in Eviction object');
      const options = eviction.deleteOptions ?? {};
      const pinned = !!options.preconditions?.resourceVersion;
      const pod = await parent.get();
      // The eviction's own deleteOptions.dryRun makes it a dry run too, as the request's would.
      const dryRun = parent.dryRun || !!options.dryRun?.length;
      let pin = false;
      let budget: string | undefined;
      if (canIgnoreBudgets(pod)) pin = !isFinished(pod);
      else ({ pinToPod: pin = false, budget } = await checkBudgets(pod, { dryRun }));
      // The client's own resourceVersion precondition, when it gave one, wins.
      const preconditions = pin && !pinned ? { ...options.preconditions, resourceVersion: pod.metadata.resourceVersion } : options.preconditions;
      try {
        await parent.delete({ gracePeriodSeconds: options.gracePeriodSeconds, preconditions, dryRun });
      } catch (err) {
        if (isConflict(err) && pin && !pinned && budget) throw budgetStillProcessing(budget);
        throw err;
      }
      return successObject();
    },
  };
}

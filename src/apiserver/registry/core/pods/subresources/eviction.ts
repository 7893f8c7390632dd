// pods/eviction: a delete that disruption budgets may refuse (kubectl drain posts these). A pod
// that is not running (Pending, Succeeded, Failed) or already being deleted is deleted without
// consulting budgets; otherwise the namespace's PodDisruptionBudgets that select it are checked:
// none, delete; one that allows no disruption, 429; more than one, refused as Kubernetes does.
import type { ApiObject } from '../../../../../api/meta/v1/types.ts';
import { badRequest, disruptionBudgetViolated } from '../../../../../machinery/status.ts';
import { kindSchema } from '../../../../../machinery/openapi/kind-schemas.ts';
import type { ParentAccess, SubresourceAction } from '../../../resource.ts';
import { successObject, type BoundPod } from './pod-shape.ts';

interface Eviction extends ApiObject {
  deleteOptions?: { gracePeriodSeconds?: number; preconditions?: { uid?: string; resourceVersion?: string } };
}

/** What a disruption budget check says about evicting `pod` (policy/v1 budgets, when served). */
export type DisruptionCheck = (pod: BoundPod) => Promise<'allowed' | { refused: string }>;

/** Without PodDisruptionBudgets served, every eviction is allowed. */
const noBudgets: DisruptionCheck = async () => 'allowed';

function canIgnoreBudgets(pod: BoundPod): boolean {
  const phase = pod.status?.phase;
  return phase === 'Succeeded' || phase === 'Failed' || phase === 'Pending' || !!pod.metadata.deletionTimestamp;
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
      const pod = await parent.get();
      if (!canIgnoreBudgets(pod)) {
        const verdict = await checkBudgets(pod);
        if (verdict !== 'allowed') throw disruptionBudgetViolated(verdict.refused);
      }
      const options = eviction.deleteOptions ?? {};
      await parent.delete({ gracePeriodSeconds: options.gracePeriodSeconds, preconditions: options.preconditions });
      return successObject();
    },
  };
}

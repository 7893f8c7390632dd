// How long a deleted pod is given to stop, as Kubernetes decides it: the request's
// gracePeriodSeconds, else the pod's terminationGracePeriodSeconds (30 by default); a pod that
// never reached a node, or has finished, goes at once. Its node agent deletes it again with 0
// once its containers have stopped.
import type { BoundPod } from './pod-shape.ts';

export const DEFAULT_TERMINATION_GRACE_PERIOD_SECONDS = 30;

export function podGracePeriodSeconds(pod: BoundPod, requested: number | undefined): number {
  let period = requested ?? pod.spec?.terminationGracePeriodSeconds ?? DEFAULT_TERMINATION_GRACE_PERIOD_SECONDS;
  if (!pod.spec?.nodeName) period = 0;
  const phase = pod.status?.phase;
  if (phase === 'Failed' || phase === 'Succeeded') period = 0;
  return period < 0 ? 1 : period;
}

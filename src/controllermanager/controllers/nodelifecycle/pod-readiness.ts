// Pods on a node that is not Ready are no longer Ready either (Kubernetes' MarkPodsNotReady): each
// pod's Ready condition is set to False through an update of its status (the transition time
// moves with the status), and the pod gets a NodeNotReady warning.
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import type { EventRecorder } from '../../../client/record/index.ts';
import type { RestClient } from '../../../client/rest/client.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import { isNotFound } from '../../../machinery/status.ts';

const log = klog('controllermanager/nodelifecycle');

/** The pod with its Ready condition False, or undefined when it has none or it is False already. */
export function podMarkedNotReady(pod: Pod, nowTime: string): Pod | undefined {
  const conditions = pod.status?.conditions ?? [];
  const ready = conditions.find((c) => c.type === 'Ready');
  if (!ready || ready.status === 'False') return undefined;
  const updated = { ...ready, status: 'False', lastTransitionTime: nowTime };
  return { ...pod, status: { ...pod.status, conditions: conditions.map((c) => (c === ready ? updated : c)) } };
}

/** Marks the node's pods not ready; throws the first failure after trying them all. */
export async function markPodsNotReady(client: RestClient, recorder: EventRecorder, pods: readonly Pod[], nodeName: string, nowTime: string, signal?: AbortSignal): Promise<void> {
  log.info('Update ready status of pods on node', { node: nodeName }, 2);
  const errors: unknown[] = [];
  for (const pod of pods) {
    if (pod.spec?.nodeName !== nodeName) continue;
    const updated = podMarkedNotReady(pod, nowTime);
    if (!updated) continue;
    const key = `${pod.metadata.namespace}/${pod.metadata.name}`;
    log.info('Updating ready status of pod to false', { pod: key }, 2);
    try {
      await client.request({
        method: 'PUT',
        path: `/api/v1/namespaces/${encodeURIComponent(pod.metadata.namespace ?? '')}/pods/${encodeURIComponent(pod.metadata.name ?? '')}/status`,
        body: updated,
        signal,
      });
    } catch (err) {
      if (isNotFound(err)) continue;
      log.info('Failed to update status for pod', { pod: key, err: (err as Error).message });
      errors.push(err);
    }
    recorder.eventf(pod, undefined, 'Warning', 'NodeNotReady', 'NodeNotReady', 'Node is not ready');
  }
  if (errors.length) throw errors[0];
}

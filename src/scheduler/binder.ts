// What the scheduler writes: a pod's binding to its node (POST pods/<name>/binding), the PodScheduled
// condition of a pod that fits nowhere (a strategic merge patch of its status, merged by condition
// type), and the Events of both, as Kubernetes' scheduler words them.
import type { Pod, PodCondition } from '../api/core/v1/pod-types.ts';
import type { EventRecorder } from '../client/record/index.ts';
import type { RestClient } from '../client/rest/client.ts';

function podPath(pod: Pod): string {
  return `/api/v1/namespaces/${encodeURIComponent(pod.metadata.namespace ?? '')}/pods/${encodeURIComponent(pod.metadata.name ?? '')}`;
}

export class Binder {
  private readonly client: RestClient;
  private readonly recorder: EventRecorder;

  constructor(client: RestClient, recorder: EventRecorder) {
    this.client = client;
    this.recorder = recorder;
  }

  async bind(pod: Pod, nodeName: string, signal?: AbortSignal): Promise<void> {
    const body = {
      apiVersion: 'v1',
      kind: 'Binding',
      metadata: { name: pod.metadata.name, namespace: pod.metadata.namespace, uid: pod.metadata.uid },
      target: { kind: 'Node', name: nodeName },
    };
    await this.client.request({ method: 'POST', path: `${podPath(pod)}/binding`, body, signal });
    this.recorder.eventf(pod, undefined, 'Normal', 'Scheduled', 'Binding', `Successfully assigned ${pod.metadata.namespace}/${pod.metadata.name} to ${nodeName}`);
  }

  /** Records why the pod fits nowhere: an Event each attempt, the condition when it changes. */
  async reportUnschedulable(pod: Pod, reason: 'Unschedulable' | 'SchedulingGated', message: string, signal?: AbortSignal): Promise<void> {
    if (reason === 'Unschedulable') this.recorder.eventf(pod, undefined, 'Warning', 'FailedScheduling', 'Scheduling', message);
    const current = pod.status?.conditions?.find((c) => c.type === 'PodScheduled');
    if (current && current.status === 'False' && current.reason === reason && current.message === message) return;
    const condition: PodCondition = { type: 'PodScheduled', status: 'False', reason, message, lastProbeTime: null, lastTransitionTime: current?.status === 'False' ? (current.lastTransitionTime ?? null) : new Date().toISOString().replace(/\.\d{3}Z$/, 'Z') };
    await this.client.request({
      method: 'PATCH',
      path: `${podPath(pod)}/status`,
      body: { status: { conditions: [condition] } },
      patchType: 'application/strategic-merge-patch+json',
      signal,
    });
  }
}

// What the scheduler writes: a pod's binding to its node (POST pods/<name>/binding), the PodScheduled
// condition of a pod that fits nowhere with the node it is nominated to (a strategic merge patch of
// its status, merged by condition type), a preempted pod's DisruptionTarget condition and then its
// deletion, and the Events of all these, as Kubernetes' scheduler words them.
import type { Pod, PodCondition } from '../api/core/v1/pod-types.ts';
import type { EventRecorder } from '../client/record/index.ts';
import type { RestClient } from '../client/rest/client.ts';

function podPath(pod: Pod): string {
  return `/api/v1/namespaces/${encodeURIComponent(pod.metadata.namespace ?? '')}/pods/${encodeURIComponent(pod.metadata.name ?? '')}`;
}

const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

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

  /**
   * Records why the pod fits nowhere: an Event each attempt, the condition (and the node it is
   * nominated to, when preemption chose one) when they change.
   */
  async reportUnschedulable(pod: Pod, reason: 'Unschedulable' | 'SchedulingGated', message: string, signal?: AbortSignal, nominatedNodeName?: string): Promise<void> {
    if (reason === 'Unschedulable') this.recorder.eventf(pod, undefined, 'Warning', 'FailedScheduling', 'Scheduling', message);
    const current = pod.status?.conditions?.find((c) => c.type === 'PodScheduled');
    const nominationChanges = nominatedNodeName !== undefined && nominatedNodeName !== pod.status?.nominatedNodeName;
    if (!nominationChanges && current && current.status === 'False' && current.reason === reason && current.message === message) return;
    const condition: PodCondition = { type: 'PodScheduled', status: 'False', reason, message, lastProbeTime: null, lastTransitionTime: current?.status === 'False' ? (current.lastTransitionTime ?? null) : now() };
    await this.patchStatus(pod, { conditions: [condition], ...(nominationChanges ? { nominatedNodeName } : {}) }, signal);
  }

  /** A lower-priority pod makes room: marked as a disruption target, deleted, and told why. */
  async preemptVictim(victim: Pod, preemptor: Pod, nodeName: string, signal?: AbortSignal): Promise<void> {
    const already = victim.status?.conditions?.find((c) => c.type === 'DisruptionTarget');
    const condition: PodCondition = {
      type: 'DisruptionTarget',
      status: 'True',
      reason: 'PreemptionByScheduler',
      message: `${preemptor.spec?.schedulerName ?? 'default-scheduler'}: preempting to accommodate a higher priority pod`,
      lastProbeTime: null,
      lastTransitionTime: already?.status === 'True' ? (already.lastTransitionTime ?? now()) : now(),
    };
    if (already?.status !== 'True' || already.reason !== condition.reason || already.message !== condition.message) await this.patchStatus(victim, { conditions: [condition] }, signal);
    await this.client.request({ method: 'DELETE', path: podPath(victim), signal });
    this.recorder.eventf(victim, preemptor, 'Normal', 'Preempted', 'Preempting', `Preempted by pod ${preemptor.metadata.uid} on node ${nodeName}`);
  }

  /** A lower-priority pod loses its nomination to a node another pod now needs. */
  async clearNomination(pod: Pod, signal?: AbortSignal): Promise<void> {
    await this.patchStatus(pod, { nominatedNodeName: null }, signal);
  }

  private async patchStatus(pod: Pod, status: Record<string, unknown>, signal?: AbortSignal): Promise<void> {
    await this.client.request({ method: 'PATCH', path: `${podPath(pod)}/status`, body: { status }, patchType: 'application/strategic-merge-patch+json', signal });
  }
}

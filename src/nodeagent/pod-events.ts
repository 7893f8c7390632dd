// The Events the node agent records about a pod's containers, worded as the node agent words them,
// each regarding the pod with the container's field path (spec.containers{web}).
import type { ObjectReference } from '../api/meta/v1/types.ts';
import type { Pod } from '../api/core/v1/pod-types.ts';
import type { EventRecorder } from '../client/record/index.ts';
import type { ContainerRun } from './container-run.ts';

export class PodEvents {
  private readonly recorder: EventRecorder;

  constructor(recorder: EventRecorder) {
    this.recorder = recorder;
  }

  private about(pod: Pod, container?: ContainerRun): ObjectReference {
    const ref: ObjectReference = { kind: 'Pod', namespace: pod.metadata.namespace, name: pod.metadata.name, uid: pod.metadata.uid, apiVersion: 'v1' };
    if (pod.metadata.resourceVersion) ref.resourceVersion = pod.metadata.resourceVersion;
    if (container) ref.fieldPath = `${container.kind === 'app' ? 'spec.containers' : 'spec.initContainers'}{${container.name}}`;
    return ref;
  }

  pulling(pod: Pod, c: ContainerRun): void {
    this.recorder.eventf(this.about(pod, c), undefined, 'Normal', 'Pulling', 'Pulling', `Pulling image ${JSON.stringify(c.spec.image ?? '')}`);
  }

  pulled(pod: Pod, c: ContainerRun, tookMs: number): void {
    const took = `${tookMs}ms`;
    this.recorder.eventf(this.about(pod, c), undefined, 'Normal', 'Pulled', 'Pulled', `Successfully pulled image ${JSON.stringify(c.spec.image ?? '')} in ${took} (${took} including waiting)`);
  }

  alreadyPresent(pod: Pod, c: ContainerRun): void {
    this.recorder.eventf(this.about(pod, c), undefined, 'Normal', 'Pulled', 'Pulled', `Container image ${JSON.stringify(c.spec.image ?? '')} already present on machine`);
  }

  created(pod: Pod, c: ContainerRun): void {
    this.recorder.eventf(this.about(pod, c), undefined, 'Normal', 'Created', 'Created', `Created container: ${c.name}`);
  }

  started(pod: Pod, c: ContainerRun): void {
    this.recorder.eventf(this.about(pod, c), undefined, 'Normal', 'Started', 'Started', `Started container ${c.name}`);
  }

  killing(pod: Pod, c: ContainerRun, why?: string): void {
    this.recorder.eventf(this.about(pod, c), undefined, 'Normal', 'Killing', 'Killing', why ?? `Stopping container ${c.name}`);
  }

  backOff(pod: Pod, c: ContainerRun): void {
    const m = pod.metadata;
    this.recorder.eventf(this.about(pod, c), undefined, 'Warning', 'BackOff', 'BackOff', `Back-off restarting failed container ${c.name} in pod ${m.name}_${m.namespace}(${m.uid})`);
  }

  deadlineExceeded(pod: Pod, message: string): void {
    this.recorder.eventf(this.about(pod), undefined, 'Warning', 'DeadlineExceeded', 'Killing', message);
  }

  sandboxFailed(pod: Pod, message: string): void {
    this.recorder.eventf(this.about(pod), undefined, 'Warning', 'FailedCreatePodSandBox', 'CreatePodSandBox', message);
  }
}

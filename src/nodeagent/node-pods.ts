// The pods bound to one simulated node: each new pod gets a simulation (started afresh, or resumed
// from the status an earlier run of the agent wrote), later versions of it are passed on, and a pod
// gone from the API is forgotten with everything it held. Finished pods need nothing more.
import type { Pod } from '../api/core/v1/pod-types.ts';
import { klog } from '../component-base/logs/klog.ts';
import type { PodStatusWriter } from './pod-status-writer.ts';
import { SimulatedPod, type NodeRuntime } from './simulated-pod.ts';

const log = klog('nodeagent/pods');

function isTerminal(pod: Pod): boolean {
  return pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed';
}

/** Started by an earlier run of the agent: it wrote a start time and container states. */
function startedBefore(pod: Pod): boolean {
  return Boolean(pod.status?.startTime) && (pod.status?.containerStatuses ?? []).length > 0;
}

export class NodePods {
  readonly runtime: NodeRuntime;
  private readonly writer: PodStatusWriter;
  private readonly byUID = new Map<string, SimulatedPod>();

  constructor(runtime: NodeRuntime, writer: PodStatusWriter) {
    this.runtime = runtime;
    this.writer = writer;
  }

  get size(): number {
    return this.byUID.size;
  }

  /** The pod of this name on the node, if it runs here. */
  find(namespace: string, name: string): SimulatedPod | undefined {
    for (const sim of this.byUID.values()) if (sim.pod.metadata.namespace === namespace && sim.pod.metadata.name === name) return sim;
    return undefined;
  }

  list(): SimulatedPod[] {
    return [...this.byUID.values()];
  }

  seen(pod: Pod): void {
    const uid = pod.metadata.uid ?? '';
    const known = this.byUID.get(uid);
    if (known) {
      known.update(pod);
      return;
    }
    if (isTerminal(pod)) return;
    const sim = new SimulatedPod(pod, this.runtime);
    this.byUID.set(uid, sim);
    if (startedBefore(pod)) {
      log.info('Resuming a pod started before the agent restarted', { pod: sim.name, node: this.runtime.nodeName }, 2);
      sim.resume();
      return;
    }
    sim.start();
    if (pod.metadata.deletionTimestamp) sim.update(pod);
  }

  gone(pod: Pod): void {
    const uid = pod.metadata.uid ?? '';
    const sim = this.byUID.get(uid);
    if (!sim) return;
    sim.dispose();
    this.byUID.delete(uid);
    this.writer.forget(uid);
  }

  /** Stops every simulation (the agent is shutting down; the pods keep their status). */
  disposeAll(): void {
    for (const sim of this.byUID.values()) sim.dispose();
    this.byUID.clear();
  }
}

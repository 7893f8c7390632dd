// The taint manager's decisions, without informers: which nodes carry NoExecute taints, and for
// each pod on them when it must go. A pod that does not tolerate every taint is deleted at once;
// one that tolerates them all for a while is deleted when the shortest tolerationSeconds runs out
// (counted from when its eviction was first planned); one tolerating them for ever, or on a node
// whose taints went away, has its planned eviction cancelled, with a TaintManagerEviction event.
import type { Node, Taint } from '../../../api/core/v1/node-types.ts';
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import type { Clock } from '../../../client/clock/clock.ts';
import type { EventRecorder } from '../../../client/record/index.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import { TimedWorkerQueue } from './timed-workers.ts';
import { matchingTolerations, minTolerationMs, noExecuteTaints } from './tolerations.ts';

const log = klog('controllermanager/tainteviction');

export const EVICTION_REASON = 'TaintManagerEviction';

export interface EvictionSchedulerDeps {
  clock: Clock;
  recorder: EventRecorder;
  podsOnNode(nodeName: string): Pod[];
  /** Deletes the pod `namespace/name` (after marking it a disruption target). */
  evict(namespace: string, name: string): Promise<void>;
}

const podRef = (key: string) => {
  const [namespace, name] = key.split('/') as [string, string];
  return { apiVersion: 'v1', kind: 'Pod', namespace, name };
};

export class EvictionScheduler {
  private readonly deps: EvictionSchedulerDeps;
  private readonly tainted = new Map<string, Taint[]>();
  readonly queue: TimedWorkerQueue;

  constructor(deps: EvictionSchedulerDeps) {
    this.deps = deps;
    this.queue = new TimedWorkerQueue(deps.clock, async (key) => {
      log.info('Deleting pod', { controller: 'taint-eviction-controller', pod: key });
      deps.recorder.eventf(podRef(key), undefined, 'Normal', EVICTION_REASON, 'Delete', `Marking for deletion Pod ${key}`);
      const { namespace, name } = podRef(key);
      try {
        await deps.evict(namespace, name);
      } catch (err) {
        log.error('TaintEvictionController: timed worker failed', { pod: key, err: (err as Error).message });
      }
    });
  }

  /** A node appeared, changed its NoExecute taints, or (undefined) is gone. */
  nodeUpdated(nodeName: string, node: Node | undefined): void {
    if (!node) {
      this.tainted.delete(nodeName);
      return;
    }
    const taints = noExecuteTaints(node.spec?.taints);
    if (taints.length === 0) this.tainted.delete(nodeName);
    else this.tainted.set(nodeName, taints);
    const pods = this.deps.podsOnNode(nodeName);
    if (pods.length === 0) return;
    if (taints.length === 0) {
      for (const pod of pods) this.cancelWithEvent(keyOf(pod));
      return;
    }
    const now = this.deps.clock.now();
    for (const pod of pods) this.processPod(keyOf(pod), pod, taints, now);
  }

  /** A pod was added, moved to a node or changed its tolerations. */
  podUpdated(pod: Pod): void {
    const nodeName = pod.spec?.nodeName;
    if (!nodeName) return;
    const taints = this.tainted.get(nodeName);
    if (!taints) return;
    this.processPod(keyOf(pod), pod, taints, this.deps.clock.now());
  }

  podDeleted(key: string): void {
    this.cancelWithEvent(key);
  }

  private processPod(key: string, pod: Pod, taints: Taint[], now: number): void {
    const { allTolerated, used } = matchingTolerations(taints, pod.spec?.tolerations);
    if (!allTolerated) {
      log.info('Not all taints are tolerated after update for pod on node', { pod: key, node: pod.spec?.nodeName }, 2);
      this.cancelWithEvent(key);
      this.queue.addWork(key, now, now);
      return;
    }
    const min = minTolerationMs(used);
    if (min < 0) {
      log.info('Current tolerations for pod tolerate forever, cancelling any scheduled deletion', { pod: key }, 4);
      this.cancelWithEvent(key);
      return;
    }
    let start = now;
    const scheduled = this.queue.get(key);
    if (scheduled) {
      start = scheduled.createdAt;
      if (start + min < now + min) return;
      this.cancelWithEvent(key);
    }
    this.queue.addWork(key, start, start + min);
  }

  private cancelWithEvent(key: string): void {
    if (this.queue.cancelWork(key)) {
      this.deps.recorder.eventf(podRef(key), undefined, 'Normal', EVICTION_REASON, 'Delete', `Cancelling deletion of Pod ${key}`);
    }
  }
}

function keyOf(pod: Pod): string {
  return `${pod.metadata.namespace}/${pod.metadata.name}`;
}

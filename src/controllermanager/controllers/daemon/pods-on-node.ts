// What one node needs of a daemon set, as Kubernetes' podsShouldBeOnNode decides: a node that
// should run the pod and has none gets one; on a node that may keep its pods, failed pods are
// deleted (paced per node by the failed-pods back-off, with a FailedDaemonPod event) and finished
// ones too (SucceededDaemonPod); of several running pods the oldest stays — with surge, the
// oldest up-to-date pod and the oldest old one stay until the new one is available or the old
// one is not ready; a node that may not keep the pod loses all of them.
import type { DaemonSet } from '../../../api/apps/v1/types.ts';
import type { Node } from '../../../api/core/v1/node-types.ts';
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import { CONTROLLER_REVISION_HASH_LABEL } from '../../../api/apps/v1/well-known-labels.ts';
import type { EventRecorder } from '../../../client/record/index.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import { isPodAvailable, isPodReady } from '../workload/pod-state.ts';
import { allowsSurge, DAEMON_SET_KIND } from './daemon-pods.ts';
import type { FailedPodsBackoff } from './failed-pods-backoff.ts';
import { nodeShouldRunDaemonPod } from './node-should-run.ts';

const log = klog('controllermanager/daemonset');

export const FAILED_DAEMON_POD_REASON = 'FailedDaemonPod';
export const SUCCEEDED_DAEMON_POD_REASON = 'SucceededDaemonPod';

/** podByCreationTimestampAndPhase: scheduled pods first, then the oldest, then by name. */
export function byCreationAndPhase(a: Pod, b: Pod): number {
  const aScheduled = Boolean(a.spec?.nodeName);
  const bScheduled = Boolean(b.spec?.nodeName);
  if (aScheduled !== bScheduled) return aScheduled ? -1 : 1;
  const at = a.metadata.creationTimestamp ?? '';
  const bt = b.metadata.creationTimestamp ?? '';
  if (at !== bt) return at < bt ? -1 : 1;
  const an = a.metadata.name ?? '';
  const bn = b.metadata.name ?? '';
  return an < bn ? -1 : an > bn ? 1 : 0;
}

export interface NodePlanContext {
  backoff: FailedPodsBackoff;
  recorder: EventRecorder;
  /** Queues the set again after a delay (a failed pod in back-off). */
  enqueueAfter(ds: DaemonSet, ms: number): void;
}

export interface NodePlan {
  /** The node needs a pod. */
  create: boolean;
  /** Names of pods to delete from it. */
  deletes: string[];
}

export function podsShouldBeOnNode(node: Node, daemonPods: readonly Pod[] | undefined, ds: DaemonSet, hash: string, ctx: NodePlanContext): NodePlan {
  const { shouldRun, shouldContinueRunning } = nodeShouldRunDaemonPod(node, ds);
  const plan: NodePlan = { create: false, deletes: [] };
  const nodeName = node.metadata.name ?? '';
  const setRef = { ...DAEMON_SET_KIND, metadata: ds.metadata };
  if (shouldRun && !daemonPods) {
    plan.create = true;
    return plan;
  }
  if (shouldContinueRunning) {
    const running: Pod[] = [];
    for (const pod of daemonPods ?? []) {
      if (pod.metadata.deletionTimestamp) continue;
      const phase = pod.status?.phase;
      if (phase === 'Failed') {
        // Kubelets that keep refusing the pod must not make this a hot loop.
        const key = `${ds.metadata.uid}/${ds.status?.observedGeneration ?? 0}/${nodeName}`;
        const now = ctx.backoff.now();
        if (ctx.backoff.inBackoffSinceUpdate(key, now)) {
          const delay = ctx.backoff.get(key);
          log.info('Deleting failed pod on node has been limited by backoff', { pod: `${pod.metadata.namespace}/${pod.metadata.name}`, node: nodeName, currentDelay: `${delay}ms` }, 4);
          ctx.enqueueAfter(ds, delay);
          continue;
        }
        ctx.backoff.next(key, now);
        log.info('Found failed daemon pod on node, will try to kill it', { pod: `${pod.metadata.namespace}/${pod.metadata.name}`, node: nodeName }, 2);
        ctx.recorder.eventf(setRef, undefined, 'Warning', FAILED_DAEMON_POD_REASON, 'Delete', `Found failed daemon pod ${pod.metadata.namespace}/${pod.metadata.name} on node ${nodeName}, will try to kill it`);
        plan.deletes.push(pod.metadata.name ?? '');
      } else if (phase === 'Succeeded') {
        log.info('Found succeeded daemon pod on node, will try to delete it', { pod: `${pod.metadata.namespace}/${pod.metadata.name}`, node: nodeName }, 2);
        ctx.recorder.eventf(setRef, undefined, 'Normal', SUCCEEDED_DAEMON_POD_REASON, 'Delete', `Found succeeded daemon pod ${pod.metadata.namespace}/${pod.metadata.name} on node ${nodeName}, will try to delete it`);
        plan.deletes.push(pod.metadata.name ?? '');
      } else {
        running.push(pod);
      }
    }
    running.sort(byCreationAndPhase);
    if (!allowsSurge(ds)) {
      // Without surge one pod per node: all but the oldest go.
      for (const pod of running.slice(1)) plan.deletes.push(pod.metadata.name ?? '');
      return plan;
    }
    if (running.length <= 1) {
      // Surging needs at least one pod not being deleted on the node.
      if (running.length === 0 && shouldRun) plan.create = true;
      return plan;
    }
    let oldestNew: Pod | undefined;
    let oldestOld: Pod | undefined;
    for (const pod of running) {
      const isNew = pod.metadata.labels?.[CONTROLLER_REVISION_HASH_LABEL] === hash;
      if (isNew && !oldestNew) oldestNew = pod;
      else if (!isNew && !oldestOld) oldestOld = pod;
      else plan.deletes.push(pod.metadata.name ?? '');
    }
    if (oldestNew && oldestOld) {
      if (!isPodReady(oldestOld)) plan.deletes.push(oldestOld.metadata.name ?? '');
      else if (isPodAvailable(oldestNew, ds.spec?.minReadySeconds ?? 0, ctx.backoff.now())) plan.deletes.push(oldestOld.metadata.name ?? '');
    }
    return plan;
  }
  if (daemonPods) {
    // The node may not keep the set's pods.
    for (const pod of daemonPods) if (!pod.metadata.deletionTimestamp) plan.deletes.push(pod.metadata.name ?? '');
  }
  return plan;
}

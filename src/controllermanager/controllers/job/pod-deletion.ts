// Deleting a job's pods and taking its tracking finalizer off them, concurrently, as Kubernetes'
// job controller does: when the job finishes, active pods are deleted keeping the finalizer (their
// end is counted later); when there are too many or the job is suspended, the finalizer comes off
// first so they are not counted at all. Each reports how many went (and how many of them were
// ready), and the first error.
import type { Job } from '../../../api/batch/v1/types.ts';
import { JOB_TRACKING_FINALIZER } from '../../../api/batch/v1/types.ts';
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import { isPodReady, podKey } from '../workload/pod-state.ts';
import { isNotFound } from '../../../machinery/status.ts';
import { jobReference, type JobSyncDeps } from './deps.ts';
import { hasTrackingFinalizer } from './job-state.ts';

export interface Deleted {
  deleted: number;
  deletedReady: number;
  error?: unknown;
}

/** The strategic merge patch that removes the tracking finalizer. */
export const REMOVE_TRACKING_FINALIZER = { metadata: { [`$deleteFromPrimitiveList/finalizers`]: [JOB_TRACKING_FINALIZER] } };

/** deleteActivePods: DELETE each pod, keeping the finalizer. */
export async function deleteActivePods(deps: JobSyncDeps, job: Job, pods: readonly Pod[]): Promise<Deleted> {
  const result: Deleted = { deleted: pods.length, deletedReady: 0 };
  await Promise.all(pods.map(async (pod) => {
    try {
      await deps.podControl.deletePod(job.metadata.namespace ?? '', pod.metadata.name ?? '', jobReference(job));
    } catch (err) {
      if (!isNotFound(err)) {
        result.deleted--;
        result.error ??= err;
      }
    }
    if (isPodReady(pod)) result.deletedReady++;
  }));
  return result;
}

/** deleteJobPods: the finalizer off, then DELETE; each failure is a deletion the informer will not show. */
export async function deleteJobPods(deps: JobSyncDeps, job: Job, key: string, pods: readonly Pod[]): Promise<Deleted> {
  const result: Deleted = { deleted: pods.length, deletedReady: 0 };
  const failed = (pod: Pod, err: unknown) => {
    // The informer will not show this deletion.
    deps.expectations.deletionObserved(key, podKey(pod));
    if (!isNotFound(err)) {
      result.deleted--;
      result.error ??= err;
    }
  };
  await Promise.all(pods.map(async (pod) => {
    const ns = pod.metadata.namespace ?? '';
    const name = pod.metadata.name ?? '';
    if (hasTrackingFinalizer(pod)) {
      try {
        await deps.podControl.patchPod(ns, name, REMOVE_TRACKING_FINALIZER);
      } catch (err) {
        return failed(pod, err);
      }
    }
    try {
      await deps.podControl.deletePod(job.metadata.namespace ?? '', name, jobReference(job));
    } catch (err) {
      failed(pod, err);
    }
    if (isPodReady(pod)) result.deletedReady++;
  }));
  return result;
}

/**
 * removeTrackingFinalizerFromPods: the removals are expected before they are made; a pod already
 * gone counts as done. Returns which pods are done, and the first error.
 */
export async function removeTrackingFinalizers(deps: JobSyncDeps, key: string, pods: readonly Pod[]): Promise<{ done: boolean[]; error?: unknown }> {
  const done = pods.map(() => false);
  let error: unknown;
  deps.finalizerExpectations.expectRemoved(key, pods.map((p) => p.metadata.uid ?? ''));
  await Promise.all(pods.map(async (pod, i) => {
    if (!hasTrackingFinalizer(pod)) return;
    try {
      await deps.podControl.patchPod(pod.metadata.namespace ?? '', pod.metadata.name ?? '', REMOVE_TRACKING_FINALIZER);
    } catch (err) {
      // No update will show this removal.
      deps.finalizerExpectations.removalObserved(key, pod.metadata.uid ?? '');
      if (!isNotFound(err)) {
        error ??= err;
        return;
      }
    }
    done[i] = true;
  }));
  return { done, error };
}

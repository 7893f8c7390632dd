// syncOrphanPod: a pod that still carries the job tracking finalizer but no unfinished job of this
// controller owns (its job is gone or finished, or it lost its owner) has the finalizer taken off,
// as Kubernetes' job controller does, so it can be deleted. Pods owned by something other than a
// batch/v1 Job, or by a job another controller manages, are left alone.
import type { Job } from '../../../api/batch/v1/types.ts';
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import type { OwnerReference } from '../../../api/meta/v1/types.ts';
import { isNotFound } from '../../../machinery/status.ts';
import type { PodControl } from '../workload/pod-control.ts';
import { controllerRefOf } from '../workload/pod-state.ts';
import { externalManager, hasTrackingFinalizer, isJobFinished } from './job-state.ts';
import { REMOVE_TRACKING_FINALIZER } from './pod-deletion.ts';

/** The job a controller reference names, when the cache holds that very job (same uid). */
export function resolveJobRef(cachedJob: (key: string) => Job | undefined, namespace: string, ref: OwnerReference): Job | undefined {
  if (ref.kind !== 'Job') return undefined;
  const job = cachedJob(`${namespace}/${ref.name}`);
  return job && job.metadata.uid === ref.uid ? job : undefined;
}

export async function syncOrphanPod(pod: Pod | undefined, cachedJob: (key: string) => Job | undefined, podControl: PodControl): Promise<void> {
  if (!pod) return;
  const ns = pod.metadata.namespace ?? '';
  const ref = controllerRefOf(pod);
  if (ref) {
    if (ref.kind !== 'Job' || ref.apiVersion !== 'batch/v1') return;
    const job = resolveJobRef(cachedJob, ns, ref);
    if (job && externalManager(job)) return;
    // Adopted meanwhile: its job will count it.
    if (job && !isJobFinished(job)) return;
  }
  if (!hasTrackingFinalizer(pod)) return;
  try {
    await podControl.patchPod(ns, pod.metadata.name ?? '', REMOVE_TRACKING_FINALIZER);
  } catch (err) {
    if (!isNotFound(err)) throw err;
  }
}

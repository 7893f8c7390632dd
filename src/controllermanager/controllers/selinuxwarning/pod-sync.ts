// One pod's turn in the selinux-warning controller: a pod gone or finished (its volumes unmounted)
// leaves the cache; a live pod records, for each volume its containers mount, the label and
// change policy it uses, and every conflict this causes becomes a Normal event on each pod
// involved that still exists. A volume mounted with two labels inside one pod is a Warning
// (MultipleSELinuxLabels). Volumes whose claim is not bound yet fail the sync, so it is retried.
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import type { EventRecorder } from '../../../client/record/index.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import { effectiveChangePolicy, mountedVolumeOptions, mountLabel } from './selinux-labels.ts';
import { conflictMessage, type Conflict, type VolumeLabelCache } from './volume-label-cache.ts';
import { volumeIdentity, type VolumeLookups } from './volume-identity.ts';

const log = klog('controllermanager/selinuxwarning');

/** The action the events carry: the controller checks the volumes a pod mounts. */
export const EVENT_ACTION = 'SyncVolume';

export interface PodSyncDeps extends VolumeLookups {
  pod(key: string): Pod | undefined;
  cache: VolumeLabelCache;
  recorder: EventRecorder;
}

const isFinished = (pod: Pod) => pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed';

export function syncPodKey(key: string, deps: PodSyncDeps): void {
  const pod = deps.pod(key);
  if (!pod || isFinished(pod)) {
    log.info('Deleting pod', { key }, 4);
    deps.cache.deletePod(key);
    return;
  }
  syncPod(key, pod, deps);
}

function syncPod(key: string, pod: Pod, deps: PodSyncDeps): void {
  const errors: string[] = [];
  const volumes = new Map((pod.spec?.volumes ?? []).map((v) => [v.name, v]));
  for (const [name, options] of mountedVolumeOptions(pod)) {
    const podVolume = volumes.get(name);
    if (!podVolume) continue;
    const identity = volumeIdentity(pod, podVolume, deps);
    if (identity.kind === 'error') {
      errors.push(identity.message);
      continue;
    }
    const label = mountLabel(options, pod, identity.kind === 'volume' && identity.supportsContextMount);
    if (label.kind === 'multiple') {
      deps.recorder.eventf(pod, undefined, 'Warning', 'MultipleSELinuxLabels', EVENT_ACTION, `Volume "${name}" is mounted twice with different SELinux labels inside this pod`);
      errors.push(`multiple SELinux labels found: ${label.labels.join(',')}`);
      continue;
    }
    if (identity.kind === 'unknown') {
      log.info('Skipping volume of unknown plugin', { pod: key, volume: name }, 4);
      continue;
    }
    const changePolicy = effectiveChangePolicy(pod, label.label, identity.supportsContextMount);
    log.info('Syncing pod volume', { pod: key, volume: name, label: label.label, uniqueVolumeName: identity.uniqueName, changePolicy, csiDriver: identity.csiDriver }, 4);
    reportConflicts(deps.cache.addVolume(identity.uniqueName, key, { label: label.label, changePolicy }, identity.csiDriver), deps);
  }
  if (errors.length) throw new Error(errors.length === 1 ? errors[0] : `[${errors.join(', ')}]`);
}

function reportConflicts(conflicts: readonly Conflict[], deps: PodSyncDeps): void {
  for (const conflict of conflicts) {
    const pod = deps.pod(conflict.pod);
    // A conflict with a pod that is gone is resolved; Kubernetes stops reporting this batch there.
    if (!pod) return;
    deps.recorder.eventf(pod, undefined, 'Normal', conflict.reason, EVENT_ACTION, conflictMessage(conflict));
  }
}

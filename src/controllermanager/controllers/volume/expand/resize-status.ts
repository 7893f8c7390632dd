// How a claim records a controller-side resize, as Kubernetes 1.35 records it (with recovery from
// failed expansion always on): while the controller works, status.allocatedResources holds the
// size being made, allocatedResourceStatuses.storage is ControllerResizeInProgress and a Resizing
// condition is True; once done without a node-side step, status.capacity is the new size, the
// storage entry of allocatedResourceStatuses is gone and so are the resize conditions. Which size
// to make follows Kubernetes: the request, or the size already allocated when a resize was left
// unfinished.
import type { PersistentVolume, PersistentVolumeClaim, PersistentVolumeClaimCondition } from '../../../../api/core/v1/volume-types.ts';
import { storageBytes } from '../persistentvolume/volume-helpers.ts';

const RESIZE_CONDITIONS = new Set(['Resizing', 'FileSystemResizePending', 'ControllerResizeError', 'NodeResizeError']);

/** Kubernetes' MergeResizeConditionOnPVC without keeping old resize conditions. */
export function mergeResizeConditions(claim: PersistentVolumeClaim, next: PersistentVolumeClaimCondition[]): PersistentVolumeClaimCondition[] | undefined {
  const wanted = new Map(next.map((c) => [c.type, c]));
  const out: PersistentVolumeClaimCondition[] = [];
  for (const condition of claim.status?.conditions ?? []) {
    if (!RESIZE_CONDITIONS.has(condition.type)) {
      out.push(condition);
      continue;
    }
    const replacement = wanted.get(condition.type);
    if (!replacement) continue;
    out.push(replacement.status !== condition.status ? replacement : condition);
    wanted.delete(condition.type);
  }
  out.push(...wanted.values());
  return out.length ? out : undefined;
}

/** The size to expand the volume to, or undefined when there is nothing for the controller to do. */
export function sizeToExpand(claim: PersistentVolumeClaim, volume: PersistentVolume): string | undefined {
  const requested = claim.spec?.resources?.requests?.storage ?? '0';
  const allocated = claim.status?.allocatedResources?.storage;
  const status = claim.status?.allocatedResourceStatuses?.storage ?? '';
  if (storageBytes(volume.spec?.capacity?.storage) < storageBytes(requested)) {
    const resuming = ['ControllerResizeInProgress', 'NodeResizePending', 'NodeResizeInProgress', 'NodeResizeFailed'].includes(status);
    return resuming && allocated ? allocated : requested;
  }
  // The volume is big enough already: a node-side step pending needs nothing from us.
  if (status === 'NodeResizeInProgress' || status === 'NodeResizePending' || status === 'NodeResizeFailed') return undefined;
  if (status === 'ControllerResizeInProgress' || status === 'ControllerResizeFailed') return allocated ?? requested;
  return status === '' && allocated ? allocated : requested;
}

export function controllerResizeInProgress(claim: PersistentVolumeClaim, size: string, now: string): PersistentVolumeClaim {
  const status = { ...claim.status };
  status.conditions = mergeResizeConditions(claim, [{ type: 'Resizing', status: 'True', lastProbeTime: null, lastTransitionTime: now }]);
  status.allocatedResourceStatuses = { ...status.allocatedResourceStatuses, storage: 'ControllerResizeInProgress' };
  status.allocatedResources = { ...status.allocatedResources, storage: size };
  return { ...claim, status };
}

export function resizeFinished(claim: PersistentVolumeClaim, size: string): PersistentVolumeClaim {
  const status = { ...claim.status, capacity: { ...claim.status?.capacity, storage: size } };
  const statuses = { ...status.allocatedResourceStatuses };
  delete statuses.storage;
  if (Object.keys(statuses).length) status.allocatedResourceStatuses = statuses;
  else delete status.allocatedResourceStatuses;
  const conditions = mergeResizeConditions(claim, []);
  if (conditions) status.conditions = conditions;
  else delete status.conditions;
  return { ...claim, status };
}

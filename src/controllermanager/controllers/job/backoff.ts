// The back-off before a failed job pod is replaced, as Kubernetes' job controller keeps it: per job,
// the failures since the last success and when the last of them happened (pods finished after the
// last success count), in memory; the wait is the base doubled for each failure after the first,
// capped, less the time already passed. With backoffLimitPerIndex the count is the index's own,
// read from its last failed pod's annotations. A pod's finish time is its containers' last exit,
// else when it stopped being ready, else its deletion less the grace period, else its creation.
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import { indexAbsoluteFailureCount } from './index-failures.ts';

export interface BackoffRecord {
  key: string;
  failuresAfterLastSuccess: number;
  /** Milliseconds since the epoch. */
  lastFailureTime?: number;
}

const parse = (t: string | null | undefined) => (t ? Date.parse(t) : NaN);

function finishTimeFromContainers(pod: Pod): number | undefined {
  let latest: number | undefined;
  for (const status of pod.status?.containerStatuses ?? []) {
    const finishedAt = parse(status.state?.terminated?.finishedAt);
    if (Number.isNaN(finishedAt)) return undefined;
    if (latest === undefined || latest < finishedAt) latest = finishedAt;
  }
  return latest;
}

/** getFinishedTime. */
export function podFinishedTime(pod: Pod): number {
  const fromContainers = finishTimeFromContainers(pod);
  if (fromContainers !== undefined) return fromContainers;
  const ready = pod.status?.conditions?.find((c) => c.type === 'Ready');
  if (ready?.status === 'False' && !Number.isNaN(parse(ready.lastTransitionTime))) return parse(ready.lastTransitionTime);
  if (pod.metadata.deletionTimestamp) return parse(pod.metadata.deletionTimestamp) - (pod.metadata.deletionGracePeriodSeconds ?? 0) * 1000;
  return parse(pod.metadata.creationTimestamp);
}

const byFinishedTime = (a: Pod, b: Pod) => podFinishedTime(a) - podFinishedTime(b);

export class BackoffStore {
  private readonly records = new Map<string, BackoffRecord>();

  /** The record after the pods newly seen finished, not yet stored. */
  newRecord(key: string, newSucceeded: readonly Pod[], newFailed: readonly Pod[]): BackoffRecord {
    const old = this.records.get(key);
    const record: BackoffRecord = { key, failuresAfterLastSuccess: old?.failuresAfterLastSuccess ?? 0, lastFailureTime: old?.lastFailureTime };
    const succeeded = [...newSucceeded].sort(byFinishedTime);
    const failed = [...newFailed].sort(byFinishedTime);
    if (succeeded.length === 0) {
      if (failed.length === 0) return record;
      record.failuresAfterLastSuccess += failed.length;
      record.lastFailureTime = podFinishedTime(failed[failed.length - 1]!);
      return record;
    }
    record.failuresAfterLastSuccess = 0;
    record.lastFailureTime = undefined;
    const lastSuccess = podFinishedTime(succeeded[succeeded.length - 1]!);
    for (let i = failed.length - 1; i >= 0; i--) {
      const failedAt = podFinishedTime(failed[i]!);
      if (!(failedAt > lastSuccess)) break;
      record.lastFailureTime ??= failedAt;
      record.failuresAfterLastSuccess++;
    }
    return record;
  }

  update(record: BackoffRecord): void {
    this.records.set(record.key, { ...record });
  }

  remove(key: string): void {
    this.records.delete(key);
  }
}

/** The wait left for `failures` failures, the last at `lastFailureTime`. */
export function remainingBackoff(now: number, baseMs: number, maxMs: number, failures: number, lastFailureTime: number | undefined): number {
  if (failures === 0 || lastFailureTime === undefined) return 0;
  let backoff = baseMs;
  for (let i = 1; i < failures; i++) {
    backoff *= 2;
    if (backoff >= maxMs) {
      backoff = maxMs;
      break;
    }
  }
  const elapsed = now - lastFailureTime;
  return backoff < elapsed ? 0 : backoff - elapsed;
}

/** The wait left before an index whose last failed pod is `lastFailed` gets a new pod. */
export function remainingBackoffForIndex(now: number, baseMs: number, maxMs: number, lastFailed: Pod | undefined): number {
  if (!lastFailed) return 0;
  return remainingBackoff(now, baseMs, maxMs, indexAbsoluteFailureCount(lastFailed) + 1, podFinishedTime(lastFailed));
}

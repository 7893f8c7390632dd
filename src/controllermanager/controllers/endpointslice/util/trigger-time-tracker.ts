// The last-change-trigger-time of a service's endpoints, as Kubernetes' TriggerTimeTracker works it
// out: for a service seen for the first time, its creation time; afterwards, the earliest of the
// pods' Ready transitions (and the service's creation) that moved since the previous sync, or
// none when nothing moved. The state is kept per service, so each sync must pass through here
// even when it writes nothing.
import type { Pod } from '../../../../api/core/v1/pod-types.ts';
import type { Service } from '../../../../api/core/v1/service-types.ts';
import { readyConditionTime } from './pod-endpoints.ts';

interface ServiceState {
  lastPodTriggerTimes: Map<string, number>;
  lastServiceTriggerTime: number;
}

const parse = (t: string | undefined | null): number => (t ? Date.parse(t) || 0 : 0);

export class TriggerTimeTracker {
  private readonly states = new Map<string, ServiceState>();

  /** The trigger time in ms since the epoch, or undefined when there is none to report. */
  compute(namespace: string, svc: Service, pods: readonly Pod[]): number | undefined {
    const key = `${namespace}/${svc.metadata.name ?? ''}`;
    const state = this.states.get(key);
    let earliest: number | undefined;
    const podTimes = new Map<string, number>();
    for (const pod of pods) {
      const t = parse(readyConditionTime(pod));
      if (!t) continue;
      podTimes.set(pod.metadata.name ?? '', t);
      if (t > (state?.lastPodTriggerTimes.get(pod.metadata.name ?? '') ?? 0)) earliest = earliest === undefined ? t : Math.min(earliest, t);
    }
    const serviceTime = parse(svc.metadata.creationTimestamp);
    if (serviceTime > (state?.lastServiceTriggerTime ?? 0)) earliest = earliest === undefined ? serviceTime : Math.min(earliest, serviceTime);
    this.states.set(key, { lastPodTriggerTimes: podTimes, lastServiceTriggerTime: serviceTime });
    if (!state) return serviceTime || undefined;
    return earliest || undefined;
  }

  deleteService(namespace: string, name: string): void {
    this.states.delete(`${namespace}/${name}`);
  }
}

/** Go's time.RFC3339Nano in UTC: the fraction without trailing zeros, none when whole. */
export function formatTriggerTime(ms: number): string {
  const iso = new Date(ms).toISOString();
  return iso.replace(/\.(\d+)Z$/, (_m, frac: string) => {
    const trimmed = frac.replace(/0+$/, '');
    return trimmed ? `.${trimmed}Z` : 'Z';
  });
}

/** Sets the annotation to the trigger time, or removes it when there is none. */
export function setTriggerTimeAnnotation(annotations: Record<string, string>, key: string, ms: number | undefined): void {
  if (ms !== undefined) annotations[key] = formatTriggerTime(ms);
  else delete annotations[key];
}
